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
