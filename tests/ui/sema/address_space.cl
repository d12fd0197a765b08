// oclc-flags: -cl-std=CL2.0
// E0306: address spaces that are not allowed or do not match; near misses:
// global to generic converts implicitly.
int read(generic int *q) { return *q; }
kernel void k(global int *p, local int *l, constant int *c, private int *bad) {
//                                                          ^^^^^^^^^^^^^^^^ error[E0306]: pointer arguments to kernel functions must point to `global`, `constant` or `local` memory, not `private`
    local int *lp = p;
//                  ^ error[E0306]: cannot convert a pointer to the `global` address space to a pointer to the `local` address space
    global int *gp = c;
//                   ^ error[E0306]: cannot convert a pointer to the `constant` address space to a pointer to the `global` address space
    p[0] = read(p) + read(l);
    global int g = 1;
//             ^ error[E0306]: function-scope variable cannot be declared in the `global` address space
}

// `generic` reaches `global`, `local` and `private` but not `constant`; a
// `generic` pointer goes back to a named space only through a cast.
void through_generic(int *q) { *q = 0; }
kernel void generic_pointers(global int *p, constant int *c) {
    through_generic(c);
//                  ^ error[E0306]: cannot convert a pointer to the `constant` address space to a pointer to the `generic` address space
    int *gen = p;
    global int *back = gen;
//                     ^^^ error[E0306]: cannot convert a pointer to the `generic` address space to a pointer to the `global` address space
    global int *cast_back = (global int *)gen;
    through_generic(cast_back);
    back[0] = 1;
}
