// oclc-flags: -cl-std=CL1.2
// Vector idioms of SDK samples: swizzles, shuffle2, unions of vectors,
// the vload_half/vstore_half family.
typedef union { float f; uint u; uchar4 b; short2 h; } pun_t;
typedef union { float4 v; float a[4]; uint4 u; } v4_t;

__kernel void vec_idioms(__global uint *out, __global const uint *in)
{
    int i = get_global_id(0);
    __global uint *o = out + i * 64;
    uint16 w = vload16(i, in);
    uint8 lo = w.lo, hi = w.hi;
    uint8 ev = w.even, od = w.odd;
    vstore8(lo ^ hi, 0, o);
    vstore8(ev + od, 1, o);
    uint4 q = w.s0f3c;
    q.wx = q.xw;
    q.s12 = w.sEF;
    vstore4(q, 4, o);
    float4 f = as_float4(w.s4567);
    float4 g = (float4)(as_float2(w.s89), 1.5f, -2.0f);
    float4 h = (float4)((float2)(0.25f), g.yx);
    float3 t3 = f.xyz * 2.0f + h.zyx;
    float8 f8 = (float8)(f, g);
    vstore4(as_uint4(h), 5, o);
    vstore3(as_uint3(t3), 0, o + 24);
    o[27] = as_uint(f8.s7) ^ as_uint(f8.hi.lo.y);
    uint4 mask = (uint4)(3, 0, 1, 2) ^ (w.s0123 & 1);
    uint4 sh = shuffle(w.lo.lo, mask & 3);
    vstore4(sh, 7, o);
    uint8 s2 = shuffle2(w.lo, w.hi, (uint8)(15, 0, 14, 1, 9, 8, 3, w.s5 & 15));
    vstore8(s2, 4, o);
    v4_t vu; vu.v = f;
    vu.a[2] = 7.0f;
    o[40] = vu.u.x ^ vu.u.z;
    pun_t p; p.u = w.sa;
    p.b.y = 0x7f;
    o[41] = p.u;
    o[42] = as_uint(p.h >> (short2)(3, 15));
    o[43] = vec_step(float3) * 16 + vec_step(uchar16) + sizeof(float3);
    int4 iv = as_int4(w.s89ab);
    int4 c = iv > (int4)(0) ? iv : -iv;
    o[44] = c.x + c.y; o[45] = c.z - c.w;
    int4 r4 = (iv & 0xff) >= 0x80;
    o[46] = as_uint(r4.x + r4.y * 2 + r4.z * 4 + r4.w * 8);
    char16 cv = as_char16(w.s0123);
    short8 sv = convert_short8(cv.lo) * convert_short8(cv.hi);
    vstore8(as_uint8(convert_int8(sv)), 6, o);
    uchar4 u4 = convert_uchar4_sat(as_int4(w.scdef) >> 20);
    o[56] = as_uint(u4);
    ushort4 us = convert_ushort4_sat_rte(clamp(as_float4(w.s0123), -1e6f, 1e6f));
    o[57] = as_uint(us.lo) ^ as_uint(us.hi);
    float2 fl = convert_float2(as_int2(w.s45)) + convert_float2(as_uint2(w.s67));
    o[58] = as_uint(fl.x) ^ as_uint(fl.y);
    int2 ri = convert_int2_rte(clamp(as_float2(w.s89), -1e9f, 1e9f));
    o[59] = ri.x + ri.y;
    long2 lv = convert_long2(as_int2(w.sab)) * (long2)(3, -5);
    o[60] = (uint)(lv.x >> 1) ^ (uint)(lv.y >> 33);
    double_unused: ;
    o[61] = as_uint((uchar4)(1, 2, 3, 4) + (uchar4)(w.s1 & 0xff));
    o[62] = any(iv < 0) | (all(iv != 0) << 1) | (any(as_short8(w.lo.lo) < (short)0) << 2);
    uint3 u3 = w.s123;
    u3 = u3.zxy | (u3 << 3u);
    o[63] = u3.x ^ u3.y ^ u3.z;
}

__kernel void half_io(__global half *out, __global const float *in)
{
    int i = get_global_id(0);
    float4 v = vload4(i, in);
    vstore_half(v.x, i * 16, out);
    vstore_half_rte(v.y, i * 16 + 1, out);
    vstore_half_rtz(v.z, i * 16 + 2, out);
    vstore_half_rtp(v.w, i * 16 + 3, out);
    vstore_half4_rtn(v, i * 4 + 1, out);
    vstorea_half2(v.lo, i * 8 + 4, out);
    float4 b = vload_half4(i * 4 + 1, out);
    float  s = vload_half(i * 16 + 2, out);
    float2 a = vloada_half2(i * 8 + 4, out);
    float4 r = b * 2.0f + s + a.xyxy;
    vstore_half4(select(r, (float4)(-1.0f), isnan(r)), i * 4 + 3, out);
}
