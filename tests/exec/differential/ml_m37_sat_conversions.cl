// saturating / rounding conversions used by quantisers: every integer type x every rounding mode, float & double sources
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define CV(T, R) acc = rotate(acc, 5u) ^ (uint)convert_##T##_sat##R(x)
#define CVD(T, R) acc = rotate(acc, 7u) ^ (uint)convert_##T##_sat##R(dx)
#define CVL(T, R) do { ulong _v = (ulong)convert_##T##_sat##R(x); acc = rotate(acc, 3u) ^ (uint)_v ^ (uint)(_v >> 32); } while (0)
#define ALLR(M, T) M(T, ); M(T, _rte); M(T, _rtz); M(T, _rtp); M(T, _rtn)
__kernel void sat_conv(__global uint *out, __global const uint *in) {
  const int g = get_global_id(0);
  for (int j = 0; j < 64; j++) {
    uint w = in[g * 64 + j];
    float x = as_float(w);
    float xs = (float)(int)w * 1.0e-3f;   // finite values around the interesting ranges
    x = (j & 1) ? xs : x;
    double dx = (double)x * 3.0 + (double)(int)w;
    uint acc = 0;
    ALLR(CV, char); ALLR(CV, uchar); ALLR(CV, short); ALLR(CV, ushort); ALLR(CV, int); ALLR(CV, uint);
    ALLR(CVL, long); ALLR(CVL, ulong);
    ALLR(CVD, char); ALLR(CVD, uchar); ALLR(CVD, int); ALLR(CVD, uint);
    acc ^= (uint)convert_int_rte(isfinite(x) ? clamp(x, -1e9f, 1e9f) : 0.0f);
    acc ^= as_uint(convert_float_rtz((int)w)) ^ as_uint(convert_float_rtp((uint)w)) ^ as_uint(convert_float_rtn((long)w * 1234567));
    acc ^= as_uint(convert_float_rtz(dx)) + as_uint(convert_float_rtp(dx)) + as_uint(convert_float_rtn(dx)) + as_uint(convert_float(dx));
    out[g * 64 + j] = acc;
  }
}
__kernel void sat_conv_vec(__global char16 *out, __global const float16 *in) {
  const int g = get_global_id(0);
  for (int j = 0; j < 4; j++) {
    float16 v = in[g * 4 + j] * 0.001f;
    out[g * 16 + j * 4 + 0] = convert_char16_sat(v);
    out[g * 16 + j * 4 + 1] = convert_char16_sat_rte(v * 1000.0f);
    out[g * 16 + j * 4 + 2] = as_char16(convert_uchar16_sat_rtn(v * 300.0f));
    out[g * 16 + j * 4 + 3] = convert_char16(convert_short16_sat_rtp(v) >> (short)1);
  }
}
