// oclc-flags: -cl-std=CL2.0
// Lookup-table generation in fp16, as a shader precompute pass would do it:
// exp/log/pow/sqrt/rsqrt/sin/cos/fmod/atan2 on half scalars and vectors,
// native_* fast paths, half_* float builtins fed from half data, and
// ldexp/frexp/modf decompositions, on the raw input including NaN/inf.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

kernel void transcendental_half(global half *out, global const half *in)
{
    int gid = get_global_id(0);
    global const half *src = in + gid * 128;
    global half *dst = out + gid * 128;
    for (int k = 0; k < 16; ++k) {
        half x = src[k];
        half y = src[16 + k];
        dst[8 * k + 0] = exp(x);
        dst[8 * k + 1] = log(fabs(x));
        dst[8 * k + 2] = sqrt(x);
        dst[8 * k + 3] = rsqrt(x);
        dst[8 * k + 4] = sin(x) + cos(y);
        dst[8 * k + 5] = pow(fabs(x), y);
        dst[8 * k + 6] = fmod(x, y);
        dst[8 * k + 7] = atan2(y, x);
    }
}

kernel void transcendental_half4(global half4 *out, global const half4 *in)
{
    int gid = get_global_id(0);
    global const half4 *src = in + gid * 32;
    global half4 *dst = out + gid * 32;
    for (int k = 0; k < 8; ++k) {
        half4 x = src[k], y = src[8 + k];
        dst[4 * k + 0] = exp2(x) - log2(fabs(y));
        dst[4 * k + 1] = hypot(x, y);
        dst[4 * k + 2] = fmod(x, y) + remainder(x, y);
        dst[4 * k + 3] = copysign(sqrt(fabs(x)), y) * rsqrt(fabs(y) + 1.0h);
    }
}

kernel void native_and_half_variants(global float *out, global const half *in)
{
    int gid = get_global_id(0);
    global const half *src = in + gid * 128;
    global float *dst = out + gid * 64;
    for (int k = 0; k < 16; ++k) {
        half x = src[k];
        x = isfinite(x) ? clamp(x, 0.0625h, 8.0h) : 1.0h;
        float f = x;
        dst[4 * k + 0] = native_sqrt(x);
        dst[4 * k + 1] = half_sqrt(f) - (float)sqrt(x);
        dst[4 * k + 2] = native_recip(x) * x;
        dst[4 * k + 3] = half_exp(f * 0.5f) + (float)native_exp(x * 0.5h);
    }
}

kernel void decompose_half(global int *out, global const half *in)
{
    int gid = get_global_id(0);
    global const half *src = in + gid * 128;
    global int *dst = out + gid * 64;
    for (int k = 0; k < 16; ++k) {
        half x = src[k];
        int e;
        half m = frexp(x, &e);
        half ip;
        half fr = modf(x, &ip);
        dst[4 * k + 0] = as_ushort(m) | (int)((uint)e << 16);
        dst[4 * k + 1] = as_ushort(fr) | ((int)as_ushort(ip) << 16);
        dst[4 * k + 2] = as_ushort(ldexp(x, k - 8)) | (int)((uint)ilogb(x) << 16);
        dst[4 * k + 3] = as_ushort(fract(x, &ip)) ^ ((int)as_ushort(ip) << 16)
                       ^ as_ushort(trunc(x)) ^ ((int)as_ushort(round(x)) << 3);
    }
}
