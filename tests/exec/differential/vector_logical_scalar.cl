// oclc-flags: -cl-std=CL1.2
// Vector && and || with a scalar operand on either side (the scalar is
// widened; the result is a mask of 0/-1 per component), as masking code
// writes `valid && (x > t)` with a scalar `valid`.
kernel void masks(global int4 *out, global const int4 *in)
{
    size_t i = get_global_id(0);
    int4 a = in[i];
    float4 f = as_float4(in[i + 16]);
    int valid = (int)(i & 1);
    out[i * 4 + 0] = (a || 1) + (1 && a) + (f && 1.0f);
    out[i * 4 + 1] = valid && (a > 0);
    out[i * 4 + 2] = (f < 0.0f) || valid;
    out[i * 4 + 3] = (a && 0) | (0.0f || f);
}
