// oclc-flags: -cl-std=CL2.0
// A `bool` converted to a vector is -1 (all bits set) for true when it is
// the conversion itself (`int4 v = b;`, `(float4)b`, a vector parameter);
// as an operand of arithmetic with a vector it is first the `int` 1
// (`w + b`, `w += b`), and in a vector literal a component value 1.
kernel void k(global int4 *out, global const int *in)
{
    int gid = get_global_id(0);
    bool b = in[gid] != 0;
    global int4 *o = out + gid * 16;
    int4 v = b;
    o[0] = v;
    uchar4 u = b;
    o[1] = convert_int4(u);
    long2 l = b;
    o[2] = as_int4(l);
    o[3] = as_int4((float4)b);
    o[5] = as_int4(fma((float4)(2.0f), (float4)(3.0f), b));
    int4 w = (int4)(5, 6, 7, 8);
    o[6] = w + b;
    w += b;
    o[7] = w;
    o[8] = (int4)(b);
    o[9] = (int4)(b, b, 0, 1) * 3;
    o[10] = select((int4)(1), (int4)(2), (int4)b);
    float4 f = (float4)(0.5f);
    o[11] = as_int4(f * b);
}
