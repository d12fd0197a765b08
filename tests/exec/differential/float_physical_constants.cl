// oclc-flags: -cl-std=CL2.0
// A units/physics helper library whose tables are written as constant
// expressions: math builtins on literal arguments (sqrt, cbrt, exp, log,
// sin, cos, pow, fmod, hypot, rsqrt, atan), the NAN/INFINITY/MAXFLOAT
// macros, nan(), special-value arithmetic between constants (inf - inf,
// 0 * inf, 0/0), denormal constants, and float constants narrowed from
// double literals, each combined with runtime data.

#define TWO_PI   (2.0f * M_PI_F)
#define K_BOLTZ  1.380649e-23f
#define TINY     1.0e-40f

constant float k_table[8] = {
    1.0f / 3.0f, 2.0f / 7.0f, 0.1f + 0.2f, 1.0e-38f * 0.5f,
    (float)1.0e-45, 3.4028235e38f * 2.0f, -0.0f * 1.0f, 16777217.0f
};

kernel void folded_builtins(global float *out, global const float *in)
{
    int gid = get_global_id(0);
    global const float *s = in + gid * 64;
    global float *d = out + gid * 64;
    float c[24];
    c[0] = sqrt(2.0f);
    c[1] = cbrt(27.0f) - 3.0f;
    c[2] = exp(1.0f);
    c[3] = log(10.0f);
    c[4] = sin(1.0f);
    c[5] = cos(2.0f);
    c[6] = pow(2.0f, 0.5f);
    c[7] = fmod(5.5f, 2.0f);
    c[8] = hypot(3.0f, 4.0f);
    c[9] = rsqrt(3.0f);
    c[10] = atan(1.0f) * 4.0f;
    c[11] = tan(0.5f);
    c[12] = exp2(-149.0f);
    c[13] = log2(TINY);
    c[14] = sinpi(0.25f) + cospi(0.25f);
    c[15] = erf(0.5f) + tgamma(4.5f);
    c[16] = native_sin(0.5f) + native_sqrt(7.0f);
    c[17] = half_exp(1.0f) + half_log2(8.0f);
    c[18] = asinh(1.0f) + acosh(2.0f) + atanh(0.5f);
    c[19] = expm1(1.0e-5f) + log1p(1.0e-5f);
    c[20] = ldexp(1.0f, -140) * 3.0f;
    c[21] = K_BOLTZ * 1.0e23f;
    c[22] = TWO_PI / 3.0f;
    c[23] = sqrt(TINY) * rsqrt(TINY);
    for (int k = 0; k < 24; ++k)
        d[k] = c[k] * s[k] + c[k];
    for (int k = 0; k < 8; ++k)
        d[24 + k] = k_table[k] + s[24 + k] * k_table[(k + 3) & 7];
}

static uint canon(float x) { return isnan(x) ? 0x7fc00000u : as_uint(x); }

kernel void special_constant_arith(global uint *out, global const float *in)
{
    int gid = get_global_id(0);
    global const float *s = in + gid * 64;
    global uint *d = out + gid * 64;
    float z = 0.0f;
    float inf = INFINITY;
    float v[16];
    v[0] = inf - inf;
    v[1] = z * inf;
    v[2] = z / z;
    v[3] = NAN;
    v[4] = -NAN;
    v[5] = nan(0x123u);
    v[6] = MAXFLOAT * 2.0f;
    v[7] = -MAXFLOAT * MAXFLOAT;
    v[8] = FLT_MIN * 0.5f;
    v[9] = FLT_MIN / 3.0f;
    v[10] = 1.0f / -z;
    v[11] = sqrt(-1.0f);
    v[12] = log(-1.0f);
    v[13] = fmin(NAN, 1.0f) + fmax(-z, z);
    v[14] = copysign(NAN, -1.0f);
    v[15] = fabs(-NAN);
    // The constants' own bits are exact; which NaN an operation returns
    // when an operand is a NaN is not specified (IEEE 754 §6.2.3 only
    // says it should be one of the inputs'), and it changes with operand
    // order and folding: such results are compared as "a NaN".
    for (int k = 0; k < 16; ++k) {
        d[k] = as_uint(v[k]);
        d[16 + k] = canon(v[k] + s[k]);
        d[32 + k] = canon(s[k] * v[k]);
        d[48 + k] = isnan(v[k]) | isinf(v[k]) << 1 | signbit(v[k]) << 2 | isnormal(v[k]) << 3;
    }
}

kernel void runtime_special_arith(global uint *out, global const float *in)
{
    int gid = get_global_id(0);
    global const float *s = in + gid * 64;
    global uint *d = out + gid * 64;
    for (int k = 0; k < 32; ++k) {
        float a = s[k], b = s[32 + k];
        d[k] = as_uint(a / b) ^ as_uint(a - a);
        d[32 + k] = as_uint(a * 0.0f) + as_uint(sqrt(a)) + as_uint(b * INFINITY) + as_uint(fmin(a, b));
    }
}
