// oclc-flags: -cl-std=CL2.0
// E0308: direct and indirect recursion; near miss: calls without a cycle.
int even(int n);
int odd(int n) { return n == 0 ? 0 : even(n - 1); }
//                                   ^^^^ error[E0308]: recursive call to `even` is not allowed in OpenCL C
int even(int n) { return n == 0 ? 1 : odd(n - 1); }
//                                    ^^^ error[E0308]: recursive call to `odd` is not allowed in OpenCL C
int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
//                                        ^^^^ error[E0308]: recursive call to `fact` is not allowed in OpenCL C
int leaf(int n) { return n + 1; }
int caller(int n) { return leaf(n) + leaf(n + 1); }
kernel void k(global int *p) { p[0] = even(4) + fact(3) + caller(1); }
