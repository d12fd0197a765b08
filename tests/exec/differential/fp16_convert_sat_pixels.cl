// oclc-flags: -cl-std=CL2.0
// Image format conversion from an fp16 render target: half4 pixels to
// RGBA8/RGB10/int16 with convert_*_sat and each rounding mode, float ->
// half with convert_half*_rt*, half -> integer without saturation on clamped
// values, and ushort/short -> half conversions, on half data that include
// NaN, infinities, zeros and subnormals.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

kernel void half4_to_rgba8(global uchar4 *out, global const half4 *in)
{
    int gid = get_global_id(0);
    global const half4 *s = in + gid * 32;
    global uchar4 *d = out + gid * 64;
    for (int k = 0; k < 16; ++k) {
        half4 p = s[k];
        half4 scaled = p * (half)255.0f;
        d[4 * k + 0] = convert_uchar4_sat(scaled);
        d[4 * k + 1] = convert_uchar4_sat_rte(scaled);
        d[4 * k + 2] = convert_uchar4_sat_rtp(p * 16.0h) ^ convert_uchar4_sat_rtn(p * 16.0h);
        d[4 * k + 3] = as_uchar4(convert_char4_sat_rtz(s[16 + k]) ^ convert_char4_sat_rte(s[16 + k] * -3.0h));
    }
}

kernel void half_to_wide_ints(global int *out, global const half *in)
{
    int gid = get_global_id(0);
    global const half *s = in + gid * 128;
    global int *d = out + gid * 64;
    for (int k = 0; k < 16; ++k) {
        half v = s[k];
        half c = isnan(v) ? 0.0h : clamp(v, -30000.0h, 30000.0h);
        d[4 * k + 0] = convert_int_sat(v) ^ (int)((uint)convert_int_sat_rtp(v) << 1);
        d[4 * k + 1] = convert_short_sat_rtn(v) ^ (int)((uint)convert_ushort_sat_rte(v) << 16);
        d[4 * k + 2] = (int)c ^ convert_int_rtn(c) ^ (int)((uint)convert_int_rtp(c * 0.5h) << 3);
        long lv = convert_long_sat_rtz(v) + (long)convert_ulong_sat_rtp(v);
        d[4 * k + 3] = (int)lv ^ (int)(lv >> 32) ^ (int)convert_uint_sat_rtn(isnan(v) ? 0.0h : v);
    }
}

kernel void float_to_half_modes(global half *out, global const float *in)
{
    int gid = get_global_id(0);
    global const float *s = in + gid * 64;
    global half *d = out + gid * 128;
    for (int k = 0; k < 16; ++k) {
        float v = s[k];
        float t = s[16 + k] * 0x1.0p-19f;
        float4 q = vload4(k & 7, s + 32) * 2048.0f;
        d[8 * k + 0] = convert_half(v);
        d[8 * k + 1] = convert_half_rtz(v);
        d[8 * k + 2] = convert_half_rtp(t);
        d[8 * k + 3] = convert_half_rtn(t);
        d[8 * k + 4] = convert_half_rte(v * 3.0f);
        half4 h = convert_half4_rtz(q) + convert_half4_rtp(q) - convert_half4_rtn(q);
        d[8 * k + 5] = h.x + h.w;
        d[8 * k + 6] = (half)t;
        d[8 * k + 7] = (half)(v * 0.001f);
    }
}

kernel void ints_to_half(global half *out, global const int *in)
{
    int gid = get_global_id(0);
    global const int *s = in + gid * 64;
    global half *d = out + gid * 128;
    for (int k = 0; k < 32; ++k) {
        int v = s[k];
        uint u = (uint)s[32 + k];
        d[4 * k + 0] = convert_half(v);
        d[4 * k + 1] = convert_half_rtz(u) + convert_half((short)v);
        d[4 * k + 2] = convert_half_rtp((ushort)u) - convert_half_rtn((char)v);
        d[4 * k + 3] = (half)(long)v * 0.5h + (half)(ulong)u;
    }
}
