// oclc-flags: -cl-std=CL2.0
// E0319: calling something that is not a function.
kernel void k(global int *p) {
    int x = 1;
    p[0] = x(2);
    p[1] = p(0);
}
