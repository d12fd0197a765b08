// Floating-point contraction under OpenCL's default FP_CONTRACT ON, as
// clang does it: `a * b + c` and friends in one expression, and a negated
// product (`-(a * b) + c`), become one OpenCL.std `fma`; a product read
// back from a variable does not.
kernel void contract(global float *o, global const float *a, global float4 *v)
{
    o[0] = a[0] * a[1] + a[2];
    o[1] = a[2] - a[0] * a[1];
    o[2] += a[0] * a[1];
    o[3] = a[0] * a[1] + a[2] * a[3];
    float t = a[0] * a[1];
    o[4] = t + a[2];
    o[5] = -(a[0] * a[1]) + a[2];
    v[0] = v[1] * 2.0f - v[2];
}
