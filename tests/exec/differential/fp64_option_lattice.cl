// oclc-flags: -cl-std=CL1.2
// Double-precision derivatives pricing as in QuantLib-on-GPU ports: a
// Cox-Ross-Rubinstein binomial lattice for American puts in a private
// double array, Bachelier (normal-model) prices and greeks with erf/erfc on
// double2, a Newton yield-to-maturity solver using pow/log, and GBM paths
// on double4 with Box-Muller normals from a counter-based hash.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

#define LATTICE_STEPS 48
#define M_SQRT1_2_D   0.70710678118654752440
#define INV_SQRT_2PI  0.39894228040143267794

typedef struct {
    double spot;
    double strike;
    double rate;
    double vol;
    double expiry;
} option_t;

typedef struct {
    double price;
    double delta;
    double gamma;
    double vega;
} greeks_t;

static inline double unit_from_float(float f, double lo, double hi)
{
    /* map an arbitrary float word into [lo, hi] */
    double x = isfinite(f) ? (double)fabs(f) : 0.5;
    x = x - floor(x);
    return lo + (hi - lo) * x;
}

static inline option_t load_option(global const float *p)
{
    option_t o;
    o.spot   = unit_from_float(p[0], 50.0, 150.0);
    o.strike = unit_from_float(p[1], 60.0, 140.0);
    o.rate   = unit_from_float(p[2], 0.0, 0.08);
    o.vol    = unit_from_float(p[3], 0.05, 0.6);
    o.expiry = unit_from_float(p[4], 0.1, 3.0);
    return o;
}

static double crr_american_put(option_t o)
{
    double v[LATTICE_STEPS + 1];
    const double dt = o.expiry / LATTICE_STEPS;
    const double u = exp(o.vol * sqrt(dt));
    const double d = 1.0 / u;
    const double disc = exp(-o.rate * dt);
    const double pu = (exp(o.rate * dt) - d) / (u - d);
    const double pd = 1.0 - pu;

    for (int j = 0; j <= LATTICE_STEPS; ++j) {
        double st = o.spot * pow(u, (double)(2 * j - LATTICE_STEPS));
        v[j] = fmax(o.strike - st, 0.0);
    }
    for (int n = LATTICE_STEPS - 1; n >= 0; --n) {
        for (int j = 0; j <= n; ++j) {
            double cont = disc * (pu * v[j + 1] + pd * v[j]);
            double st = o.spot * pow(u, (double)(2 * j - n));
            v[j] = fmax(cont, o.strike - st);
        }
    }
    return v[0];
}

kernel void crr_american(global double *out, global const float *in)
{
    const int gid = get_global_id(0);
    option_t o = load_option(in + 8 * gid);
    double p = crr_american_put(o);
    /* European value for the early-exercise premium (put-call parity bound) */
    double intrinsic = fmax(o.strike - o.spot, 0.0);
    out[4 * gid + 0] = p;
    out[4 * gid + 1] = p - intrinsic;
    out[4 * gid + 2] = o.spot;
    out[4 * gid + 3] = (double)convert_float_rtz(p);
}

static inline double2 norm_cdf2(double2 x)
{
    return 0.5 * erfc(-x * M_SQRT1_2_D);
}

static inline double2 norm_pdf2(double2 x)
{
    return INV_SQRT_2PI * exp(-0.5 * x * x);
}

/* Bachelier call/put: lane 0 call, lane 1 put, both priced as double2 */
static greeks_t bachelier(option_t o, double2 *call_put)
{
    const double sigma_n = o.vol * o.spot;           /* absolute vol */
    const double sd = sigma_n * sqrt(o.expiry);
    const double df = exp(-o.rate * o.expiry);
    const double fwd = o.spot * exp(o.rate * o.expiry);
    const double dd = (fwd - o.strike) / sd;
    const double2 sgn = (double2)(1.0, -1.0);
    double2 nd = norm_cdf2(sgn * dd);
    double2 pdf = norm_pdf2((double2)(dd, -dd));
    *call_put = df * (sgn * (fwd - o.strike) * nd + sd * pdf);

    greeks_t g;
    g.price = call_put->x;
    g.delta = nd.x;
    g.gamma = df * pdf.x / sd;
    g.vega = df * sqrt(o.expiry) * pdf.x * o.spot;
    return g;
}

