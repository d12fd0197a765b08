// oclc-flags: -cl-std=CL1.2
// Vector-width plumbing as found in hand-vectorized codecs and BLAS kernels:
// vload3/vstore3 on packed xyz data, 8- and 16-wide swizzles with
// .lo/.hi/.even/.odd, shuffle/shuffle2 permutes, select/bitselect on narrow
// and wide integer vectors, saturating/rounding conversions, and as_* casts.

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

#define SANE3(v) select((float3)(0.0f), clamp((v), -100.0f, 100.0f), isfinite(v))

/* packed xyz records: 3 floats each; 640 results + 640 bit-field records */
#define NREC 640

__kernel void packed_xyz_vec3(__global float *out, __global const float *in)
{
    const uint gid = get_global_id(0);
    for (uint k = 0; k < 10; k++) {
        uint r = gid * 10 + k;                  /* record 0..639 */
        float3 a = SANE3(vload3(r, in));
        float3 b = SANE3(vload3((r + 341u) & 1023u, in));
        float3 n = cross(a, b);
        float3 m = a.zxy * b.yzx - a.yzx * b.zxy;   /* hand-written cross (opposite sign) */
        vstore3(n + m * 0.5f, r, out);
        int3 ia = vload3(r, (__global const int *)in + 2048);
        int3 packed = (ia & 0x3ff) | ((ia >> 10) & 0x3ff) << 10;
        vstore3(packed, r + NREC, (__global int *)out);   /* second half: bit fields */
    }
}

/* 16-wide swizzle soup: even/odd de-interleave, lo/hi halves, explicit sN */
__kernel void swizzle_w16(__global uint16 *out, __global const uint16 *in)
{
    const uint gid = get_global_id(0);
    for (uint k = 0; k < 4; k++) {
        uint16 v = in[gid * 4 + k];
        uint16 w = in[(gid * 4 + k) ^ 1].s0123456789abcdef;

        uint8 ev = v.even, od = v.odd;
        uint16 deint = (uint16)(ev, od);
        uint16 rev = v.sfedcba9876543210;
        uint16 mixd;
        mixd.lo = w.hi;
        mixd.hi = v.lo;
        mixd.s05af = (uint4)(rev.s3, ev.s7, od.s2, w.sc);
        uint4 q = deint.s0123 + deint.s4567.wzyx + deint.hi.even + deint.hi.odd.yxwz;
        ushort8 h = convert_ushort8(v.lo >> 16) ^ convert_ushort8(w.hi);
        ushort4 hq = h.even.s3120 + h.odd.hi.s1000;

        out[gid * 4 + k] = deint + rev * 3u + (mixd ^ (uint16)(q, q.yzwx, q.zwxy, (uint4)(hq.x, hq.y, hq.z, hq.w)));
    }
}

/* shuffle/shuffle2 with masks taken from data (masked to legal range) */
__kernel void permute_shuffle(__global char16 *out, __global const char16 *in)
{
    const uint gid = get_global_id(0);
    for (uint k = 0; k < 4; k++) {
        char16 a = in[gid * 4 + k];
        char16 b = in[(gid * 4 + k + 256) & 1023];
        uchar16 m16 = as_uchar16(in[(gid * 4 + k + 512) & 1023]) & (uchar16)(15);
        uchar16 m32 = as_uchar16(in[(gid * 4 + k + 768) & 1023]) & (uchar16)(31);
        char16 s1 = shuffle(a, m16);
        char16 s2 = shuffle2(a, b, m32);

        short8 sa = as_short8(a), sb = as_short8(b);
        ushort8 sm = convert_ushort8(m16.lo) & (ushort8)(7);
        short8 ss = shuffle2(sa, sb, sm | (ushort8)(0, 8, 0, 8, 0, 8, 0, 8));

        int4 ia = as_int4(b);
        uint4 im = convert_uint4(m32.s02468ace.lo) & 3u;
        int4 is = shuffle(ia, im);

        long2 la = as_long2(a);
        ulong4 lm = (ulong4)(3, 0, 2, 1);
        long4 ls = shuffle2(la, as_long2(b), lm);

        out[gid * 4 + k] = s1 ^ s2 ^ as_char16(ss) ^ as_char16(is) ^ as_char16(ls.lo) ^ as_char16(ls.hi).sfedcba9876543210;
    }
}

