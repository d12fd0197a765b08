// oclc-flags: -cl-std=CL2.0
// Double-precision numerics from a finite-difference solver and a compensated
// integrator: determinant-like a*b - c*d, axpy chains written as x -= a*b,
// Horner polynomials, mixed float/double expressions where the float operand
// promotes, and explicit fma()/mad() alongside the contractible forms.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

static inline double tame(double v)
{
    return isfinite(v) ? clamp(v, -1.0e3, 1.0e3) : 0.5;
}

kernel void det2_and_cross(global double *out, global const double *in)
{
    int gid = get_global_id(0);
    global const double *s = in + gid * 32;
    global double *d = out + gid * 32;
    for (int k = 0; k < 8; ++k) {
        double a = tame(s[k]), b = tame(s[8 + k]), c = tame(s[16 + k]), e = tame(s[24 + k]);
        d[4 * k + 0] = a * e - b * c;
        d[4 * k + 1] = a * b + c * e;
        d[4 * k + 2] = fma(a, e, -b * c);
        d[4 * k + 3] = -(a * b) - c;
    }
}

kernel void axpy_updates(global double *out, global const double *in)
{
    int gid = get_global_id(0);
    global const double *s = in + gid * 32;
    global double *d = out + gid * 32;
    double x = 1.0, y = -1.0, z = 0.25;
    for (int k = 0; k < 16; ++k) {
        double a = tame(s[k]) * 1.0e-3, b = tame(s[16 + k]);
        x -= a * b;
        y += b * b * a;
        z = z * a + b;
        d[k] = x + y;
        d[16 + k] = z;
    }
}

kernel void horner_and_mixed(global double *out, global const float *in)
{
    int gid = get_global_id(0);
    global const float *s = in + gid * 64;
    global double *d = out + gid * 32;
    for (int k = 0; k < 16; ++k) {
        float f = s[k];
        float g = s[32 + k];
        f = isfinite(f) ? clamp(f, -4.0f, 4.0f) : 0.0f;
        g = isfinite(g) ? clamp(g, -4.0f, 4.0f) : 1.0f;
        double x = f * 0.1;              /* float promotes to double */
        double p = ((((x * (1.0 / 120.0) + 1.0 / 24.0) * x + 1.0 / 6.0) * x + 0.5) * x + 1.0) * x + 1.0;
        double q = f * g + x;            /* product of floats first, in float */
        double r = (double)f * g - x;    /* product in double */
        d[k] = p;
        d[16 + k] = q * 3.0 + r * (double)(f - g) + mad(x, p, -q);
    }
}

kernel void narrowing_conversions(global uint *out, global const double *in)
{
    int gid = get_global_id(0);
    global const double *s = in + gid * 32;
    global uint *d = out + gid * 64;
    for (int k = 0; k < 16; ++k) {
        double v = s[k] * 1.0e-290;      /* some denormal doubles too */
        double w = s[16 + k];
        float a = convert_float_rte(w);
        float b = convert_float_rtz(w);
        float c = convert_float_rtp(v * 1.0e250);
        float e = convert_float_rtn(w / 3.0);
        d[4 * k + 0] = as_uint(a) ^ as_uint(b);
        d[4 * k + 1] = as_uint(c) + as_uint(e);
        d[4 * k + 2] = as_uint((float)w) - as_uint(b);
        d[4 * k + 3] = (uint)convert_int_sat_rte(w) ^ (uint)convert_int_sat_rtn(w * 0.5)
                     ^ (uint)convert_short_sat_rtp(w) << 16;
    }
    double2 dv = vload2(gid & 7, s);
    float2 fv = convert_float2_rtp(dv);
    d[60] = as_uint(fv.x);
    d[61] = as_uint(fv.y);
    d[62] = as_uint(convert_half_rtz((float)dv.x) * 2.0f);
    d[63] = (uint)convert_long_sat_rtz(dv.y);
}
