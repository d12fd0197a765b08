// oclc-flags: -cl-std=CL2.0
// Precomputed conversion constants of a texture-format library: float,
// double and integer literals narrowed to half and float with every
// rounding mode at the edges (overflow to inf or to the largest finite,
// underflow to the smallest subnormal or zero, ties), 64-bit integers to
// float, and double NaN payloads narrowed; each next to the same conversion
// of run-time data.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

#define NC 24

kernel void folded(global uint *out, global const uint *in)
{
    int gid = get_global_id(0);
    global uint *d = out + gid * 64;
    uint t[NC];
    t[0] = as_ushort(convert_half_rtp(1.0e-10f)) | (uint)as_ushort(convert_half_rtn(-1.0e-10f)) << 16;
    t[1] = as_ushort(convert_half_rtz(70000.0f)) | (uint)as_ushort(convert_half_rte(65520.0f)) << 16;
    t[2] = as_ushort(convert_half_rtn(65520.0f)) | (uint)as_ushort(convert_half_rtp(-65520.0f)) << 16;
    t[3] = as_ushort((half)1.0e-5f) | (uint)as_ushort((half)-0.0f) << 16;
    t[4] = as_ushort((half)2049.0f) | (uint)as_ushort((half)2051.0f) << 16;       /* ties to even */
    t[5] = as_ushort(convert_half(0x1.0p-25f)) | (uint)as_ushort(convert_half(0x1.8p-25f)) << 16;
    t[6] = as_ushort(convert_half_rtz(INFINITY)) | (uint)as_ushort(convert_half_rtn(-INFINITY)) << 16;
    t[7] = as_ushort(convert_half(NAN)) | (uint)as_ushort((half)0.1) << 16;
    t[8] = as_uint(convert_float_rtz(16777217)) ^ as_uint(convert_float_rtp(16777217));
    t[9] = as_uint((float)0xFFFFFFFFFFFFFFFFul) ^ as_uint(convert_float_rtz(0xFFFFFFFFFFFFFFFFul));
    t[10] = as_uint((float)0x8000008000000001ul) ^ as_uint(convert_float_rtn(-9007199791611905L));
    t[11] = as_uint(convert_float_rte(0x7FFFFFBFFFFFFFFFL)) ^ as_uint(convert_float_rtp(0x7FFFFFBFFFFFFFFFL));
    t[12] = as_uint(convert_float_rtz(1.0e39)) ^ as_uint(convert_float_rtp(1.0e-46));
    t[13] = as_uint(convert_float_rtn(-1.0e-46)) ^ as_uint((float)1.0e39);
    t[14] = as_uint(convert_float(0.1)) ^ as_uint(convert_float_rtp(0.1)) ^ as_uint(convert_float_rtn(0.1));
    t[15] = as_uint((float)as_double(0x7FF0000000000123ul)) ^ (as_uint((float)as_double(0xFFF8000012345678ul)) << 1);
    t[16] = (uint)(as_ulong((double)NAN) >> 32) ^ (uint)(as_ulong((double)as_float(0x7FA00001u)) >> 20);
    t[17] = as_ushort(convert_half_rtz(1.0e-30)) | (uint)as_ushort(convert_half_rtp(1.0e-30)) << 16;
    t[18] = as_ushort((half)65519.0) | (uint)as_ushort(convert_half_rtn(0.1)) << 16;
    t[19] = as_ushort(convert_half(100000)) | (uint)as_ushort(convert_half_rtz(65535u)) << 16;
    t[20] = as_ushort(convert_half_rtp(-70000)) | (uint)as_ushort(convert_half_rtn((ulong)-1)) << 16;
    t[21] = (uint)convert_int_sat(1.0e10f) ^ (uint)convert_int_sat_rtn(-2.5f) ^ (uint)convert_uchar_sat(300.7f) << 8;
    t[22] = (uint)convert_char_sat_rte(-128.5f) ^ (uint)convert_ushort_sat_rtp(-0.5f) << 8 ^ (uint)convert_short_sat(NAN) << 16;
    t[23] = (uint)(int)2.9f ^ (uint)(int)-2.9f << 4 ^ (uint)(uchar)255.9f << 8 ^ (uint)(char)-127.9f << 16;
    for (int k = 0; k < NC; ++k)
        d[k] = t[k] ^ (in[gid * 64 + k] & 0u);
}

