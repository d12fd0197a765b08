// oclc-flags: -cl-std=CL2.0
// Double-precision special functions as a statistics library uses them:
// log-gamma, erf/erfc for the normal CDF, expm1/log1p for small rates,
// pow/pown/rootn, hypot/atan2 for polar conversion, frexp/ldexp
// normalisation, and double <-> long reinterpretation, on raw input doubles
// including NaN, infinities and denormals.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

kernel void normal_cdf_and_gamma(global double *out, global const double *in)
{
    int gid = get_global_id(0);
    global const double *s = in + gid * 32;
    global double *d = out + gid * 32;
    for (int k = 0; k < 8; ++k) {
        double x = s[k];
        double t = isfinite(x) ? clamp(x, -40.0, 40.0) : 0.5;
        d[4 * k + 0] = 0.5 * erfc(-t * M_SQRT1_2);
        d[4 * k + 1] = lgamma(fabs(t) + 0.5) + tgamma(fmin(fabs(t), 20.0) + 1.0);
        d[4 * k + 2] = expm1(t * 1.0e-3) - log1p(t * 1.0e-3) + erf(t);
        d[4 * k + 3] = exp(x) + log(x) + sqrt(x) + cbrt(x);
    }
}

kernel void polar_and_powers(global double *out, global const double *in)
{
    int gid = get_global_id(0);
    global const double *s = in + gid * 32;
    global double *d = out + gid * 32;
    for (int k = 0; k < 8; ++k) {
        double x = s[k], y = s[8 + k];
        d[4 * k + 0] = hypot(x, y) + atan2(y, x);
        d[4 * k + 1] = pow(fabs(x), 0.75) + pown(y, k - 3) + rootn(fabs(x), k + 1);
        int e;
        double m = frexp(x, &e);
        d[4 * k + 2] = ldexp(m, e + 2) + (double)e + fmod(x, y) + remainder(x, y);
        d[4 * k + 3] = sin(x) * cos(y) + tan(x * 1.0e-3) + sinpi(y) + asin(fmin(fabs(x), 1.0));
    }
}

kernel void bits_and_rounding(global long *out, global const double *in)
{
    int gid = get_global_id(0);
    global const double *s = in + gid * 32;
    global long *d = out + gid * 32;
    for (int k = 0; k < 16; ++k) {
        double x = s[k];
        d[k] = as_long(rint(x)) ^ as_long(floor(x)) ^ as_long(ceil(x) + trunc(x)) ^ as_long(round(x));
        d[16 + k] = as_long(nextafter(x, 0.0)) ^ as_long(fdim(x, 1.0)) ^ (long)ilogb(x) ^ as_long(logb(x))
                  ^ as_long(maxmag(x, -x * 0.5)) ^ as_long(nan((ulong)k));
    }
}
