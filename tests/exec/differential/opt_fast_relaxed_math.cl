// oclc-flags: -cl-std=CL1.2 -cl-fast-relaxed-math
// Kernels built with -cl-fast-relaxed-math, as most game and vision code
// ships: simple per-element arithmetic
// that leaves no room for reassociation (one operation per statement on
// finite, normal data), and the finite-math assumptions applied only to
// data sanitized with integer tests.

__kernel void relaxed(__global float *out, __global const float *in)
{
    const int gid = get_global_id(0);
    const int b = gid * 64;
    out[b] = 1.0f;
    for (int i = 1; i < 16; i++) {
        uint bits = as_uint(in[b + i]);
        uint e = (bits >> 23) & 0xff;
        float x = (e > 64 && e < 190) ? in[b + i] : 1.5f;
        float y = x * 2.0f;
        float z = y - 1.0f;
        out[b + i] = z;
        out[b + 16 + i] = x < 0.0f ? -x : x;
        out[b + 32 + i] = floor(x) + ceil(x);
        out[b + 48 + i] = (float)(x > 1.0f) + (float)(x <= -1.0f) * 2.0f;
    }
}
