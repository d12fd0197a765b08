// oclc-flags: -cl-std=CL1.2
// Built-ins whose scalar and vector forms follow different rules, as
// branch-free SIMD code in codecs and sorting networks trips over them:
// scalar select tests c != 0 while vector select tests the sign bit; any/
// all look only at the sign bit (also on scalars); shuffle/shuffle2 use
// only the low bits of each mask element; rotate with negative and
// oversized counts on narrow vectors; clz/ctz/popcount of 0 and -1 on
// every width; relational results 1 vs -1.

__kernel void select_rules(__global int *out, __global const int *in)
{
    const int gid = get_global_id(0);
    const int b = gid * 64;
    int c = in[b];
    float fa = as_float(in[b + 1]), fb = as_float(in[b + 2]);
    out[b + 0] = select(10, 20, c);
    out[b + 1] = select(10, 20, c & 1);
    out[b + 2] = as_int(select(fa, fb, c));
    out[b + 3] = as_int(select(fa, fb, (uint)c >> 31));
    out[b + 4] = (int)select((uint)1, (uint)2, (uint)(c >> 24));
    out[b + 5] = as_int(select(1.5f, 2.5f, (uint)(c & 0x100)));
    int2 v = select((int2)(10, 11), (int2)(20, 21), (int2)(c, c & 1));
    out[b + 6] = v.x * 100 + v.y;
    out[b + 7] = any(c) * 10 + all(c) + any(c & 0x7fffffff) * 100;
    out[b + 8] = any((char2)(1, 2)) + all((short3)(-1, -2, -3)) * 2 + any((long2)(0, LONG_MIN)) * 4;
    out[b + 9] = isnan(fa) + isnan((float2)(fa, fb)).y * 10 + isless(fa, fb) + isless((float4)(fa), (float4)(fb)).w * 1000;
    out[b + 10] = bitselect(c, ~c, 0x0f0f0f0f);
    out[b + 11] = c ? 7 : 9;
    int4 cond = (int4)(c, 1, -1, 0);
    int4 t = cond ? (int4)(1) : (int4)(2);     /* vector ternary: sign bit */
    out[b + 12] = t.x * 1000 + t.y * 100 + t.z * 10 + t.w;
}

__kernel void shuffle_masks(__global uint *out, __global const uint *in)
{
    const int gid = get_global_id(0);
    const int b = gid * 64;
    uint4 x = vload4(0, in + b), y = vload4(1, in + b);
    uint4 m = vload4(2, in + b);
    uint4 r1 = shuffle(x, m);
    uint4 r2 = shuffle2(x, y, m);
    uint8 r3 = shuffle2(x, y, (uint8)(0xffffffffu, 8, 9, 15, 16, 0x80000003u, 7, 12));
    uchar16 bytes = as_uchar16(x);
    uchar16 rev = shuffle(bytes, (uchar16)(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0) + (uchar16)(32));
    uchar4 bm = as_uchar4(m.x);
    uchar4 r4 = shuffle2(as_uchar8((uint2)(y.x, y.y)), as_uchar8((uint2)(y.z, y.w)), bm);
    vstore4(r1, 0, out + b);
    vstore4(r2, 1, out + b);
    vstore8(r3, 1, out + b);
    vstore4(as_uint4(rev), 4, out + b);
    out[b + 20] = as_uint(r4);
    float2 f = shuffle((float4)(1.0f, 2.0f, 3.0f, 4.0f), (uint2)(m.y, m.z));
    out[b + 21] = as_uint(f.x) ^ as_uint(f.y);
    ulong2 l = shuffle2((ulong2)(m.x, m.y), (ulong2)(x.z, x.w), (ulong2)(m.w, ~(ulong)m.z));
    out[b + 22] = (uint)l.x ^ (uint)(l.y >> 7);
}

__kernel void rotate_counts(__global uint *out, __global const uint *in)
{
    const int gid = get_global_id(0);
    const int b = gid * 64;
    uint x = in[b], s = in[b + 1];
    char4 c = as_char4(x);
    out[b + 0] = as_uint(rotate(c, (char4)(-1, -9, 9, 127)));
    out[b + 1] = as_uint(rotate(as_uchar4(x), (uchar4)(8, 200, 255, as_uchar4(s).x)));
    out[b + 2] = as_uint(rotate(as_short2(x), (short2)(-3, 17)));
    out[b + 3] = as_uint(rotate(as_ushort2(x), as_ushort2(s)));
    out[b + 4] = rotate(x, (uint)-5) ^ (uint)rotate((int)x, (int)s);
    long2 l = rotate((long2)((long)x << 29 | s, -(long)s), (long2)(-1, 65));
    out[b + 5] = (uint)(l.x ^ (l.y >> 3));
    out[b + 6] = clz(0) + clz((char)0) * 100 + clz((short)0) * 10000 + (uint)clz(0L) * 1000000;
    out[b + 7] = clz(-1) + clz((uchar)1) * 10 + clz((ushort)x) * 1000 + popcount((char)-1) * 100000;
    uchar4 cu = as_uchar4(x);
    out[b + 8] = as_uint(clz(cu)) ^ as_uint(popcount(cu) << (uchar4)(4));
    short2 sh = as_short2(s);
    out[b + 9] = as_uint(clz(sh)) + as_uint(popcount(sh)) * 7;
    ulong3 u3 = (ulong3)(0, ~0ul, (ulong)x << 17);
    ulong3 cz = clz(u3);
    out[b + 10] = (uint)(cz.x + cz.y * 100 + cz.z * 10000);
    out[b + 11] = popcount((ulong)x * 0x0101010101010101ul) + (uint)popcount((long)LONG_MIN) * 1000;
}