__kernel void select_bitselect(__global long4 *out, __global const long4 *in)
{
    const uint gid = get_global_id(0);
    for (uint k = 0; k < 4; k++) {
        uint i = gid * 4 + k;
        long4 a = in[i], b = in[(i + 100) & 511], c = in[(i + 300) & 511];

        /* long: MSB of each lane of c picks */
        long4 s = select(a, b, c);
        long4 bs = bitselect(a, b, c);

        char16 ca = as_char16(a.lo), cb = as_char16(b.lo), cc = as_char16(c.hi);
        char16 cs = select(ca, cb, cc);
        char16 cbs = bitselect(ca, cb, as_char16(a.hi));
        char16 cmp = select(ca, cb, ca > cb);          /* max via comparison mask */

        short8 sa = as_short8(a.hi), sb = as_short8(b.hi);
        short8 sm = select(sa, sb, sa < (short8)(0));
        ushort8 us = select(as_ushort8(sa), as_ushort8(sb), as_short8(c.lo));

        long4 r = s ^ bs;
        r.lo ^= as_long2(cs) + as_long2(cbs);
        r.hi ^= as_long2(cmp) - as_long2(sm);
        r.s2 += as_long(us.lo);
        r.s3 -= as_long(us.hi);
        out[i] = r;
    }
}

/* conversions with explicit saturation and rounding between vector types */
#define SANE4(v) select((float4)(0.0f), clamp((v), -1.0e6f, 1.0e6f), isfinite(v))

__kernel void convert_rounding_modes(__global int4 *out, __global const float4 *in)
{
    const uint gid = get_global_id(0);
    for (uint k = 0; k < 4; k++) {
        uint i = gid * 4 + k;
        float4 raw = in[i];
        float4 f = SANE4(raw) * (float4)(0.37f, 1.5f, -2.25f, 0.125f);
        uint o = i * 4;
        /* float -> int family, every rounding mode */
        out[o + 0] = convert_int4_rte(f) + convert_int4_rtz(f) * 3 - convert_int4_rtp(f) + convert_int4_rtn(f) * 5;
        /* saturating narrowings, NaN/inf in raw -> defined results with _sat */
        char4 c = convert_char4_sat_rte(raw);
        uchar4 uc = convert_uchar4_sat_rtn(f);
        short4 sh = convert_short4_sat_rtp(f * 100.0f);
        ushort4 us = convert_ushort4_sat_rtz(raw);
        out[o + 1] = (int4)(as_int(c), as_int(uc), as_int(sh.lo), as_int(us.hi)) ^ convert_int4(sh) ^ convert_int4(us);
        /* int -> float with rounding, long/ulong lanes */
        int4 bits = as_int4(raw);
        float4 fr = convert_float4_rtz(bits) + convert_float4_rtp(as_uint4(bits)) * 0.5f;
        long4 lg = convert_long4(bits) * (long4)(1000003L);
        ulong4 ul = convert_ulong4_sat(lg);
        float4 fl = convert_float4_rtn(lg) - convert_float4_rte(ul);
        out[o + 2] = as_int4(fr) ^ as_int4(fl);
        /* integer <-> integer saturation across widths */
        short8 s8 = convert_short8_sat((int8)(bits, bits >> 7));
        char8 c8 = convert_char8_sat(s8);
        uchar8 u8 = convert_uchar8_sat(c8);
        uint4 u4 = convert_uint4_sat(lg);
        int4 i4 = convert_int4_sat(ul);
        out[o + 3] = as_int4((uint4)(as_uint2(c8), as_uint2(u8))) + as_int4(u4) - i4 + convert_int4(s8.even);
    }
}

__kernel void convert_double_vectors(__global long2 *out, __global const float4 *in)
{
    const uint gid = get_global_id(0);
    for (uint k = 0; k < 4; k++) {
        uint i = gid * 4 + k;
        float4 f = SANE4(in[i]);
        int4 n = as_int4(in[(i + 7) & 1023]);
        double4 d = convert_double4(f) * 1.0000001 + convert_double4(n);
        float4 back_e = convert_float4_rte(d);
        float4 back_z = convert_float4_rtz(d);
        long4 l = convert_long4_sat_rtn(d * 1.0e3);
        uint4 u = convert_uint4_sat_rtp(d);
        char4 c = convert_char4_sat_rtz(d);
        double2 acc = d.lo + d.hi.yx;
        acc += convert_double2(back_e.lo - back_z.hi);
        acc += convert_double2(l.hi) * 1.0e-6 + convert_double2(u.lo) + convert_double2(convert_int2(c.xy));
        out[i * 2] = as_long2(acc);
        out[i * 2 + 1] = (long4)(l.lo, as_long2(f)).odd;
    }
}
