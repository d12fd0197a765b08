// Filter kernels that keep their coefficients in program-scope vector
// tables, written every way real code writes them: vector literals,
// braced lists, splats, arrays of vectors, structs holding vectors, and
// private vectors initialized with braces.

#define TAPS 5

__constant float4 luma_weights = (float4)(0.299f, 0.587f, 0.114f, 0.0f);
__constant float4 gauss5[TAPS] = {
    (float4)(0.0625f), (float4)(0.25f), (float4)(0.375f), (float4)(0.25f), (float4)(0.0625f),
};
__constant int2 offsets[4] = { {-1, 0}, {1, 0}, {0, -1}, {0, 1} };
__constant float2 scale_bias = { 0.5f, -0.25f };

typedef struct {
    float4 tint;
    int2 step;
    float gain;
} Params;

__constant Params presets[2] = {
    { (float4)(1.0f, 0.9f, 0.8f, 1.0f), (int2)(1, 2), 1.5f },
    { { 0.5f, 0.5f, 1.0f, 1.0f }, { 3, 1 }, 0.75f },
};

float4 load_clamped(__global const float4 *row, int x, int width)
{
    return row[clamp(x, 0, width - 1)];
}

__kernel void blur_row(__global float4 *out, __global const float *in)
{
    int x = get_global_id(0);
    int width = get_global_size(0);
    __global const float4 *pixels = (__global const float4 *)in;
    float4 sum = { 0.0f, 0.0f, 0.0f, 0.0f };
    for (int t = 0; t < TAPS; t++) {
        float4 p = load_clamped(pixels, x + t - TAPS / 2, width);
        p = select(p, (float4)(0.0f), isnan(p) || isinf(p));
        sum += gauss5[t] * fmin(fabs(p), (float4)(100.0f));
    }
    out[x] = sum;
    float4 weights = { luma_weights.xyz, 1.0f };
    out[x + width] = (float4)(dot(sum, weights), scale_bias, 0.0f);
}

__kernel void tint(__global float4 *out, __global const float *in)
{
    int x = get_global_id(0);
    Params p = presets[x & 1];
    float4 c = fmin(fabs(vload4(x, in)), 10.0f);
    float4 shifted = { c.w, c.xyz };
    int2 at = { x, x + 1 };
    at += p.step * offsets[x & 3];
    out[x] = p.tint * shifted * p.gain + (float4)((float)at.x, (float)at.y, scale_bias);
}
