// oclc-flags: -cl-std=CL1.2
// Idioms from generated and library image code: a scalar condition picking
// between a vector and a scalar (`inside ? pix : 0.0f`, `c ? 1 : v`), the
// scalar widened to the vector as for binary operators; and 24-bit integer
// multiplies on narrow integers (`mul24(uchar, 3)`, `mad24(short, ...)`),
// which promote to the `int` overload as in clang.

#define W 16

kernel void masked_blend(global float4 *out, global const float4 *in)
{
    const int gid = get_global_id(0);
    const int x = gid % W, y = gid / W;
    const float4 pix = in[gid];
    const int inside = x > 0 && x < W - 1 && y > 0;
    float4 v = inside ? pix : 0.0f;
    v += (gid & 2) ? 1 : pix * 0.5f;
    const int4 bits = as_int4(pix);
    const int4 kept = (gid & 4) ? bits : (short)-3;
    out[gid * 4 + 0] = v;
    out[gid * 4 + 1] = as_float4(kept);
    out[gid * 4 + 2] = (gid & 8) ? pix * 2.0f : pix.x;
    out[gid * 4 + 3] = (float4)(inside ? pix.lo : (float2)(-1.0f), (gid & 1) ? pix.zw : 7.0f);
}

kernel void narrow_mul24(global int *out, global const uchar *in)
{
    const int gid = get_global_id(0);
    const uchar a = in[gid * 4];
    const short s = (short)(in[gid * 4 + 1] << 4) - 2000;
    const ushort u = in[gid * 4 + 2] * 200u;
    const char c = (char)in[gid * 4 + 3];
    out[gid * 8 + 0] = mul24(a, 3);
    out[gid * 8 + 1] = mad24(s, s, a);
    out[gid * 8 + 2] = mul24(u, (ushort)77);
    out[gid * 8 + 3] = mad24(c, (char)-5, s);
    out[gid * 8 + 4] = mul24(a, s);
    out[gid * 8 + 5] = (int)mul24((uint)u, 3u);
    out[gid * 8 + 6] = mad24(gid, W, (int)a);
}
