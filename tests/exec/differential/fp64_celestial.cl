// oclc-flags: -cl-std=CL1.2
// Double-precision celestial mechanics and radiometry as in orbit
// propagators (SGP4/poliastro-style helpers): Kepler's equation by Newton
// with a Danby starter, perifocal state vectors in double2/double4, an RK4
// Lorenz-63 integrator on double4, and Planck spectral radiance with expm1,
// cbrt and hypot, reported through convert_float_rtz/rtp.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

#define MU_EARTH   398600.4418          /* km^3 / s^2 */
#define TWO_PI_D   6.283185307179586476925
#define H_PLANCK   6.62607015e-34
#define C_LIGHT    299792458.0
#define K_BOLTZ    1.380649e-23

typedef struct {
    double a;      /* semi-major axis, km */
    double e;      /* eccentricity */
    double M;      /* mean anomaly, rad */
} elements_t;

typedef struct {
    double2 r;     /* perifocal position, km */
    double2 v;     /* perifocal velocity, km/s */
} state2_t;

static inline double word_to_range(uint w, double lo, double hi)
{
    return lo + (hi - lo) * ((double)(w & 0xfffffu) * (1.0 / 1048576.0));
}

static double kepler_E(double M, double e, int *iters)
{
    /* Danby's starter, then Newton-Raphson on f(E) = E - e sin E - M */
    double E = M + 0.85 * e * (sin(M) >= 0.0 ? 1.0 : -1.0);
    int k = 0;
    do {
        double f = E - e * sin(E) - M;
        double fp = 1.0 - e * cos(E);
        double dE = f / fp;
        E -= dE;
        ++k;
        if (fabs(dE) <= 1e-15 * fmax(1.0, fabs(E)))
            break;
    } while (k < 50);
    *iters = k;
    return E;
}

static state2_t perifocal_state(elements_t el, int *iters)
{
    double E = kepler_E(el.M, el.e, iters);
    double sE, cE = cos(E);
    sE = sin(E);
    double b = el.a * sqrt(1.0 - el.e * el.e);
    double n = sqrt(MU_EARTH / (el.a * el.a * el.a));
    double edot = n / (1.0 - el.e * cE);
    state2_t s;
    s.r = (double2)(el.a * (cE - el.e), b * sE);
    s.v = (double2)(-el.a * sE * edot, b * cE * edot);
    return s;
}

kernel void kepler_propagate(global double *out, global const uint *in)
{
    const int gid = get_global_id(0);
    const int gsz = get_global_size(0);
    for (int i = gid; i < 256; i += gsz) {
        elements_t el;
        el.a = word_to_range(in[3 * i + 0], 6600.0, 42164.0);
        el.e = word_to_range(in[3 * i + 1], 0.0, 0.95);
        el.M = word_to_range(in[3 * i + 2], -TWO_PI_D, TWO_PI_D);
        int it;
        state2_t s = perifocal_state(el, &it);
        double rmag = hypot(s.r.x, s.r.y);
        double vmag = length(s.v);
        /* vis-viva residual should be ~0 */
        double energy = 0.5 * vmag * vmag - MU_EARTH / rmag + MU_EARTH / (2.0 * el.a);
        double nu = atan2(s.r.y, s.r.x);
        global double *o = out + 8 * i;
        o[0] = s.r.x; o[1] = s.r.y;
        o[2] = s.v.x; o[3] = s.v.y;
        o[4] = energy;
        o[5] = nu;
        o[6] = (double)it;
        o[7] = (double)convert_float_rtz(rmag);
    }
}

static inline double4 lorenz(double4 s)
{
    const double sigma = 10.0, rho = 28.0, beta = 8.0 / 3.0;
    return (double4)(sigma * (s.y - s.x),
                     s.x * (rho - s.z) - s.y,
                     s.x * s.y - beta * s.z,
                     1.0);                       /* w carries time */
}

kernel void rk4_lorenz(global double4 *out, global const float *in)
{
    const int gid = get_global_id(0);
    float3 f = vload3(gid, in);
    f = select((float3)(1.0f), clamp(f, -20.0f, 20.0f), isfinite(f));
    double4 s = (double4)(convert_double3(f), 0.0);
    const double h = 0.005;
    double4 smin = s, smax = s;
    for (int n = 0; n < 200; ++n) {
        double4 k1 = lorenz(s);
        double4 k2 = lorenz(s + 0.5 * h * k1);
        double4 k3 = lorenz(s + 0.5 * h * k2);
        double4 k4 = lorenz(s + h * k3);
        s += (h / 6.0) * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
        smin = fmin(smin, s);
        smax = fmax(smax, s);
    }
    out[3 * gid + 0] = s;
    out[3 * gid + 1] = smin;
    out[3 * gid + 2] = smax;
}

/* B(lambda, T) in W / (sr m^3) */
static inline double planck(double lambda, double T)
{
    const double c1 = 2.0 * H_PLANCK * C_LIGHT * C_LIGHT;
    const double c2 = H_PLANCK * C_LIGHT / K_BOLTZ;
    return c1 / (pow(lambda, 5.0) * expm1(c2 / (lambda * T)));
}

kernel void planck_radiance(global float *out, global const uint *in)
{
    const int gid = get_global_id(0);
    const double T = word_to_range(in[3000 + gid], 300.0, 9000.0);
    const double wien = 2.897771955e-3 / T;
    float acc_z = 0.0f, acc_p = 0.0f;
    double total = 0.0;
    for (int b = 0; b < 16; ++b) {
        double lambda = 100e-9 * exp2(0.35 * b);          /* 100 nm .. ~3.8 um */
        double B = planck(lambda, T);
        total += B * lambda * 0.35 * M_LN2;
        acc_z += convert_float_rtz(B * 1e-12);
        acc_p += convert_float_rtp(B * 1e-12);
        out[256 + 16 * gid + b] = convert_float_rtz(log10(B));
    }
    const double sb = 5.670374419e-8 / M_PI * T * T * T * T;
    out[4 * gid + 0] = convert_float_rtz(wien * 1e9);
    out[4 * gid + 1] = convert_float_rtp(total / sb);
    out[4 * gid + 2] = acc_z - acc_p;
    out[4 * gid + 3] = (float)cbrt(total);
}
