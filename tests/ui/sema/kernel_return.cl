// oclc-flags: -cl-std=CL2.0
// E0307: a kernel must return `void`; near miss: a helper may return int.
int helper(void) { return 1; }
kernel int k(global int *p) {
//     ^^^ error[E0307]: kernel function `k` must return `void`, not `int`
    p[0] = helper();
    return 0;
}
