// C and OpenCL C rules at the edges, on inputs that include NaN, ±inf,
// INT_MIN and INT_MAX: shift counts taken modulo the width (scalars and
// vectors, signed and unsigned), wrapping unsigned arithmetic, saturating
// and rounding conversions, float-to-int casts of in-range values,
// mixed-width integer promotion, comparisons with NaN, and the
// relational built-ins.

kernel void shifts(global uint *out, global const uint *in)
{
    int gid = get_global_id(0);
    uint x = in[gid], s = in[gid + 64];
    int sx = (int)x;
    out[8 * gid + 0] = x << s;
    out[8 * gid + 1] = x >> s;
    out[8 * gid + 2] = (uint)(sx >> s);
    out[8 * gid + 3] = (uint)((uchar)x << (s & 7));
    uint4 v = (uint4)(x, x + 1u, x * 3u, ~x) << (uint4)(s, s + 8u, s + 16u, s + 31u);
    out[8 * gid + 4] = v.x ^ v.y ^ v.z ^ v.w;
    ushort h = (ushort)x;
    out[8 * gid + 5] = (uint)(ushort)(h << (s & 31)) + (uint)(short)((short)h >> 3);
    ulong w = ((ulong)x << 32) | s;
    out[8 * gid + 6] = (uint)(w >> (s & 63)) + (uint)(w << 40 >> 40);
    out[8 * gid + 7] = rotate(x, s) + (x * 0x9e3779b9u) + (x - s);
}

kernel void conversions(global int *out, global const float *in)
{
    int gid = get_global_id(0);
    float f = in[gid];
    float g = isfinite(f) ? clamp(f, -1.0e9f, 1.0e9f) : 0.5f;
    out[8 * gid + 0] = convert_int_sat(f);
    out[8 * gid + 1] = convert_int_rte(g) + convert_int_rtn(g) * 3;
    out[8 * gid + 2] = (int)g;
    out[8 * gid + 3] = convert_uchar_sat_rte(f * 7.0f);
    int4 q = convert_int4_sat_rtz((float4)(f, -f, f * 1e10f, f * 0.5f));
    out[8 * gid + 4] = q.x + q.y * 2 + q.z * 5 + q.w;
    out[8 * gid + 5] = (f < 0.0f) + 2 * (f > 0.0f) + 4 * (f == f) + 8 * (f != f) + 16 * isnan(f) + 32 * isinf(f);
    short2 s2 = convert_short2_sat(as_int2((float2)(f, g)));
    out[8 * gid + 6] = s2.x * 65536 + (ushort)s2.y;
    char c = (char)as_uint(f);
    uchar uc = (uchar)as_uint(f);
    out[8 * gid + 7] = c * uc + (c < 0) + (signbit(f) << 4) + (isless(f, 1.0f) << 5) + (isunordered(f, g) << 6);
}

kernel void vector_logic(global int *out, global const int4 *in)
{
    int gid = get_global_id(0);
    int4 a = in[gid], b = in[gid + 1 < 64 ? gid + 1 : 0];
    int4 lt = a < b;
    int4 both = (a > 0) && (b > 0);
    int4 either = (a & 1) || !(b & 2);
    int4 pick = lt ? a : b;
    int4 sel = select(a, b, lt);
    out[4 * gid + 0] = lt.x + lt.y * 3 + lt.z * 9 + lt.w * 27;
    out[4 * gid + 1] = both.x + both.y * 3 + either.z * 9 + either.w * 27;
    out[4 * gid + 2] = pick.x ^ pick.y ^ sel.z ^ sel.w;
    out[4 * gid + 3] = any(lt) + 2 * all(both) + 4 * any(a == b) + (int)bitselect((uint)a.x, (uint)b.x, 0x0f0f0f0fu);
}
