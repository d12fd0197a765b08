// edge semantics of integer built-ins on special values + shifts by large counts (vector masking)
kernel void edge(global uint *out, global const uint *in)
{
    size_t g = get_global_id(0);
    const global uint *p = in + g * 64;
    global uint *o = out + g * 64;
    uint a = p[0], b = p[1];
    int sa = p[2], sb = p[3];
    char c = p[4]; uchar uc = p[5]; short s = p[6]; ushort us = p[7];
    long L = (long)upsample(p[8], p[9]); ulong UL = upsample(p[10], p[11]);
    o[0] = clz(c) | clz(uc) << 8 | clz(s) << 16 | clz(us) << 24;
    o[1] = ctz(c) | ctz(uc) << 8 | ctz(s) << 16 | ctz(us) << 24;
    o[2] = popcount(c) | popcount(uc) << 8 | popcount(s) << 16 | popcount((char)0x80) << 24;
    o[3] = clz(0) + ctz(0) * 64 + clz(0UL) * 4096 + (uint)ctz((long)0) * 65536;
    o[4] = rotate(c, (char)-3) & 0xff | (rotate(us, (ushort)19) << 8) | ((uint)rotate(sa, -1) & 0xff000000);
    o[5] = hadd(sa, sb); o[6] = rhadd(sa, sb); o[7] = hadd(a, b); o[8] = rhadd(c, (char)p[12]);
    o[9] = abs(sa); o[10] = abs_diff(sa, sb); o[11] = abs(c) | abs(s) << 8;
    o[12] = mul_hi(sa, sb); o[13] = (uint)(mul_hi(L, (long)sb) >> 3); o[14] = (uint)mul_hi(UL, UL);
    o[15] = mad_sat(sa, sb, sa); o[16] = mad_sat(a, b, a); o[17] = (uint)mad_sat(L, L, L);
    o[18] = add_sat(c, (char)p[13]) & 0xff | (sub_sat(uc, (uchar)p[14]) << 8) | (add_sat(s, (short)p[15]) << 16);
    o[19] = (uint)(sub_sat(L, (long)UL) >> 32) ^ (uint)add_sat(UL, UL);
    o[20] = upsample(c, uc) & 0xffff | (upsample(s, us) & 0xffff0000);
    o[21] = mad24(sa, sb, sa) ^ mul24(a, b);
    uchar4 v = as_uchar4(p[16]);
    o[22] = as_uint(v << (uchar4)(9, 17, 250, 7));           // masked by 7
    o[23] = as_uint(v >> (uchar)12);                          // masked by 7
    char4 cv = as_char4(p[17]);
    o[24] = as_uint(cv >> (char4)(9, -1, 127, 8));
    short2 sv = as_short2(p[18]);
    o[25] = as_uint(sv << (short2)(17, -2)) ^ as_uint(as_ushort2(p[19]) >> (ushort)33);
    uchar cc = uc; cc <<= 9; o[26] = cc | ((uchar)(uc << 9)) << 8 | ((uc << 9) & 0xffff0000);
    o[27] = (a << 40) ^ (sa >> 33) ^ (uint)(UL << 70) ^ (uint)(L >> 65);
    o[28] = as_uint(clz(v)) ^ as_uint(popcount(cv)) ^ as_uint(ctz(sv));
    o[29] = as_uint(rotate(v, (uchar4)(1, 9, 255, 0)));
    o[30] = as_uint(hadd(cv, (char4)(-128))) ^ as_uint(rhadd(v, (uchar4)255));
    o[31] = as_uint(abs(cv)) ^ as_uint(abs_diff(cv, (char4)127));
    o[32] = as_uint(mul_hi(cv, (char4)(-128))) ^ as_uint(mad_hi(v, v, v));
    o[33] = as_uint(mad_sat(cv, cv, cv)) ^ as_uint(sub_sat(cv, (char4)127));
    o[34] = as_uint(convert_uchar4_sat(as_float4(vload4(0, p + 20))));
    o[35] = as_uint(convert_char4_sat_rte(as_float4(vload4(0, p + 24))));
    o[36] = as_uint(convert_short2_sat_rtz(as_float2(vload2(0, p + 28))));
    o[37] = convert_uint_sat(as_float(p[30])) ^ convert_int_sat_rtp(as_float(p[31]));
    o[38] = (uint)convert_long_sat(as_float(p[32])) ^ (uint)(convert_ulong_sat_rtn(as_float(p[33])) >> 16);
    o[39] = convert_uint_sat((long)L) ^ convert_ushort_sat(sa) ^ convert_uchar_sat(UL) ^ convert_char_sat(L);
    o[40] = convert_int_sat(as_double(upsample(p[34], p[35]))) ^ convert_uint_sat_rtn(as_double(upsample(p[36], p[37])));
    o[41] = as_uint(convert_uchar4_sat(vload4(0, (const global short *)(p + 38)))) ^ as_uint(convert_char4_sat(vload4(0, (const global uint *)(p + 40))));
    o[42] = as_uint(convert_short2_sat(vload2(0, (const global long *)(p + 44))));
    o[43] = as_uint(convert_uchar4_sat(vload4(0, (const global ulong *)(p + 48))));
    o[44] = (uint)(UL % (ulong)(b | 1)) ^ (uint)(L / (long)(sb | 1)) ^ (uint)(L % 7) ^ (uint)(UL / 1000000007UL);
    o[45] = (uint)(sa % 3) ^ (uint)(sa / -3) ^ (uint)((int)c % (int)(char)(p[5] | 1)) ;
}
