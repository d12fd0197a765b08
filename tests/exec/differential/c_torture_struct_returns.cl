// oclc-flags: -cl-std=CL1.2
// C torture idioms from SDK samples: struct-returning helpers chosen by
// if/else and ?: (returned through a hidden pointer, as llvm-spirv does; the
// runtime crashed on struct results returned by value), goto, case ranges,
// compound assignment to swizzles.
typedef struct { int a; float b; } pair_t;

int kr_style(int a, int b) { return a * 3 - b; }

pair_t mkpair(int a, float b) { pair_t p = { a, b }; return p; }

__kernel void ctorture(__global int *out, __global const int *in)
{
    int gid = get_global_id(0);
    __global int *o = out + gid * 32;
    int x = in[gid], y = in[gid + 64];
    int n = 0, i, j;
    for (i = 0, j = 10; i < j; i++, j--) n += i * j;
    o[0] = n;
    /* goto-based loop */
    int k = 0, acc = 0;
again:
    acc += (x >> k) & 1;
    if (++k < 32) goto again;
    o[1] = acc;
    /* compound literal */
    int cl[4] = { x, y, x ^ y, 42 };
    o[2] = cl[2] + cl[3];
    pair_t p = (x & 1) ? mkpair(x, 1.5f) : mkpair(y, -2.0f);
    o[3] = p.a + (int)p.b;
    int4 v = (int4)(x, y, 3, 4);
    v.x++;
    ++v.y;
    v.zw += (int2)(x, y);
    v.xy = v.yx = v.zw;
    v.s3 *= 2;
    o[4] = v.x; o[5] = v.y; o[6] = v.z; o[7] = v.w;
    int arr[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
    int *pa = &arr[4];
    o[8] = pa[-2] + *(pa + 3) + (int)(&arr[7] - pa) + (pa > &arr[1]);
    ++*pa; (*pa)++; *pa++ += 10;
    o[9] = arr[4] * 100 + *pa;
    char c = (char)x;
    uchar uc = (uchar)x;
    o[10] = (c < 0) + (uc < 0) * 2 + (c >> 1) + ((int)uc >> 1);
    o[11] = kr_style(x & 255, y & 255);
    o[12] = (x, y);
    o[13] = x ? y ? 1 : 2 : 3;
    int m = x;
    m <<= (y & 7); m >>= 2; m |= 1; m &= ~2; m ^= 0x55; m %= 1000;
    o[14] = m;
    long big = (long)x * (long)y;
    o[15] = (int)(big >> 32) ^ (int)big;
    short sh = (short)x;
    sh = sh * sh;
    o[16] = sh;
    unsigned u = (unsigned)x;
    o[17] = (int)(u / 7u + u % 7u);
    o[18] = x / 7 + x % 7 - (-x >> 3);
    o[19] = (y & 0xff) ? (x & 0xffff) / (y & 0xff) : -1;
    bool bb = x > y;
    o[20] = bb + !bb * 2 + (bb && (y & 1)) * 4 + (bb || (x & 1)) * 8;
    int sw = 0;
    switch (x & 7) {
    case 0: sw += 1;
    case 1: sw += 2; break;
    case 2: { int t = 5; sw += t; }
    case 3 ... 5: sw += 100; break;
    default: sw = -1;
    }
    o[21] = sw;
    int q = 0;
    do { q += 3; if (q == 9) continue; q++; } while (q < 20);
    o[22] = q;
    int w = 0;
    while (1) { if (++w > 5) break; }
    o[23] = w;
    float f = (float)x;
    o[24] = (int)(f * 0.5f) + (int)(char)(y >> 8) + (int)(ushort)(y >> 3);
    uint us = 0xffffffffu;
    o[25] = (int)(us + 1u) + (int)((ulong)us + 1ul > 0xffffffffu);
    o[26] = sizeof(x++) + x;
    o[27] = -(-2147483647 - 1 == in[gid]);
}
