// oclc-flags: -cl-std=CL2.0
// A bit-manipulation self-test table as a codec library embeds it: integer
// built-ins on literal arguments at their edges (clz/ctz of zero at every
// width, popcount, rotate by counts >= the width, mul_hi/mad_hi of extremes,
// saturating ops at INT_MIN/INT_MAX, abs(INT_MIN), abs_diff across the
// range, hadd/rhadd of maxima, upsample, mul24/mad24 in range, bitselect),
// each next to the same call on run-time data of equal value.

#define N_CASES 32

kernel void constant_table(global uint *out, global const uint *in)
{
    int gid = get_global_id(0);
    global uint *d = out + gid * 64;
    uint t[N_CASES];
    t[0] = clz(0u);
    t[1] = ctz(0u);
    t[2] = (uint)clz((uchar)0) | (uint)ctz((ushort)0) << 8 | (uint)clz((ulong)0) << 16 | (uint)ctz((char)0) << 24;
    t[3] = popcount(0xF0F0F0F1u) + popcount(-1) + (uint)popcount((ulong)-1);
    t[4] = rotate(0x80000001u, 33u);
    t[5] = rotate(0x81u, 0xFFFFFFFFu) ^ (uint)rotate((uchar)0x81, (uchar)9);
    t[6] = (uint)mul_hi(-1, -1) ^ mul_hi(0xFFFFFFFFu, 0xFFFFFFFFu);
    t[7] = (uint)mul_hi(INT_MIN, INT_MIN) + (uint)mul_hi(INT_MIN, INT_MAX);
    t[8] = (uint)mad_hi(INT_MAX, 2, 5) ^ (uint)mad_sat(INT_MAX, 2, -5);
    t[9] = (uint)add_sat(INT_MAX, 1) + (uint)sub_sat(INT_MIN, 1);
    t[10] = add_sat(0xFFFFFFF0u, 0x20u) ^ sub_sat(5u, 7u);
    t[11] = (uint)abs(INT_MIN) ^ (uint)abs((char)-128) << 8;
    t[12] = abs_diff(INT_MIN, INT_MAX) ^ abs_diff(0u, 0xFFFFFFFFu);
    t[13] = hadd(0xFFFFFFFFu, 0xFFFFFFFFu) + rhadd(0xFFFFFFFFu, 0xFFFFFFFEu);
    t[14] = (uint)hadd(INT_MIN, -1) ^ (uint)rhadd(INT_MAX, INT_MIN);
    t[15] = (uint)(upsample(0xFFFFu, 0x1234u) >> 0) ^ (uint)upsample((char)-1, (uchar)0x80);
    t[16] = (uint)(upsample(-1, 0x89ABCDEFu) >> 32);
    t[17] = (uint)mul24(0x7FFFFF, -3) ^ (uint)mad24(-0x800000, 2, 7);
    t[18] = bitselect(0xAAAA5555u, 0x0F0F0F0Fu, 0xFF00FF00u);
    t[19] = (uint)mad_sat((short)30000, (short)2, (short)-1) | (uint)(ushort)mad_sat((ushort)300, (ushort)300, (ushort)0) << 16;
    t[20] = (uint)mad_sat(LONG_MAX, 2L, -3L) ^ (uint)(mad_sat(LONG_MIN, 2L, 3L) >> 32);
    t[21] = (uint)(mul_hi(0xFFFFFFFFFFFFFFFFul, 0xFFFFFFFFFFFFFFFFul) >> 32) ^ (uint)mul_hi(LONG_MIN, -1L);
    t[22] = (uint)clamp(-5, 0, 10) | (uint)clamp(300u, 0u, 255u) << 8;
    t[23] = (uint)max(-1, 1) ^ max(0xFFFFFFFFu, 1u) ^ (uint)min((char)-128, (char)127);
    t[24] = (uint)rotate(-2, 31) ^ (uint)rotate((short)-2, (short)-1);
    t[25] = (uint)(rotate(0x8000000000000001ul, 65ul) >> 1);
    t[26] = (uint)sub_sat((char)-100, (char)100) | (uint)(uchar)add_sat((uchar)200, (uchar)100) << 8;
    t[27] = (uint)popcount((short)-1) | (uint)clz((short)-1) << 8 | (uint)clz((short)1) << 16;
    t[28] = (uint)ctz(INT_MIN) | (uint)clz(INT_MIN) << 8 | (uint)ctz(1ul << 63) << 16;
    t[29] = (uint)abs((long)LONG_MIN >> 1) ^ (uint)(abs_diff(LONG_MIN, LONG_MAX) >> 1);
    t[30] = (uint)select(5, 9, -1) + (uint)select(5, 9, 1) + (uint)select(5u, 9u, 0x80000000u);
    t[31] = (uint)any((int4)(0, 0, -1, 0)) | (uint)all((int4)(-1, -1, 1, -1)) << 1 | (uint)any((char2)(1, 127)) << 2;
    for (int k = 0; k < N_CASES; ++k)
        d[k] = t[k] ^ (in[gid * 64 + k] & 0u);
}

