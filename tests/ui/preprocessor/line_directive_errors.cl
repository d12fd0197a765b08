// oclc-flags: -cl-std=CL2.0
// Malformed `#line` directives.
#line
//~^ error[E0114]: `#line` requires a positive decimal line number
#line x
//~^ error[E0114]: `#line` requires a positive decimal line number
#line 0
#line 5 notastring
//      ^^^^^^^^^^ error[E0114]: invalid file name in `#line` directive
#line 5 "file.cl" extra
//                ^^^^^ warning[W0104]: extra tokens at end of `#line` directive
kernel void k(global int *p) { p[0] = 1; }
