// oclc-flags: -cl-std=CL2.0
// Floating literals that stress correct rounding in the compiler's parser,
// as found in generated coefficient tables (minimax polynomials, filter
// taps printed with 20 digits): halfway cases with a tiny excess, values
// just below and above FLT_MAX's rounding boundary, denormal and
// underflowing literals, hex floats with more bits than fit, double
// literals converted to float, and constant tables initialised from
// doubles, ints and negative values into unsigned elements.

constant float taps[] = {
    1.00000005960464477539062500000000000001f,   /* halfway + tiny: rounds up */
    1.00000005960464477539062499999999999999f,   /* halfway - tiny: rounds down */
    1.000000059604644775390625f,                 /* exact halfway: to even */
    3.40282356779733661637539395458142568447e38f,/* just below the inf boundary */
    3.4028235677973366e38f,
    1.40129846432481707092e-45f,                 /* smallest denormal */
    7.0064923216240861e-46f,                     /* half of it: ties to even -> 0 */
    7.0064923216240862e-46f,                     /* just above half -> denormal */
    1.1754942106924411e-38f,                     /* largest denormal region */
    0x1.fffffffp0f,                              /* hex, extra bits round up */
    0x1.000001p0f,                               /* hex, halfway -> even */
    0x1.0000011p0f,                              /* hex, above halfway */
    0x0.0000000000000000000000000000000000000000001p0f,
    0.1, 1.0 / 3.0, 2.0e-45, 123456789012345678901234567890.0f,
    0.3333333333333333333333333333333333333f, -0.0f, 1e-50f,
};

constant int ints_from_floats[] = { 1.9, -1.9, 2.5f, -2.5f, 1e9, 'A' + 0.5 };
constant uchar bytes_from_negative[] = { -1, -128, 256 + 7, 300 };
constant double dtab[] = { 0.1f, 1e-320, 4.9406564584124654e-324, 2.4703282292062327e-324, 1.7976931348623157e308, 0x1.fffffffffffffp1023 / 2 };

__kernel void literal_rounding(__global uint *out, __global const int *in)
{
    const int gid = get_global_id(0);
    const int b = gid * 64;
    int n = sizeof(taps) / sizeof(taps[0]);
    for (int i = 0; i < n; i++)
        out[b + i] = as_uint(taps[i]) + in[b] * 0;
    for (int i = 0; i < 6; i++)
        out[b + 24 + i] = (uint)ints_from_floats[i];
    for (int i = 0; i < 4; i++)
        out[b + 30 + i] = bytes_from_negative[i];
    for (int i = 0; i < 6; i++) {
        ulong d = as_ulong(dtab[i]);
        out[b + 34 + 2 * i] = (uint)d;
        out[b + 35 + 2 * i] = (uint)(d >> 32);
    }
    float x = as_float(in[b + 1]);
    out[b + 46] = as_uint(x * 1.00000005960464477539062500000000000001f);
    out[b + 47] = as_uint(x + 0x1.fffffep-1f);
    out[b + 48] = as_uint((float)0.1 - 0.1f) + as_uint((float)(1.0 / 3.0) - 1.0f / 3.0f);
}
