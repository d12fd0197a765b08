// C's arithmetic rules as kernels lean on them: signed division and
// remainder truncating toward zero, char being signed, the usual
// arithmetic conversions between signed and unsigned operands, narrowing
// compound assignments, increments on vector components and through
// pointers, bool conversions, ternaries of mixed types, struct copies, and
// float-to-integer conversions of in-range values.

typedef struct { short s; uchar c; int i; float f; } Mixed;

int divmod(int a, int b) { return b == 0 ? a : (a / b) * 1000 + a % b; }

kernel void integer_rules(global int *out, global const int *in)
{
    int gid = get_global_id(0);
    int a = in[gid] % 100000, b = (in[gid + 64] % 97) - 48;
    out[16 * gid + 0] = divmod(a, b);
    out[16 * gid + 1] = divmod(-a, b);
    char c = (char)in[gid + 128];
    uchar uc = (uchar)in[gid + 128];
    out[16 * gid + 2] = c + uc * 1000;
    out[16 * gid + 3] = (c < 0) + 2 * (uc > 127) + 4 * ((int)(char)200 < 0);
    uint u = (uint)in[gid + 192];
    out[16 * gid + 4] = (a < u) + 2 * (-1 < 0u) + 4 * ((long)-1 < 0u) + 8 * (b > (short)-3);
    uchar acc = 250;
    acc += gid;
    short sh = 32000;
    sh += (short)(gid * 100);
    out[16 * gid + 5] = acc * 100000 + sh;
    int4 v = (int4)(a, b, gid, -gid);
    v.y++;
    ++v.z;
    v.w += v.x--;
    out[16 * gid + 6] = v.x ^ v.y ^ v.z ^ v.w;
    int arr[4] = { 1, 2, 3, 4 };
    int *p = arr;
    *p++ += 10;
    *++p *= 3;
    out[16 * gid + 7] = arr[0] + arr[1] * 10 + arr[2] * 100 + (int)(p - arr) * 1000;
    bool flag = a;
    out[16 * gid + 8] = flag + (bool)0.5f * 2 + (!b) * 4 + (a && b) * 8 + (a || !b) * 16;
    long big = (long)a * 100003L;
    out[16 * gid + 9] = (int)(big >> 7) ^ (int)(big % 1000);
    out[16 * gid + 10] = (gid & 1 ? a : u) > 5u;
    out[16 * gid + 11] = (int)(gid & 2 ? 1.5f : a) + (int)(b < 0 ? -2.75f : 2.75f);
    uint x = u;
    x >>= (uint)gid & 31u;
    x <<= 3;
    out[16 * gid + 12] = (int)x;
    out[16 * gid + 13] = (int)((ulong)u * (ulong)u >> 32);
    out[16 * gid + 14] = -a >> 3;
    out[16 * gid + 15] = (short)(a * 3) + (ushort)(a * 7);
}

kernel void struct_and_float_rules(global int *out, global const float *in)
{
    int gid = get_global_id(0);
    float f = in[gid];
    f = isfinite(f) ? clamp(f, -1.0e6f, 1.0e6f) : -2.5f;
    Mixed m = { (short)f, (uchar)gid, (int)(f * 3.0f), f * 0.5f };
    Mixed copy = m;
    copy.s += 1;
    copy.c -= 3;
    Mixed both[2] = { m, copy };
    out[8 * gid + 0] = both[0].s + both[1].s * 3 + both[1].c;
    out[8 * gid + 1] = both[0].i - both[1].i + (int)both[1].f;
    out[8 * gid + 2] = (int)f + (int)(-f) + (int)(uint)fabs(f);
    out[8 * gid + 3] = (int)(f * 256.0f) >> 4;
    out[8 * gid + 4] = (int)rint(f) + (int)round(f) * 3 + (int)trunc(f) * 5 + (int)floor(f) * 7;
    double d = (double)f * 1e-3;
    out[8 * gid + 5] = (int)(d * 1e6);
    out[8 * gid + 6] = as_int(f) >> 20;
    out[8 * gid + 7] = (f == f) + (f != -f) * 2 + (f <= 0.0f) * 4 + isless(f, 0.0f) * 8;
}
