// oclc-flags: -cl-std=CL2.0
// A function returning a pointer is a definition; a stray `;` at file
// scope is a warning with a fix, as in clang.
int *next(int *p) { return p + 1; }
global int *pick(global int *a, global int *b, int first) { return first ? a : b; };
//                                                                                 ^ warning[W0201]: extra `;` outside a function
;
//~^ warning[W0201]: extra `;` outside a function
kernel void k(global int *g) {
    int a[2] = { 1, 2 };
    g[0] = *next(a);
    *pick(g, g + 1, g[2]) = 5;
}
