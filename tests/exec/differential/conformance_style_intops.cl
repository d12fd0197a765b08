/* integer_ops idioms: sat/hadd/rhadd/mad24/mul_hi/rotate/clz/popcount/upsample/abs_diff */
kernel void cts_intops(global uint *out, global const uint *in)
{
    size_t g = get_global_id(0);
    global const uint *p = in + g * 64;
    global uint *o = out + g * 64;
    char4 ca = as_char4(p[0]), cb = as_char4(p[1]);
    short2 sa = as_short2(p[2]), sb = as_short2(p[3]);
    int a = p[4], b = p[5], c = p[6];
    long la = ((long)p[7] << 32) | p[8], lb = ((long)p[9] << 32) | p[10];
    o[0] = as_uint(add_sat(ca, cb));
    o[1] = as_uint(sub_sat(ca, cb));
    o[2] = as_uint(hadd(as_uchar4(ca), as_uchar4(cb)));
    o[3] = as_uint(rhadd(ca, cb));
    o[4] = as_uint(mad_sat(sa, sb, sa));
    o[5] = mul_hi(a, b);
    o[6] = mul_hi((uint)a, (uint)b);
    o[7] = mad_hi(a, b, c);
    o[8] = mad24(a, b, c);
    o[9] = mul24((uint)a & 0xffffff, (uint)b & 0xffffff);
    o[10] = rotate(a, b);
    o[11] = as_uint(rotate(ca, cb));
    o[12] = clz(a);
    o[13] = popcount(a);
    o[14] = as_uint(clz(sa));
    o[15] = as_uint(upsample(sa.x, as_ushort2(sb).y));
    o[16] = abs_diff(a, b);
    o[17] = as_uint(abs(ca));
    long r0 = mul_hi(la, lb), r1 = rotate(la, lb), r2 = (long)upsample((int)p[11], p[12]);
    ulong r3 = abs_diff(la, lb);
    long r4 = mad_sat(la, lb, la), r5 = clz(la), r6 = popcount(lb), r7 = sub_sat(la, lb);
    vstore2(as_uint2(r0), 9, o); vstore2(as_uint2(r1), 10, o); vstore2(as_uint2(r2), 11, o);
    vstore2(as_uint2(r3), 12, o); vstore2(as_uint2(r4), 13, o); vstore2(as_uint2(r5), 14, o);
    vstore2(as_uint2(r6), 15, o); vstore2(as_uint2(r7), 16, o);
    o[40] = as_uint(ctz(sa));
    o[41] = (uint)(b ? a / b : 0) ^ (uint)(b && !(a == INT_MIN && b == -1) ? a % b : 7);
}
