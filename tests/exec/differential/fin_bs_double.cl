// oclc-flags: -cl-std=CL1.2
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
/* QuantLib-ish Black formula with a REAL typedef; erfc-based CND */
#ifdef USE_FLOAT
typedef float REAL;
typedef float4 REAL4;
#define R(x) x##f
#else
typedef double REAL;
typedef double4 REAL4;
#define R(x) x
#endif
#define M_SQRT1_2_R R(0.70710678118654752440)

inline REAL cnd(REAL d) { return R(0.5) * erfc(-d * M_SQRT1_2_R); }
inline REAL npdf(REAL d) { return exp(-R(0.5) * d * d) * R(0.3989422804014327); }

typedef struct { REAL S, K, r, q, sigma, T; } OptionData;

REAL black_price(const OptionData *o, int isCall, REAL *delta, REAL *vega)
{
    REAL sqT = sqrt(o->T);
    REAL stdDev = o->sigma * sqT;
    REAL fwd = o->S * exp((o->r - o->q) * o->T);
    REAL df = exp(-o->r * o->T);
    REAL d1 = log(fwd / o->K) / stdDev + R(0.5) * stdDev;
    REAL d2 = d1 - stdDev;
    REAL w = isCall ? R(1.0) : R(-1.0);
    REAL price = df * w * (fwd * cnd(w * d1) - o->K * cnd(w * d2));
    *delta = w * exp(-o->q * o->T) * cnd(w * d1);
    *vega = o->S * exp(-o->q * o->T) * npdf(d1) * sqT;
    return fmax(price, 0.0);
}

static REAL u01(uint a, uint b) {
    ulong bits = upsample(a, b) >> 11;           /* 53 random bits */
    return (REAL)bits * R(0x1.0p-53);
}

__kernel void black_double(__global double *out, __global const uint *in)
{
    int gid = get_global_id(0);
    __global const uint *w = in + gid * 64;
    for (int j = 0; j < 8; ++j) {
        OptionData o;
        o.S = R(50.0) + R(100.0) * u01(w[8*j+0], w[8*j+1]);
        o.K = R(50.0) + R(100.0) * u01(w[8*j+2], w[8*j+3]);
        o.r = R(0.001) + R(0.08) * u01(w[8*j+4], 7u);
        o.q = ldexp((REAL)(w[8*j+5] & 0xff), -10);
        o.sigma = clamp(u01(w[8*j+6], w[8*j+7]), 0.05, 0.9);
        o.T = R(0.25) + pown(u01(w[8*j+7], w[8*j+6]), 2) * R(5.0);
        REAL delta, vega;
        REAL c = black_price(&o, 1, &delta, &vega);
        out[gid * 32 + 4*j + 0] = c;
        out[gid * 32 + 4*j + 1] = delta;
        out[gid * 32 + 4*j + 2] = vega;
        REAL dp, vp;
        out[gid * 32 + 4*j + 3] = black_price(&o, 0, &dp, &vp) - c + o.S * exp(-o.q * o.T) - o.K * exp(-o.r*o.T);
    }
}
