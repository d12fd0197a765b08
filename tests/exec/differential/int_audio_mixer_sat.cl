// oclc-flags: -cl-std=CL2.0
// A fixed-point audio mixer and codec front end: 8/16/32/64-bit saturating
// adds, subtracts and multiply-adds on scalars and vectors, Q15 and Q31
// multiplies through mul_hi/mad_hi, and hadd/rhadd averaging, over raw
// input words including INT_MIN/INT_MAX and UINT_MAX.

kernel void mix_q15(global short8 *out, global const short8 *in)
{
    int gid = get_global_id(0);
    global const short8 *s = in + gid * 16;
    global short8 *d = out + gid * 16;
    short8 acc = (short8)(0);
    for (int k = 0; k < 8; ++k) {
        short8 a = s[k], b = s[8 + k];
        short8 gain = (short8)(0x4000, 0x7fff, -0x8000, 0x1234, -1, 3, 0x2000, -0x2000);
        short8 q = as_short8(as_ushort8(mul_hi(a, gain)) << (ushort8)(1));          /* Q15 * Q15 -> Q15 (approx) */
        acc = add_sat(acc, q);
        d[k] = mad_sat(a, (short8)(3), b);
        d[8 + k] = sub_sat(acc, b) ^ hadd(a, b) ^ rhadd(a, gain);
    }
}

kernel void mix_u8_channels(global uchar16 *out, global const uchar16 *in)
{
    int gid = get_global_id(0);
    global const uchar16 *s = in + gid * 16;
    global uchar16 *d = out + gid * 16;
    for (int k = 0; k < 8; ++k) {
        uchar16 a = s[k], b = s[8 + k];
        d[2 * k] = add_sat(a, b) - sub_sat(a, b);
        d[2 * k + 1] = mad_sat(a, b, (uchar16)(7)) ^ rhadd(a, b) ^ abs_diff(a, b)
                     ^ mad_hi(a, b, hadd(a, b));
    }
}

kernel void q31_accumulate(global int *out, global const int *in)
{
    int gid = get_global_id(0);
    global const int *s = in + gid * 64;
    global int *d = out + gid * 64;
    int acc = 0;
    uint uacc = 0;
    for (int k = 0; k < 32; ++k) {
        int a = s[k], b = s[32 + k];
        int p = mul_hi(a, b);
        acc = add_sat(acc, p);
        acc = mad_sat(a >> 20, b >> 20, acc);
        uacc = mad_sat((uint)a, (uint)b >> 28, uacc);
        d[k] = acc;
        d[32 + k] = (int)(sub_sat(uacc, (uint)b) ^ (uint)mad_hi(a, b, a >> 2)
                  ^ (uint)sub_sat(a, b) ^ hadd((uint)a, (uint)b) ^ (uint)rhadd(a, b));
    }
}

kernel void wide_sat_long(global long2 *out, global const long2 *in)
{
    int gid = get_global_id(0);
    global const long2 *s = in + gid * 16;
    global long2 *d = out + gid * 16;
    for (int k = 0; k < 8; ++k) {
        long2 a = s[k], b = s[8 + k];
        ulong2 ua = as_ulong2(a), ub = as_ulong2(b);
        d[2 * k] = add_sat(a, b) ^ sub_sat(b, a) ^ mul_hi(a, b);
        d[2 * k + 1] = as_long2(mad_sat(ua, ub >> (ulong2)(60), add_sat(ua, ub)))
                     ^ mad_sat(a, (long2)(2, -3), b) ^ mad_hi(a, b, a)
                     ^ as_long2(mul_hi(ua, ub) + hadd(ua, ub) + rhadd(ua, ub));
    }
}

kernel void short_char_widths(global uint *out, global const int *in)
{
    int gid = get_global_id(0);
    global const int *s = in + gid * 64;
    global uint *d = out + gid * 64;
    for (int k = 0; k < 32; ++k) {
        int a = s[k], b = s[32 + k];
        char ca = (char)a, cb = (char)b;
        short sa = (short)a, sb = (short)(b >> 8);
        ushort ua = (ushort)a, ub = (ushort)(b >> 16);
        uint r = (uchar)add_sat(ca, cb) | (uint)(uchar)sub_sat(ca, cb) << 8
               | (uint)(uchar)mad_sat(ca, cb, (char)5) << 16 | (uint)(uchar)mul_hi(ca, cb) << 24;
        uint q = (ushort)add_sat(sa, sb) | (uint)(ushort)mad_sat(sa, sb, sa) << 16;
        uint w = (uint)mad_sat(ua, ub, (ushort)1000) ^ (uint)mul_hi(ua, ub) << 11
               ^ (uint)sub_sat(ua, ub) << 7 ^ (uint)(ushort)abs_diff(sa, sb);
        d[k] = r ^ w;
        d[32 + k] = q + (uint)hadd(ca, cb) + (uint)rhadd(sa, sb);
    }
}
