// oclc-flags: -cl-std=CL1.2
// The "common" built-ins as shader-style code uses them (sign, step,
// smoothstep, clamp, mix, degrees/radians, max/min with scalar bounds),
// applied to the raw special inputs -- NaN, ±inf, ±0, denormals -- and
// stored raw, so each built-in's NaN and signed-zero behaviour is
// compared, in scalar and vector forms.

__kernel void common_raw(__global uint *out, __global const float *in)
{
    const int gid = get_global_id(0);
    const int b = gid * 64;
    for (int i = 0; i < 4; i++) {
        float x = in[b + i], y = in[b + 4 + i];
        out[b + i * 12 + 0] = as_uint(sign(x));
        out[b + i * 12 + 1] = as_uint(step(y, x));
        out[b + i * 12 + 2] = as_uint(smoothstep(-1.0f, 2.0f, x));
        out[b + i * 12 + 3] = as_uint(clamp(x, -3.0f, 3.0f));
        out[b + i * 12 + 4] = as_uint(mix(x, y, 0.25f));
        out[b + i * 12 + 5] = as_uint(degrees(x)) ^ as_uint(radians(y));
        out[b + i * 12 + 6] = as_uint(max(x, 0.5f)) + as_uint(min(y, -0.5f));
        out[b + i * 12 + 7] = as_uint(fabs(x)) ^ as_uint(-y);
        out[b + i * 12 + 8] = as_uint(smoothstep(x, y, 0.5f));
        out[b + i * 12 + 9] = as_uint(step(0.0f, x)) + as_uint(sign(-y));
        out[b + i * 12 + 10] = as_uint(clamp(0.5f, x, x + 1.0f));
        out[b + i * 12 + 11] = as_uint(mix(1.0f, 2.0f, x));
    }
}

__kernel void common_raw_vec(__global uint4 *out, __global const float4 *in)
{
    const int gid = get_global_id(0);
    float4 x = in[gid], y = in[gid + 64];
    out[gid * 8 + 0] = as_uint4(sign(x));
    out[gid * 8 + 1] = as_uint4(step(0.25f, x));
    out[gid * 8 + 2] = as_uint4(smoothstep(0.0f, 1.0f, y));
    out[gid * 8 + 3] = as_uint4(clamp(x, -1.0f, 1.0f));
    out[gid * 8 + 4] = as_uint4(mix(x, y, (float4)(0.0f, 1.0f, 0.5f, -1.0f)));
    out[gid * 8 + 5] = as_uint4(max(x, y)) ^ as_uint4(min(y, x));
    out[gid * 8 + 6] = as_uint4(clamp(y, x, x + 2.0f));
    out[gid * 8 + 7] = as_uint4(degrees(y));
}
