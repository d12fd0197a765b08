// oclc-flags: -cl-std=CL1.2
// Vector conversions and selections as used by image codecs and
// fixed-point converters: convert_float4(int4) with each rounding mode on
// integers too large to be exact, convert_int4 back with rounding and
// saturation, ulong/long to float, vector comparisons producing -1,
// any/all on each width, select/bitselect on every element type, and
// vector ternaries.

__kernel void int_to_float_rounding(__global uint4 *out, __global const int4 *in)
{
    const int gid = get_global_id(0);
    int4 v = in[gid];
    uint4 u = as_uint4(in[gid + 64]);
    out[gid * 16 + 0] = as_uint4(convert_float4(v));
    out[gid * 16 + 1] = as_uint4(convert_float4_rte(v));
    out[gid * 16 + 2] = as_uint4(convert_float4_rtz(v));
    out[gid * 16 + 3] = as_uint4(convert_float4_rtp(v));
    out[gid * 16 + 4] = as_uint4(convert_float4_rtn(v));
    out[gid * 16 + 5] = as_uint4(convert_float4_rtz(u));
    out[gid * 16 + 6] = as_uint4(convert_float4_rtp(u));
    out[gid * 16 + 7] = as_uint4(convert_float4_rtn(u));
    long2 l = (long2)(((long)v.x << 32) | u.y, ((long)v.z << 20) ^ u.w);
    ulong2 ul = as_ulong2(l);
    float2 a = convert_float2_rtz(l), b = convert_float2_rtp(l);
    float2 c = convert_float2_rtn(ul), d = convert_float2(ul);
    out[gid * 16 + 8] = as_uint4((float4)(a, b));
    out[gid * 16 + 9] = as_uint4((float4)(c, d));
    double2 dd = convert_double2(l);
    out[gid * 16 + 10] = as_uint4(convert_float2_rtp(dd).xyxy) ^ as_uint4(convert_float2_rtn(dd).yxyx);
}

__kernel void float_to_int_rounding(__global int4 *out, __global const float4 *in)
{
    const int gid = get_global_id(0);
    float4 f = in[gid];
    float4 g = select(clamp(f, -1.0e6f, 1.0e6f), (float4)(0.5f), isnan(f));
    out[gid * 16 + 0] = convert_int4_rte(g);
    out[gid * 16 + 1] = convert_int4_rtz(g);
    out[gid * 16 + 2] = convert_int4_rtp(g);
    out[gid * 16 + 3] = convert_int4_rtn(g);
    out[gid * 16 + 4] = convert_int4_sat(f);
    out[gid * 16 + 5] = convert_int4_sat_rtp(f * 1.0e3f);
    out[gid * 16 + 6] = convert_int4(convert_uchar4_sat_rte(f));
    out[gid * 16 + 7] = convert_int4(convert_char4_sat_rtn(g));
    out[gid * 16 + 8] = convert_int4(convert_ushort4_sat_rtz(f * 1000.0f));
    out[gid * 16 + 9] = convert_int4(convert_short4_sat(g * 100.0f));
    /* 2.5, -2.5, 3.5 ... ties */
    float4 ties = floor(g) + 0.5f;
    out[gid * 16 + 10] = convert_int4_rte(ties) * 1000 + convert_int4_rtn(ties);
    out[gid * 16 + 11] = convert_int4(convert_long4_sat_rtp(f * 1.0e20f) >> 40);
}

#define SELECTS(T, TI, NAME)                                                     \
__kernel void NAME(__global TI *out, __global const T *in)                       \
{                                                                                \
    const int gid = get_global_id(0);                                            \
    T a = in[gid * 4], b = in[gid * 4 + 1], c = in[gid * 4 + 2];                 \
    TI m = a < b;                                                                \
    out[gid * 8 + 0] = m;                                                        \
    out[gid * 8 + 1] = (a == b) | ((a != c) & (TI)4);                            \
    out[gid * 8 + 2] = as_##TI(select(a, b, m));                                 \
    out[gid * 8 + 3] = as_##TI(select(b, c, as_##TI(c)));                        \
    out[gid * 8 + 4] = as_##TI(bitselect(a, b, c));                              \
    out[gid * 8 + 5] = (TI)(any(m), all(m), any(a >= c), all(a <= c));           \
    out[gid * 8 + 6] = as_##TI(m ? a : c);                                       \
    out[gid * 8 + 7] = !m;                                                       \
}

SELECTS(char4, char4, select_char4)
SELECTS(short4, short4, select_short4)
SELECTS(uint4, int4, select_uint4)
SELECTS(long4, long4, select_long4)
SELECTS(float4, int4, select_float4)
SELECTS(double4, long4, select_double4)
