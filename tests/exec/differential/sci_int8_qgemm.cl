// int8 quantized GEMM/conv (gemmlowp / ACL style): uchar/char dot, int32 accum, requantize with fixed-point multiplier
#define ASYMM_MULT(a, b) asymm_mult(a, b)
inline int asymm_mult(int a, int b) {
    // SaturatingRoundingDoublingHighMul
    bool overflow = a == b && a == INT_MIN;
    long ab_64 = (long)a * (long)b;
    int nudge = ab_64 >= 0 ? (1 << 30) : (1 - (1 << 30));
    int ab_x2_high32 = convert_int((ab_64 + nudge) / (1L << 31));
    return overflow ? INT_MAX : ab_x2_high32;
}
inline int rounding_divide_by_pot(int x, int exponent) {
    const int mask = (1 << exponent) - 1;
    const int zero = 0, one = 1;
    const int remainder = x & mask;
    const int threshold = (mask >> 1) + select(zero, one, x < 0);
    return (x >> exponent) + select(zero, one, remainder > threshold);
}
#define DOT4(a, b) ((int)(a).s0*(b).s0 + (int)(a).s1*(b).s1 + (int)(a).s2*(b).s2 + (int)(a).s3*(b).s3)
kernel void int8_qgemm(global uchar *out, global const uchar *in)
{
    int g = get_global_id(0);
    const int a_off = -128, b_off = -3, c_off = 7;
    const int mult = 1518500250, shift = 9;
    int4 acc = 0;
    for (int k = 0; k < 64; k += 4) {
        int4 a = convert_int4(vload4(0, in + g*64 + k)) + a_off;
        char16 bv = as_char16(vload16(0, in + 4096 + k*4));
        int4 b0 = convert_int4(bv.s0123) + b_off, b1 = convert_int4(bv.s4567) + b_off;
        int4 b2 = convert_int4(bv.s89ab) + b_off, b3 = convert_int4(bv.scdef) + b_off;
        acc += (int4)(DOT4(a, b0), DOT4(a, b1), DOT4(a, b2), DOT4(a, b3));
    }
    int4 res;
    res.x = rounding_divide_by_pot(ASYMM_MULT(acc.x, mult), shift);
    res.y = rounding_divide_by_pot(ASYMM_MULT(acc.y, mult), shift);
    res.z = rounding_divide_by_pot(ASYMM_MULT(acc.z, mult), shift);
    res.w = rounding_divide_by_pot(ASYMM_MULT(acc.w, mult), shift);
    res += c_off;
    uchar4 q = convert_uchar4_sat(res);
    vstore4(q, g, out);
    char4 qs = convert_char4_sat(acc >> 8);
    vstore4(as_uchar4(qs), g + 64, out);
    vstore4(acc, g + 32, (global int *)out);
    short4 hs = convert_short4_sat_rte(convert_float4(acc) * 0.37f);
    vstore4(hs, g + 192, (global short *)out);
}
