/* select test idiom: select with signed/unsigned vector masks, bitselect */
kernel void cts_select(global int4 *out, global const int4 *in)
{
    size_t g = get_global_id(0);
    int4 a = in[g * 16], b = in[g * 16 + 1], c = in[g * 16 + 2];
    uint4 uc = as_uint4(in[g * 16 + 3]);
    float4 fa = as_float4(in[g * 16 + 4]), fb = as_float4(in[g * 16 + 5]);
    out[g * 16 + 0] = select(a, b, c);
    out[g * 16 + 1] = select(a, b, uc);
    out[g * 16 + 2] = as_int4(select(fa, fb, c));
    out[g * 16 + 3] = bitselect(a, b, c);
    out[g * 16 + 4] = as_int4(bitselect(fa, fb, as_float4(c)));
    out[g * 16 + 5] = c < 0 ? a : b;
    out[g * 16 + 6] = a > b;
    out[g * 16 + 7] = (int4)(select((short)a.x, (short)b.x, (short)c.x), select((char)a.y, (char)b.y, (char)c.y), select(a.z, b.z, c.z), select((long)a.w, (long)b.w, (long)c.w));
    long2 la = as_long2(a), lb = as_long2(b), lc = as_long2(c);
    out[g * 16 + 8] = as_int4(select(la, lb, lc));
    out[g * 16 + 9] = as_int4(select(as_double2(a), as_double2(b), lc));
}