kernel void bachelier_greeks(global double *out, global const float *in)
{
    const int gid = get_global_id(0);
    option_t o = load_option(in + 1024 + 8 * gid);
    double2 cp;
    greeks_t g = bachelier(o, &cp);
    global double *dst = out + 8 * gid;
    dst[0] = g.price;
    dst[1] = g.delta;
    dst[2] = g.gamma;
    dst[3] = g.vega;
    dst[4] = cp.y;
    dst[5] = erf(g.delta - 0.5);
    dst[6] = cp.x - cp.y;                           /* = df * (F - K) */
    dst[7] = (double)convert_float_rtn(g.vega) + (double)convert_float_rtp(g.gamma);
}

/* price of a bond with annual coupons at yield y, and dP/dy */
static inline double2 bond_price_dv01(double y, double coupon, int years)
{
    double price = 0.0, dp = 0.0;
    for (int t = 1; t <= years; ++t) {
        double df = pow(1.0 + y, -(double)t);
        double cf = coupon + (t == years ? 100.0 : 0.0);
        price += cf * df;
        dp -= t * cf * df / (1.0 + y);
    }
    return (double2)(price, dp);
}

kernel void yield_to_maturity(global double *out, global const uint *in)
{
    const int gid = get_global_id(0);
    const uint w0 = in[2048 + gid], w1 = in[2048 + 64 + gid];
    const int years = 1 + (int)(w0 & 15);
    const double coupon = 0.5 * (double)(w1 & 15);                 /* 0 .. 7.5 */
    const double target = 80.0 + (double)((w0 >> 8) & 0x3f);         /* 80 .. 143 */

    double y = coupon / 100.0 + 0.01;
    int it;
    for (it = 0; it < 30; ++it) {
        double2 pd = bond_price_dv01(y, coupon, years);
        double step = (pd.x - target) / pd.y;
        y = clamp(y - step, -0.5, 1.0);
        if (fabs(step) < 1e-14)
            break;
    }
    double2 fin = bond_price_dv01(y, coupon, years);
    out[4 * gid + 0] = y;
    out[4 * gid + 1] = fin.x - target;
    out[4 * gid + 2] = log1p(y) * years;                /* continuously compounded */
    out[4 * gid + 3] = (double)it + (double)convert_float_rte(-fin.y);
}

static inline uint hash_u32(uint x)
{
    x ^= x >> 16; x *= 0x7feb352dU;
    x ^= x >> 15; x *= 0x846ca68bU;
    x ^= x >> 16;
    return x;
}

static inline double4 uniform4(uint ctr, uint key)
{
    uint4 h = (uint4)(hash_u32(ctr ^ key), hash_u32(ctr * 3u + key),
                      hash_u32(ctr * 5u + ~key), hash_u32(ctr * 7u - key));
    /* (h + 0.5) / 2^32 never hits 0 or 1 */
    return (convert_double4(h) + 0.5) * 0x1.0p-32;
}

kernel void gbm_paths_double4(global float *out, global const uint *in)
{
    const int gid = get_global_id(0);
    const uint seed = in[gid * 5 + 3];
    const double s0 = 100.0, mu = 0.03, sigma = 0.25, dt = 1.0 / 52.0;
    const double drift = (mu - 0.5 * sigma * sigma) * dt;
    const double vol = sigma * sqrt(dt);
    double4 logs = (double4)(log(s0));
    double4 maxs = (double4)(s0);

    for (int step = 0; step < 26; ++step) {
        double4 u1 = uniform4(2u * step, seed);
        double4 u2 = uniform4(2u * step + 1u, seed);
        double4 r = sqrt(-2.0 * log(u1));
        double4 z = r * cos(2.0 * M_PI * u2);
        logs += drift + vol * z;
        maxs = fmax(maxs, exp(logs));
    }
    double4 s = exp(logs);
    /* store as float with explicit rounding: the pipeline feeds a float GUI */
    vstore4(convert_float4_rtz(s), gid * 2, out);
    vstore4(convert_float4_rte(maxs - s), gid * 2 + 1, out);
}
