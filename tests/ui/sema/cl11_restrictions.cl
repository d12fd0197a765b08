// oclc-flags: -cl-std=CL1.1
// OpenCL C 1.1 has no `static` or `extern` functions and variables, no
// `popcount` and no `printf` (all from 1.2), as clang reports them.
static int twice(int x) { return 2 * x; }
//~^ error[E0315]: OpenCL C 1.1 does not support the `static` storage class specifier
extern int thrice(int x);
//~^ error[E0315]: OpenCL C 1.1 does not support the `extern` storage class specifier
int thrice(int x) { return 3 * x; }

kernel void k(global int *out)
{
    out[0] = twice(1) + thrice(2) + popcount(out[1]);
//                                  ^^^^^^^^ error[E0417]: `popcount` requires OpenCL C 1.2 or later
    printf("%d\n", out[0]);
//  ^^^^^^ error[E0417]: `printf` requires OpenCL C 1.2 or later
}
