// oclc-flags: -cl-std=CL2.0
// Stepping vector components in place, as counters and ring indices in
// image and particle code do: ++/-- on multi-component swizzles (prefix and
// postfix, whose value is the old components), on .lo/.hi/.even/.odd and
// numeric selectors, and swizzle assignment through a pointer to a vector
// (`p->xy += …`, which clang accepts).
kernel void swizzle_step(global int4 *out, global const int4 *in)
{
    const size_t g = get_global_id(0);
    int4 v = in[g];
    v.xy++;
    --v.zw;
    int2 old = v.lo--;
    int2 fresh = ++v.hi;
    out[8 * g] = v;
    out[8 * g + 1] = (int4)(old, fresh);
    uchar8 bytes = as_uchar8(in[g].xy);
    bytes.odd++;
    bytes.s07--;
    out[8 * g + 2] = as_int4((uchar16)(bytes, bytes.s76543210));
    global int4 *p = out + 8 * g + 3;
    *p = in[g];
    p->yz++;
    p->xw += (int2)(2, 3);
    short4 s = convert_short4(in[g]);
    short2 before = s.even++;
    out[8 * g + 4] = convert_int4(s) + (int4)(convert_int2(before), 0, 0);
}
