// oclc-flags: -cl-std=CL2.0
// Wide and odd-width half vectors as a point-cloud and audio pipeline use
// them: half3 positions loaded with vload3/vload_half3 and stored with
// vstore_half3/vstorea_half3 in all rounding modes, half8/half16 math
// (exp, sqrt, fma, mad, rsqrt, fmax), horizontal reductions by swizzle,
// relational results as short masks, and half16 <-> float16 conversions.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

kernel void points_half3(global half *out, global const half *in)
{
    int gid = get_global_id(0);
    global const half *s = in + gid * 128;
    global half *d = out + gid * 128;
    for (int k = 0; k < 10; ++k) {
        half3 p = vload3(k, s);
        half3 q = vload3(k, s + 32);
        p = select((half3)(0.5h), clamp(p, -8.0h, 8.0h), isfinite(p));
        q = select((half3)(-0.5h), clamp(q, -8.0h, 8.0h), isfinite(q));
        half3 n = cross(p, q);
        half l = length(n) + dot(p, q);
        float3 f = vload_half3(k, s + 64) * 1.001f;
        float3 g = vloada_half3(k, s + 64);
        vstore3(n + (half3)(l), k, d);
        vstore_half3_rtp(f, k, d + 32);
        vstore_half3_rtn(g * 3.3f, k, d + 64);
        if (k < 8)
            vstorea_half3_rte(f - g, k, d + 96);
    }
}

kernel void half8_math(global half8 *out, global const half8 *in)
{
    int gid = get_global_id(0);
    global const half8 *s = in + gid * 16;
    global half8 *d = out + gid * 16;
    for (int k = 0; k < 4; ++k) {
        half8 x = s[k], y = s[4 + k], z = s[8 + k];
        half8 t = select((half8)(0.25h), clamp(x, -6.0h, 6.0h), isfinite(x));
        half8 u = select((half8)(2.0h), clamp(fabs(y), 0.01h, 100.0h), isfinite(y));
        d[4 * k + 0] = exp(t) - sqrt(u) * rsqrt(u + 1.0h);
        d[4 * k + 1] = fma(t, u, z) + mad(t, t, (half8)(1.0h));
        half8 w = select((half8)(-1.0h), clamp(z, -50.0h, 50.0h), isfinite(z));
        d[4 * k + 2] = fmax(t, u) - fmin(u, w) + fabs(t) * copysign((half8)(1.0h), w);
        short8 m = isgreater(x, y) | islessequal(y, z);
        d[4 * k + 3] = as_half8(m & as_short8(t)) + convert_half8(m);
    }
}

kernel void half16_reduce(global float *out, global const half16 *in)
{
    int gid = get_global_id(0);
    global const half16 *s = in + gid * 8;
    global float *d = out + gid * 64;
    for (int k = 0; k < 8; ++k) {
        half16 v = s[k];
        v = select((half16)(1.0h), clamp(v, -100.0h, 100.0h), isfinite(v));
        half8 a = v.lo + v.hi;
        half4 b = a.even * a.odd;
        half2 c = b.s01 - b.s23;
        float16 f = convert_float16(v);
        float fs = dot(f.s0123, f.s4567) + dot(f.s89ab, f.scdef);
        d[8 * k + 0] = c.x + c.y;
        d[8 * k + 1] = fs;
        d[8 * k + 2] = vload_half(0, (const half *)&b) + b.w;
        half16 sh = shuffle(v, (ushort16)(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0));
        half16 r = v * sh - v;
        d[8 * k + 3] = r.s0 + r.s7 + r.sf;
        ushort16 bits = as_ushort16(convert_half16_rtz(f * 1.0001f));
        d[8 * k + 4] = (float)(bits.s0 ^ bits.s5 ^ bits.sa ^ bits.sf);
        d[8 * k + 5] = any(v > (half16)(50.0h)) + 2 * all(v < (half16)(101.0h));
        d[8 * k + 6] = convert_float(fmax(v.s3, v.s9));
        d[8 * k + 7] = (float)(half)fs;
    }
}
