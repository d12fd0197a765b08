// oclc-flags: -cl-std=CL1.2
// Integer corner cases as fixed-point DSP, bignum and date/time code hits
// them: signed division and remainder with negative operands (C99
// truncation), floor-division helpers, vector shifts whose count is at
// least the element width (masked per element type), scalar char shifts
// (promoted to int first), unsigned wraparound, abs of INT_MIN, mul_hi and
// mad_hi on long/ulong, mad_sat/add_sat/sub_sat on long, and clamp.

inline int floor_div(int a, int b) { int q = a / b; return q - ((a % b != 0) & ((a ^ b) < 0)); }
inline int floor_mod(int a, int b) { int r = a % b; return r + (((r != 0) & ((r ^ b) < 0)) ? b : 0); }

__kernel void signed_divrem(__global int *out, __global const int *in)
{
    const int gid = get_global_id(0);
    const int b = gid * 64;
    for (int i = 0; i < 8; i++) {
        int x = in[b + i];
        int d = in[b + 8 + i] % 97;
        if (d == 0) d = -7;
        if (x == INT_MIN && d == -1) d = 3;
        out[b + i * 6 + 0] = x / d;
        out[b + i * 6 + 1] = x % d;
        out[b + i * 6 + 2] = floor_div(x, d);
        out[b + i * 6 + 3] = floor_mod(x, d);
        out[b + i * 6 + 4] = (x / -8) + (x % -8) * 1000;
        out[b + i * 6 + 5] = (int)((short)x / (short)-3) + (char)x % (char)5;
    }
    int4 v = vload4(0, in + b + 16);
    int4 dv = (int4)(-3, 5, -7, 11);
    int4 q = v / dv, r = v % dv;
    vstore4(q, 12, out + b);
    vstore4(r, 13, out + b);
    long lx = ((long)in[b + 20] << 20) | (uint)in[b + 21];
    long ld = (long)(in[b + 22] % 1000) - 1000;
    out[b + 56] = (int)(lx / ld);
    out[b + 57] = (int)(lx % ld);
    out[b + 58] = (int)(as_ulong(lx) / (ulong)(-ld));
    out[b + 59] = (int)(as_ulong(lx) % 77ul);
}

__kernel void vector_shifts(__global uint *out, __global const uint *in)
{
    const int gid = get_global_id(0);
    const int b = gid * 64;
    uint x = in[b], s = in[b + 1] & 63;
    uchar4 c4 = as_uchar4(x);
    char4 sc4 = as_char4(x);
    uchar4 cnt = (uchar4)(s, s + 1, s + 7, s + 9);
    out[b + 0] = as_uint(c4 << cnt);
    out[b + 1] = as_uint(c4 >> cnt);
    out[b + 2] = as_uint(sc4 >> as_char4(cnt));
    out[b + 3] = as_uint(sc4 << (char)9);
    ushort2 h2 = as_ushort2(x);
    out[b + 4] = as_uint(h2 << (ushort2)(17, 33)) ^ as_uint(h2 >> (ushort2)(s, 16));
    short2 sh2 = as_short2(x);
    out[b + 5] = as_uint(sh2 >> (short2)(s, 31));
    uint4 u4 = (uint4)(x, ~x, x * 3u, s);
    out[b + 6] = as_uint(convert_uchar4((u4 << (uint4)(32, 33, 63, 64)) >> 24));
    long2 l2 = (long2)((long)x << 32 | s, -(long)x);
    long2 sl = l2 >> (long2)(64 + s, 127);
    out[b + 7] = (uint)sl.x ^ (uint)(sl.y >> 32) ^ (uint)sl.y;
    /* scalar narrow types are promoted: the count is masked with 31 */
    uchar c = (uchar)x;
    out[b + 8] = (uint)(c << (s & 15));
    out[b + 9] = (uint)(uchar)(c << 9) + ((uint)(char)c >> (s & 31));
    char3 c3 = as_char4(x).xyz >> (char3)(8, 15, 16);
    out[b + 10] = (uint)(c3.x + c3.y * 3 + c3.z * 9);
    /* unsigned wraparound */
    uint w = x - 0x80000000u;
    out[b + 11] = w * 0xffffffffu + (x + 1u) * (x - 1u);
    ushort us = (ushort)x;
    out[b + 12] = (ushort)(us + 0xffff) + (ushort)((uint)us * us);
}

__kernel void wide_builtins(__global ulong *out, __global const long *in)
{
    const int gid = get_global_id(0);
    const int b = gid * 32;
    long a = in[b], c = in[b + 1], d = in[b + 2];
    ulong ua = as_ulong(a), uc = as_ulong(c);
    out[b + 0] = as_ulong(mul_hi(a, c));
    out[b + 1] = mul_hi(ua, uc);
    out[b + 2] = as_ulong(mad_hi(a, c, d));
    out[b + 3] = as_ulong(mad_sat(a, c, d));
    out[b + 4] = mad_sat(ua, uc, as_ulong(d));
    out[b + 5] = as_ulong(add_sat(a, c)) ^ as_ulong(sub_sat(a, d));
    out[b + 6] = add_sat(ua, uc) ^ sub_sat(ua, uc);
    out[b + 7] = as_ulong(abs(a)) + abs((long)LONG_MIN) + abs_diff(a, c);
    out[b + 8] = as_ulong(hadd(a, c)) ^ as_ulong(rhadd(a, d));
    out[b + 9] = as_ulong(mad_sat((long)(a >> 40), (long)(c >> 40), d));
    long2 v = (long2)(a, c);
    out[b + 10] = as_ulong(mul_hi(v, (long2)(d, LONG_MIN)).x ^ mul_hi(v, (long2)(d, -1)).y);
    int ia = (int)a, ic = (int)c;
    out[b + 11] = (ulong)abs(ia) | ((ulong)abs((int)INT_MIN) << 32);
    out[b + 12] = as_ulong((long)clamp(ia, -1000, 1000) * 4096 + clamp(ic, -(int)abs(ia >> 1), (int)abs(ia >> 1)));
    out[b + 13] = as_ulong(clamp(a, (long)INT_MIN, (long)INT_MAX));
    out[b + 14] = as_ulong(convert_long(mul_hi(ia, ic)) * 3 + mul_hi((uint)ia, (uint)ic));
    out[b + 15] = (ulong)mad24(ia & 0x7fffff, ic >> 9, 17) ^ ((ulong)mul24((uint)ia & 0xffffffu, (uint)ic & 0xffffffu) << 32);
}
