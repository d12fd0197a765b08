// oclc-flags: -cl-std=CL2.0
// `#line N` and `#line N "file"` renumber the following lines for
// `__LINE__` (and `__FILE__`); diagnostics keep pointing at the real
// location in the file.
#line 100
#if __LINE__ != 100
#error "#line did not renumber"
#endif
#define LINE_NUMBER 200
#line LINE_NUMBER "renamed.cl"
#if __LINE__ != 200
#error "#line with a macro"
#endif
kernel void k(global int *p) {
    p[0] = __LINE__;
    p[1] = undeclared;
//         ^^^^^^^^^^ error[E0301]: use of undeclared identifier `undeclared`
}
