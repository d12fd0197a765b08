// oclc-flags: -cl-std=CL2.0
// E0312: a function that is declared but never defined; near miss: a
// prototype whose definition comes later.
int only_declared(int v);
int defined_later(int v);
kernel void k(global int *p) {
    p[0] = only_declared(1) + defined_later(2);
//         ^^^^^^^^^^^^^ error[E0312]: function `only_declared` is called but never defined
}
int defined_later(int v) { return v; }
