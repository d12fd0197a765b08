// oclc-flags: -cl-std=CL2.0
// E0301: names with no declaration in scope; near misses: a later global,
// a name from an enclosing block, a built-in.
kernel void k(global int *p) {
    p[0] = missing;
//         ^^^^^^^ error[E0301]: use of undeclared identifier `missing`
    {
        int inner = 1;
        p[1] = inner;
    }
    p[2] = inner;
//         ^^^^^ error[E0301]: use of undeclared identifier `inner`
    p[3] = get_global_id(0) + undefined_function(1);
//                            ^^^^^^^^^^^^^^^^^^ error[E0301]: call to undeclared function `undefined_function`
}