kernel void at_runtime(global uint *out, global const uint *in)
{
    int gid = get_global_id(0);
    global const uint *s = in + gid * 64;
    global uint *d = out + gid * 64;
    float fz = as_float(s[1] & 0u);     /* +0.0, opaque */
    double dz = fz;
    long lz = (long)(s[2] & 0u);
    uint t[NC];
    t[0] = as_ushort(convert_half_rtp(1.0e-10f + fz)) | (uint)as_ushort(convert_half_rtn(-1.0e-10f + fz)) << 16;
    t[1] = as_ushort(convert_half_rtz(70000.0f + fz)) | (uint)as_ushort(convert_half_rte(65520.0f + fz)) << 16;
    t[2] = as_ushort(convert_half_rtn(65520.0f + fz)) | (uint)as_ushort(convert_half_rtp(-65520.0f + fz)) << 16;
    t[3] = as_ushort((half)(1.0e-5f + fz)) | (uint)as_ushort((half)(-0.0f - fz)) << 16;
    t[4] = as_ushort((half)(2049.0f + fz)) | (uint)as_ushort((half)(2051.0f + fz)) << 16;
    t[5] = as_ushort(convert_half(0x1.0p-25f + fz)) | (uint)as_ushort(convert_half(0x1.8p-25f + fz)) << 16;
    t[6] = as_ushort(convert_half_rtz(INFINITY + fz)) | (uint)as_ushort(convert_half_rtn(-INFINITY + fz)) << 16;
    t[7] = as_ushort(convert_half(as_float(s[3] & 0u | 0x7fc00000u))) | (uint)as_ushort((half)(0.1 + dz)) << 16;
    t[8] = as_uint(convert_float_rtz(16777217 + (int)lz)) ^ as_uint(convert_float_rtp(16777217 + (int)lz));
    t[9] = as_uint((float)(0xFFFFFFFFFFFFFFFFul + (ulong)lz)) ^ as_uint(convert_float_rtz(0xFFFFFFFFFFFFFFFFul + (ulong)lz));
    t[10] = as_uint((float)(0x8000008000000001ul + (ulong)lz)) ^ as_uint(convert_float_rtn(-9007199791611905L + lz));
    t[11] = as_uint(convert_float_rte(0x7FFFFFBFFFFFFFFFL + lz)) ^ as_uint(convert_float_rtp(0x7FFFFFBFFFFFFFFFL + lz));
    t[12] = as_uint(convert_float_rtz(1.0e39 + dz)) ^ as_uint(convert_float_rtp(1.0e-46 + dz));
    t[13] = as_uint(convert_float_rtn(-1.0e-46 + dz)) ^ as_uint((float)(1.0e39 + dz));
    t[14] = as_uint(convert_float(0.1 + dz)) ^ as_uint(convert_float_rtp(0.1 + dz)) ^ as_uint(convert_float_rtn(0.1 + dz));
    t[15] = as_uint((float)as_double(0x7FF0000000000123ul + (ulong)lz)) ^ (as_uint((float)as_double(0xFFF8000012345678ul + (ulong)lz)) << 1);
    t[16] = (uint)(as_ulong((double)as_float(0x7fc00000u + (uint)lz)) >> 32) ^ (uint)(as_ulong((double)as_float(0x7FA00001u + (uint)lz)) >> 20);
    t[17] = as_ushort(convert_half_rtz(1.0e-30 + dz)) | (uint)as_ushort(convert_half_rtp(1.0e-30 + dz)) << 16;
    t[18] = as_ushort((half)(65519.0 + dz)) | (uint)as_ushort(convert_half_rtn(0.1 + dz)) << 16;
    t[19] = as_ushort(convert_half(100000 + (int)lz)) | (uint)as_ushort(convert_half_rtz(65535u + (uint)lz)) << 16;
    t[20] = as_ushort(convert_half_rtp(-70000 + (int)lz)) | (uint)as_ushort(convert_half_rtn((ulong)-1 + (ulong)lz)) << 16;
    t[21] = (uint)convert_int_sat(1.0e10f + fz) ^ (uint)convert_int_sat_rtn(-2.5f + fz) ^ (uint)convert_uchar_sat(300.7f + fz) << 8;
    t[22] = (uint)convert_char_sat_rte(-128.5f + fz) ^ (uint)convert_ushort_sat_rtp(-0.5f + fz) << 8 ^ (uint)convert_short_sat(as_float(0x7fc00000u | (uint)lz)) << 16;
    t[23] = (uint)(int)(2.9f + fz) ^ (uint)(int)(-2.9f + fz) << 4 ^ (uint)(uchar)(255.9f + fz) << 8 ^ (uint)(char)(-127.9f + fz) << 16;
    for (int k = 0; k < NC; ++k)
        d[k] = t[k];
}
