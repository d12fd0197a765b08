// oclc-flags: -cl-std=CL2.0
// Lexical and conversion rules that ported C code leans on: escape
// sequences in string literals (greedy hex, three-digit octal, \a \b \f \v
// \?), adjacent-literal concatenation, high bytes in constant strings,
// enums with negative and derived values, ternaries whose arms have different
// types, narrowing compound assignments, scalar shifts with wider count
// types, swizzle swaps and increments on vector components, and sizeof on
// unevaluated expressions.

constant char esc[] = "\x41" "BC\1010\a\b\f\v\?\'\"\\\xff\200";
constant char cat[] = "ab" "cd" "\0" "ef";

typedef enum { SMALL = 1, BIG = 0x40000000, NEG_LATER } Wide;
typedef enum { A0, A1 = -5, A2, A3 = A2 * 3 } Mixed;

__kernel void strings_enums(__global int *out, __global const int *in)
{
    const int gid = get_global_id(0);
    const int b = gid * 64;
    int x = in[gid * 64];
    out[b + 0] = sizeof(esc);
    int h = 0;
    for (int i = 0; i < (int)sizeof(esc); i++)
        h = h * 33 + esc[i];
    out[b + 1] = h;
    out[b + 2] = sizeof(cat) * 100 + cat[4] + cat[5] + cat[6];
    out[b + 3] = esc[14] + esc[15] * 1000;
    out[b + 4] = sizeof(Wide) * 10 + sizeof(Mixed);
    out[b + 5] = (int)(BIG >> 16) + (int)((long)NEG_LATER >> 31);
    out[b + 6] = A0 * 1000 + A1 * 100 + A2 * 10 + A3;
    out[b + 7] = (x < 0 ? -1 : 0u) > 5u;
    long t = x ? -1 : 0u;
    out[b + 8] = (int)(t >> 32);
    long t2 = x & 1 ? (short)-3 : (ushort)5;
    out[b + 9] = (int)t2;
    char c = (char)x;
    c += 200;
    uchar uc = (uchar)x;
    uc -= 300;
    short s = (short)x;
    s *= 3;
    s >>= 1;
    ushort us = (ushort)x;
    us <<= 3;
    out[b + 10] = c;
    out[b + 11] = uc;
    out[b + 12] = s;
    out[b + 13] = us;
    int sx = x;
    sx <<= 33L;
    out[b + 14] = sx;
    long lx = x;
    out[b + 15] = (int)((lx << 65) >> 1);
    out[b + 16] = x >> (char)40;
    out[b + 17] = (int)((uint)x >> 36ul);
    int4 v = vload4(0, in + gid * 64);
    v.xy = v.yx;
    v.z++;
    v.w -= v.x;
    v.s3 += 7;
    v.wz = v.xx * 2;
    vstore4(v, 5, out + b);
    int k = x;
    out[b + 24] = sizeof(k++) + sizeof(x = 5) * 10 + k - x;
    int a = 1, bb = 2, cc = 3;
    a = bb = cc;
    out[b + 25] = a * 100 + bb * 10 + cc;
    int d = (a++, bb += a, cc * bb);
    out[b + 26] = d * 10 + a;
}
