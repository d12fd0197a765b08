/* relationals/test_shuffles idiom: shuffle/shuffle2 with masks, .sN swizzles (S/s mixed case) */
kernel void cts_shuffle(global uint *out, global const uint *in)
{
    size_t g = get_global_id(0);
    global const uint *p = in + g * 64;
    uint8 a = vload8(0, p), b = vload8(1, p);
    uint16 c = vload16(1, p);
    uint8 m = (uint8)(7, 0, 5, 2, 14, 9, 3, 1) ^ (p[40] & 0x10u);
    uint8 r1 = shuffle2(a, b, m);
    uint4 r2 = shuffle(c, (uint4)(p[41], p[42], p[43], p[44]));
    uint8 t = (uint8)0;
    t.S73 = c.sE2.s10;
    t.s2 = vload3(5, p).S2;
    t.s456 = c.S9aB;
    global uint *o = out + g * 64;
    vstore8(r1, 0, o);
    vstore4(r2, 2, o);
    vstore8(t, 2, o);
    vstore16(c.sfedcba9876543210, 2, o);
}
