// oclc-flags: -cl-std=CL2.0
// E0319: calling something that is not a function.
kernel void k(global int *p) {
    int x = 1;
    p[0] = x(2);
//         ^ error[E0319]: called object `x` is not a function
    p[1] = p(0);
//         ^ error[E0319]: called object `p` is not a function
}
