// oclc-flags: -cl-std=CL2.0
// A struct passed by value to a helper that loops over a private array
// and calls another helper: Intel's CPU runtime crashed in instruction
// selection while the struct was copied by a whole-struct load and store;
// oclc copies it with OpCopyMemorySized, as clang's memcpy.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
typedef struct { double S, K; int type; } P;
double payoff(int t, double S, double K) {
        return (t == 3 && S < K) ? 1.0 : (t == 1 ? S - K : 0.0);
}
double tree(P p, int n) {
    double v[9];
    for (int i = 0; i <= n; ++i) v[i] = payoff(p.type, p.S * pown(1.1, n - 2 * i), p.K);
    return v[0] + v[n] * 2.0 + p.S * 0.01 + p.type;
}
kernel void k(global float *out, global const uint *in)
{
    size_t g = get_global_id(0);
    P p = { 100.0, 95.0, in[g] & 3 };
    out[g] = (float)tree(p, 8);
}