kernel void runtime_table(global uint *out, global const uint *in)
{
    int gid = get_global_id(0);
    global const uint *s = in + gid * 64;
    global uint *d = out + gid * 64;
    /* zero derived from data so nothing folds */
    uint z = s[0] & 0u;
    int iz = (int)z;
    uint t[N_CASES];
    t[0] = clz(z);
    t[1] = ctz(z);
    t[2] = (uint)clz((uchar)z) | (uint)ctz((ushort)z) << 8 | (uint)clz((ulong)z) << 16 | (uint)ctz((char)z) << 24;
    t[3] = popcount(0xF0F0F0F1u + z) + popcount(-1 + iz) + (uint)popcount((ulong)(-1 + iz));
    t[4] = rotate(0x80000001u + z, 33u + z);
    t[5] = rotate(0x81u + z, 0xFFFFFFFFu + z) ^ (uint)rotate((uchar)(0x81 + z), (uchar)(9 + z));
    t[6] = (uint)mul_hi(-1 + iz, -1) ^ mul_hi(0xFFFFFFFFu + z, 0xFFFFFFFFu);
    t[7] = (uint)mul_hi(INT_MIN + iz, INT_MIN) + (uint)mul_hi(INT_MIN + iz, INT_MAX);
    t[8] = (uint)mad_hi(INT_MAX + iz, 2, 5) ^ (uint)mad_sat(INT_MAX + iz, 2, -5);
    t[9] = (uint)add_sat(INT_MAX + iz, 1) + (uint)sub_sat(INT_MIN + iz, 1);
    t[10] = add_sat(0xFFFFFFF0u + z, 0x20u) ^ sub_sat(5u + z, 7u);
    t[11] = (uint)abs(INT_MIN + iz) ^ (uint)abs((char)(-128 + iz)) << 8;
    t[12] = abs_diff(INT_MIN + iz, INT_MAX) ^ abs_diff(0u + z, 0xFFFFFFFFu);
    t[13] = hadd(0xFFFFFFFFu + z, 0xFFFFFFFFu) + rhadd(0xFFFFFFFFu + z, 0xFFFFFFFEu);
    t[14] = (uint)hadd(INT_MIN + iz, -1) ^ (uint)rhadd(INT_MAX + iz, INT_MIN);
    t[15] = (uint)(upsample(0xFFFFu + z, 0x1234u) >> 0) ^ (uint)upsample((char)(-1 + iz), (uchar)0x80);
    t[16] = (uint)(upsample(-1 + iz, 0x89ABCDEFu) >> 32);
    t[17] = (uint)mul24(0x7FFFFF + iz, -3) ^ (uint)mad24(-0x800000 + iz, 2, 7);
    t[18] = bitselect(0xAAAA5555u + z, 0x0F0F0F0Fu, 0xFF00FF00u);
    t[19] = (uint)mad_sat((short)(30000 + iz), (short)2, (short)-1) | (uint)(ushort)mad_sat((ushort)(300 + z), (ushort)300, (ushort)0) << 16;
    t[20] = (uint)mad_sat(LONG_MAX + (long)iz, 2L, -3L) ^ (uint)(mad_sat(LONG_MIN + (long)iz, 2L, 3L) >> 32);
    t[21] = (uint)(mul_hi(0xFFFFFFFFFFFFFFFFul + z, 0xFFFFFFFFFFFFFFFFul) >> 32) ^ (uint)mul_hi(LONG_MIN + (long)iz, -1L);
    t[22] = (uint)clamp(-5 + iz, 0, 10) | (uint)clamp(300u + z, 0u, 255u) << 8;
    t[23] = (uint)max(-1 + iz, 1) ^ max(0xFFFFFFFFu + z, 1u) ^ (uint)min((char)(-128 + iz), (char)127);
    t[24] = (uint)rotate(-2 + iz, 31) ^ (uint)rotate((short)(-2 + iz), (short)-1);
    t[25] = (uint)(rotate(0x8000000000000001ul + z, 65ul) >> 1);
    t[26] = (uint)sub_sat((char)(-100 + iz), (char)100) | (uint)(uchar)add_sat((uchar)(200 + z), (uchar)100) << 8;
    t[27] = (uint)popcount((short)(-1 + iz)) | (uint)clz((short)(-1 + iz)) << 8 | (uint)clz((short)(1 + iz)) << 16;
    t[28] = (uint)ctz(INT_MIN + iz) | (uint)clz(INT_MIN + iz) << 8 | (uint)ctz((1ul << 63) + z) << 16;
    t[29] = (uint)abs((LONG_MIN + (long)iz) >> 1) ^ (uint)(abs_diff(LONG_MIN + (long)iz, LONG_MAX) >> 1);
    t[30] = (uint)select(5, 9, -1 + iz) + (uint)select(5, 9, 1 + iz) + (uint)select(5u, 9u, 0x80000000u + z);
    t[31] = (uint)any((int4)(0, 0, -1 + iz, 0)) | (uint)all((int4)(-1, -1, 1 + iz, -1)) << 1 | (uint)any((char2)(1 + iz, 127)) << 2;
    for (int k = 0; k < N_CASES; ++k)
        d[k] = t[k];
}
