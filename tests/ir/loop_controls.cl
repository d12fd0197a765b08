// oclc-flags: -cl-std=CL2.0
// Loop pragmas and `opencl_unroll_hint` are kept on the IR's loops.
kernel void k(global int *restrict p, int n) {
#pragma unroll
    for (int i = 0; i < 4; i++) p[i] = i;
#pragma unroll 2
    while (n > 0) n--;
#pragma nounroll
    do { n++; } while (n < 3);
    __attribute__((opencl_unroll_hint(8)))
    for (;;) break;
}
