// oclc-flags: -cl-std=CL2.0
// Bit-plane and bitfield code from a video codec and a succinct-data-structure
// library: vector shifts with counts beyond the lane width (OpenCL masks
// them), variable per-lane counts, rotate on every width, clz/ctz/popcount
// rank/select helpers, upsample to rebuild wider words, and sign-extension
// idioms built from shifts.

kernel void vector_shift_masking(global uint4 *out, global const uint4 *in)
{
    int gid = get_global_id(0);
    global const uint4 *s = in + gid * 16;
    global uint4 *d = out + gid * 16;
    for (int k = 0; k < 4; ++k) {
        uint4 v = s[k];
        uint4 n = s[4 + k];                     /* arbitrary counts */
        int4 iv = as_int4(s[8 + k]);
        d[4 * k + 0] = (v << n) ^ (v >> (n + (uint4)(33)));
        d[4 * k + 1] = as_uint4(iv >> as_int4(n)) + as_uint4(iv << (int4)(35, 64, -1, 31));
        ushort8 h = as_ushort8(v);
        ushort8 hn = as_ushort8(n);
        uchar16 b = as_uchar16(s[12 + k]);
        uchar16 bn = as_uchar16(n);
        d[4 * k + 2] = as_uint4(h << hn) ^ as_uint4(as_short8(h) >> as_short8(hn));
        d[4 * k + 3] = as_uint4(b >> bn) ^ as_uint4(as_char16(b) << (char16)(9)) ^ as_uint4(b << (uchar)13);
    }
}

kernel void long_shifts_and_signext(global long *out, global const long *in)
{
    int gid = get_global_id(0);
    global const long *s = in + gid * 32;
    global long *d = out + gid * 32;
    for (int k = 0; k < 16; ++k) {
        long v = s[k];
        ulong n = (ulong)s[16 + k];
        long2 lv = (long2)(v, ~v);
        d[k] = (lv << (long2)(n, n + 64)).x ^ (lv >> (long2)(70, -2)).y;
        int width = (int)(n & 31) + 1;
        long fieldv = (long)((ulong)v << (64 - width)) >> (64 - width);   /* sign-extend low bits */
        d[16 + k] = fieldv ^ (long)rotate((ulong)v, n) ^ rotate(v, (long)-3);
    }
}

kernel void rank_select(global uint *out, global const uint *in)
{
    int gid = get_global_id(0);
    global const uint *s = in + gid * 64;
    global uint *d = out + gid * 64;
    uint rank = 0;
    for (int k = 0; k < 32; ++k) {
        uint w = s[k];
        ulong wide = upsample(w, s[32 + k]);
        rank += popcount(w);
        uint lowest = w & (0u - w);
        uint lz = clz(w), tz = ctz(w);
        uint msb = w ? 31u - lz : 0xffffffffu;
        d[k] = rank ^ (lz << 8) ^ (tz << 16) ^ msb ^ lowest;
        d[32 + k] = (uint)popcount(wide) + (uint)clz(wide) * 7u + (uint)ctz(wide) * 131u;
    }
}

kernel void narrow_bit_ops(global uint *out, global const uchar *in)
{
    int gid = get_global_id(0);
    global const uchar *s = in + gid * 256;
    global uint *d = out + gid * 64;
    for (int k = 0; k < 64; ++k) {
        uchar a = s[k], b = s[64 + k];
        char ca = as_char(a);
        ushort sa = upsample(a, b);
        short ss = upsample(ca, b);
        uint u = upsample(sa, (ushort)s[128 + k]);
        int si = upsample(ss, (ushort)s[192 + k]);
        uchar4 r4 = rotate((uchar4)(a, b, a ^ b, a + b), (uchar4)(b, 9, 250, 7));
        short4 sr = rotate((short4)(ss), (short4)(1, -1, 17, -100));
        d[k] = u ^ (uint)si ^ as_uint(r4) ^ (uint)clz(ca) ^ (uint)ctz(ss) << 4
             ^ (uint)popcount(sa) << 9 ^ as_uint(convert_char4(sr))
             ^ (uint)abs_diff(ca, as_char(b)) << 20 ^ (uint)abs(ca) << 24;
    }
}

kernel void char_short_vectors(global ushort8 *out, global const ushort8 *in)
{
    int gid = get_global_id(0);
    global const ushort8 *s = in + gid * 16;
    global ushort8 *d = out + gid * 16;
    for (int k = 0; k < 16; ++k) {
        ushort8 v = s[k];
        short8 sv = as_short8(v);
        d[k] = clz(v) + as_ushort8(ctz(sv)) * (ushort)3 + popcount(v) * (ushort)5
             + rotate(v, v.s76543210) + as_ushort8(rotate(sv, (short8)(-5)))
             + as_ushort8(abs(sv)) + abs_diff(sv, sv.s12345670)
             + as_ushort8(hadd(sv, sv.s70123456)) + rhadd(v, v.s01010101);
    }
}
