// oclc-flags: -cl-std=CL2.0
// `opencl_unroll_hint` takes at most one positive integer constant.
kernel void k(global int *p, int n) {
    __attribute__((opencl_unroll_hint(0)))
//                                    ^ error[E0322]: 'opencl_unroll_hint' attribute requires a positive integral compile time constant expression
    for (int i = 0; i < n; i++) p[i] = 0;
    __attribute__((opencl_unroll_hint(1, 2)))
//                 ^^^^^^^^^^^^^^^^^^^^^^^^ error[E0322]: 'opencl_unroll_hint' attribute takes no more than 1 argument
    for (int i = 0; i < n; i++) p[i] = 1;
    __attribute__((opencl_unroll_hint(n)))
//                                    ^ error[E0313]: is not a compile-time constant
    for (int i = 0; i < n; i++) p[i] = 2;
}
