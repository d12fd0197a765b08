// oclc-flags: -cl-std=CL2.0
// Filter coefficients held in const locals, constant-address-space tables,
// enum-sized arrays and macros, combined in multiply-add expressions where
// every operand is known at compile time (or nearly): whether a*b+c is
// fused depends on whether the operands are literal constants or loads.
// oclc-corpus: needs fma
// (checks which contractions the runtime folds to constants on an instruction set with FMA and F16C; without them the
// runtime evaluates differently, as the specification allows)
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

#define C0 0.1f
#define C1 3.0f
#define C2 0.2f

constant float k_coef[4] = { 0.1f, 3.0f, 0.2f, 1.0e-8f };
constant double k_dcoef[3] = { 0.1, 3.0, 0.2 };
constant float k_scalar = 0.7f;

kernel void const_locals(global float *out, global const float *in)
{
    int gid = get_global_id(0);
    global float *d = out + gid * 64;
    const float a = 0.1f, b = 3.0f, c = 0.2f;
    const float e = 1.0f + 1.0e-7f, f = 1.0f - 1.0e-7f;
    float g = 0.1f;                           /* never modified */
    d[0] = a * b + c;
    d[1] = C0 * C1 + C2;
    d[2] = k_coef[0] * k_coef[1] + k_coef[2];
    d[3] = e * f - 1.0f;
    d[4] = g * 3.0f - 0.3f;
    d[5] = k_scalar * k_scalar - 0.49f;
    d[6] = (float)(k_dcoef[0] * k_dcoef[1] + k_dcoef[2]) - 0.5f;
    const double da = 0.1, db = 3.0;
    d[7] = (float)((da * db - 0.3) * 1.0e17);
    float acc = 0.0f;
    for (int k = 0; k < 8; ++k)
        acc += a * (float)k;
    d[8] = acc;
    float x = 1.0f;
    x -= e * f;
    d[9] = x;
    /* the same with one operand from the input */
    for (int k = 0; k < 16; ++k) {
        float v = in[gid * 64 + k];
        v = isfinite(v) ? v : 1.0f;
        d[16 + k] = a * b + v * 1.0e-9f;
        d[32 + k] = e * f - (v * 0.0f + 1.0f);
        d[48 + k] = k_coef[k & 3] * v + k_coef[(k + 1) & 3];
    }
}

kernel void folded_polynomials(global float *out, global const float *in)
{
    int gid = get_global_id(0);
    global float *d = out + gid * 64;
    const float x = 0.7f;
    const float coeffs[6] = { 1.0f, -0.16666667f, 0.008333334f, -0.0001984127f, 2.7557319e-06f, -2.5052108e-08f };
    float x2 = x * x;
    float p = coeffs[5];
    for (int k = 4; k >= 0; --k)
        p = p * x2 + coeffs[k];
    d[0] = p * x;
    d[1] = ((((2.7557319e-06f * x2 - 0.0001984127f) * x2 + 0.008333334f) * x2 - 0.16666667f) * x2 + 1.0f) * x;
    float y = in[gid * 64] * 0.0f + 0.7f;     /* 0.7, or NaN */
    float y2 = y * y;
    d[2] = ((((2.7557319e-06f * y2 - 0.0001984127f) * y2 + 0.008333334f) * y2 - 0.16666667f) * y2 + 1.0f) * y;
    d[3] = 0.1f * 0.2f + 0.3f * 0.4f;
    d[4] = 1.0e-8f * 1.0e-8f * 1.0e8f + 1.0e-8f;
}
