// oclc-flags: -cl-std=CL2.0
// `overloadable` functions are chosen as clang chooses them: the candidate
// better than every other for some argument and worse for none. A scalar
// splatted into a vector is worse than any scalar conversion; a pointer
// gaining fewer qualifiers is better; `T *` converts to `void *`.
#define OVL __attribute__((overloadable))
OVL int h(float4 a, float4 b) { return 1; }
OVL int h(float4 a, float b) { return 2; }
OVL int q(float4 x) { return 1; }
OVL int q(int x) { return 2; }
OVL int p(const global int *x) { return 1; }
OVL int p(global int *x) { return 2; }
OVL int v(const global int *x) { return 1; }
OVL int v(const volatile global int *x) { return 2; }
OVL int g(global void *x) { return 3; }
OVL int g(int x) { return 4; }
OVL int c(short a, int b) { return 5; }
OVL int c(int a, float b) { return 6; }

kernel void k(global int *out, global const float4 *in)
{
    float4 x = in[0];
    out[0] = h(x, 1) + h(x, 2.0) + q(1.5f) + p(out) + p((const global int *)out)
        + v(out) + g(out);
    out[1] = c((short)1, 2.0f);
//           ^^^^^^^^^^^^^^^^^ error[E0311]: call to `c(short, float)` is ambiguous
}
