// oclc-flags: -cl-std=CL2.0
// Tensor quantisation and format conversion: narrowing convert_*_sat among
// every integer width (signed and unsigned, scalar and vector), float and
// double -> integer with each rounding mode and saturation (NaN -> 0),
// integer -> float with rounding modes, as a model-compression pass does.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

kernel void narrow_ints(global uchar *out, global const long *in)
{
    int gid = get_global_id(0);
    global const long *s = in + gid * 32;
    global uchar *d = out + gid * 256;
    for (int k = 0; k < 32; ++k) {
        long v = s[k];
        long sm = v >> (k & 31);              /* span all magnitudes */
        int iv = (int)sm;
        short sv = (short)(sm >> 3);
        ulong uv = (ulong)sm;
        uint uiv = (uint)sm;
        d[8 * k + 0] = convert_uchar_sat(sm) ^ as_uchar(convert_char_sat(sm));
        d[8 * k + 1] = (uchar)convert_ushort_sat(iv) ^ (uchar)(convert_short_sat(uv) >> 8);
        d[8 * k + 2] = (uchar)convert_int_sat(uv) ^ (uchar)(convert_uint_sat(sm) >> 24);
        d[8 * k + 3] = convert_uchar_sat(sv) + as_uchar(convert_char_sat(uiv));
        d[8 * k + 4] = (uchar)(convert_long_sat(uv) >> 56) ^ (uchar)(convert_ulong_sat(sm) >> 60);
        d[8 * k + 5] = (uchar)(convert_short_sat(iv) >> 4) ^ (uchar)convert_ushort_sat(sv);
        d[8 * k + 6] = as_uchar(convert_char_sat(uv)) ^ convert_uchar_sat(uiv);
        d[8 * k + 7] = (uchar)(convert_uint_sat(iv) >> 27) ^ (uchar)(convert_int_sat(uiv) >> 23);
    }
}

kernel void narrow_vectors(global int4 *out, global const int4 *in)
{
    int gid = get_global_id(0);
    global const int4 *s = in + gid * 16;
    global int4 *d = out + gid * 16;
    for (int k = 0; k < 8; ++k) {
        int4 v = s[k];
        uint4 u = as_uint4(s[8 + k]);
        long4 l = convert_long4(v) * 65537L;
        char4 c = convert_char4_sat(v);
        uchar4 uc = convert_uchar4_sat(u);
        short4 sh = convert_short4_sat(l);
        ushort4 us = convert_ushort4_sat(v);
        int4 fromu = convert_int4_sat(u);
        uint4 fromi = convert_uint4_sat(l);
        d[2 * k] = convert_int4(c) + convert_int4(uc) * 3 + convert_int4(sh) * 7;
        d[2 * k + 1] = convert_int4(us) ^ fromu ^ as_int4(fromi) ^ convert_int4(convert_char4_sat(sh));
    }
}

kernel void float_to_int_modes(global int *out, global const float *in)
{
    int gid = get_global_id(0);
    global const float *s = in + gid * 64;
    global int *d = out + gid * 64;
    for (int k = 0; k < 8; ++k) {
        float v = s[k];
        float w = s[8 + k] * 1.0e6f;
        float4 vv = vload4(k, s + 16) * 37.5f;
        d[8 * k + 0] = convert_int_sat_rte(v) ^ convert_int_sat_rtz(w);
        d[8 * k + 1] = (int)((uint)convert_int_sat_rtp(v) + (uint)convert_int_sat_rtn(v));
        d[8 * k + 2] = (int)convert_uint_sat_rte(w) ^ (int)convert_ushort_sat_rtn(v * 1000.0f);
        d[8 * k + 3] = convert_char_sat_rtp(w) ^ (int)((uint)convert_short_sat(v * 100.0f) << 8);
        int4 q = convert_int4_sat_rte(vv) ^ convert_int4_sat_rtn(vv * 0.5f);
        d[8 * k + 4] = q.x ^ q.y ^ q.z ^ q.w;
        long lv = convert_long_sat_rtp(w * 1.0e12f);
        d[8 * k + 5] = (int)lv ^ (int)(lv >> 32);
        ulong ulv = convert_ulong_sat_rtn(v * 1.0e15f);
        d[8 * k + 6] = (int)ulv ^ (int)(ulv >> 32);
        uchar4 u8 = convert_uchar4_sat_rte(vv);
        d[8 * k + 7] = as_int(u8);
    }
}

kernel void double_and_int_to_float(global uint *out, global const long *in)
{
    int gid = get_global_id(0);
    global const long *s = in + gid * 32;
    global uint *d = out + gid * 64;
    for (int k = 0; k < 16; ++k) {
        long v = s[k];
        double dv = as_double(s[16 + k]);
        d[4 * k + 0] = as_uint(convert_float_rtz(v)) ^ as_uint(convert_float_rtp((ulong)v));
        d[4 * k + 1] = as_uint(convert_float_rtn((int)v)) ^ as_uint(convert_float_rte((uint)(v >> 32)));
        d[4 * k + 2] = (uint)convert_int_sat_rtn(dv) ^ (uint)convert_uint_sat_rtp(dv * 1.0e-300);
        d[4 * k + 3] = (uint)(convert_long_sat_rte(dv) >> 11) ^ (uint)(convert_ulong_sat(dv) >> 3)
                     ^ as_uint((float)(double)v);
    }
}
