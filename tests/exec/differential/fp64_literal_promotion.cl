// oclc-flags: -cl-std=CL1.2
// Unsuffixed floating literals in float code on a device with fp64, as in
// code ported from C: x * 0.1 is computed in double and rounded back,
// mixed float/double expressions with contraction, float compared against
// a double literal, double constants feeding float built-ins, and the same
// computations written with f-suffixed literals for contrast.

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

inline float lerp_d(float a, float b, float t) { return a + (b - a) * t * 1.0; }

__kernel void promotion(__global float *out, __global const float *in)
{
    const int gid = get_global_id(0);
    const int b = gid * 64;
    for (int i = 0; i < 4; i++) {
        float x = in[b + i], y = in[b + 4 + i];
        out[b + i * 12 + 0] = x * 0.1;
        out[b + i * 12 + 1] = x * 0.1f;
        out[b + i * 12 + 2] = x * 0.1 + y;
        out[b + i * 12 + 3] = x / 3.0 - y * 1e-3;
        out[b + i * 12 + 4] = (x > 0.1) + (x > 0.1f) * 2 + (x == 0.1) * 4 + (x < 16777217.0) * 8;
        out[b + i * 12 + 5] = sqrt(x * 2.0);
        out[b + i * 12 + 6] = lerp_d(x, y, 0.3f);
        out[b + i * 12 + 7] = (float)(x * 3.141592653589793) - x * 3.141592653589793f;
        double dx = x;
        out[b + i * 12 + 8] = dx * y + 0.5;
        out[b + i * 12 + 9] = fma((double)x, (double)y, 1.0e-10);
        out[b + i * 12 + 10] = x * 1e-40;
        out[b + i * 12 + 11] = 16777217.0 + x;
    }
}

__kernel void double_accumulate(__global double *out, __global const float *in)
{
    const int gid = get_global_id(0);
    double acc = 0.0;
    float facc = 0.0f;
    for (int i = 0; i < 32; i++) {
        float v = in[gid * 64 + i];
        if (!isfinite(v)) continue;
        acc += v * 0.001;
        facc += v * 0.001f;
        acc = acc * 0.999 + (float)acc * 0.001f;
    }
    out[gid * 4 + 0] = acc;
    out[gid * 4 + 1] = facc;
    out[gid * 4 + 2] = (float)acc - facc;
    out[gid * 4 + 3] = 1.0 / 3 + 1.0f / 3;
}
