// oclc-flags: -cl-std=CL1.2
// Double-precision numerics as in reproducible-BLAS and scientific codes:
// Kahan/Neumaier compensated sums combined through a fixed TwoSum tree in
// local memory, Ogita-Rump-Oishi Dot2 with fma-based TwoProduct, and Newton
// iterations for reciprocal square root, cube root and division.

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

#define WG      16
#define PER_WI  32

typedef struct {
    double hi;
    double lo;
} dd_t;

inline double sane_d(float f)
{
    return isfinite(f) ? (double)clamp(f, -100.0f, 100.0f) : 0.0;
}

inline dd_t two_sum(double a, double b)
{
    dd_t r;
    r.hi = a + b;
    double bb = r.hi - a;
    r.lo = (a - (r.hi - bb)) + (b - bb);
    return r;
}

inline dd_t two_prod(double a, double b)
{
    dd_t r;
    r.hi = a * b;
    r.lo = fma(a, b, -r.hi);
    return r;
}

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void kahan_tree_sum(__global double *out, __global const float *in)
{
    __local double s_hi[WG];
    __local double s_lo[WG];
    const uint lid = get_local_id(0);
    const uint gid = get_global_id(0);

    /* Neumaier's variant of Kahan summation, sequential per work-item */
    double sum = 0.0, c = 0.0;
    for (uint i = 0; i < PER_WI; i++) {
        double x = sane_d(in[gid * PER_WI + i]) * 1.0e-3;
        x = x * (double)(1u << (i & 15));        /* wide dynamic range */
        double t = sum + x;
        if (fabs(sum) >= fabs(x))
            c += (sum - t) + x;
        else
            c += (x - t) + sum;
        sum = t;
    }
    out[gid] = sum;
    out[64 + gid] = c;

    s_hi[lid] = sum;
    s_lo[lid] = c;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = WG / 2; s > 0; s >>= 1) {
        if (lid < s) {
            dd_t t = two_sum(s_hi[lid], s_hi[lid + s]);
            s_hi[lid] = t.hi;
            s_lo[lid] = s_lo[lid] + s_lo[lid + s] + t.lo;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) {
        out[128 + get_group_id(0)] = s_hi[0] + s_lo[0];
        out[132 + get_group_id(0)] = s_lo[0];
    }
}

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void dot2_fma(__global double *out, __global const float *in)
{
    __local double p_hi[WG];
    __local double p_lo[WG];
    const uint lid = get_local_id(0);
    const uint gid = get_global_id(0);

    double p = 0.0, s = 0.0;
    for (uint i = 0; i < PER_WI; i++) {
        double x = sane_d(in[(gid * PER_WI + i) & 4095]);
        double y = sane_d(in[(2048 + gid * PER_WI + i) & 4095]);
        dd_t h = two_prod(x, y);
        dd_t q = two_sum(p, h.hi);
        p = q.hi;
        s += h.lo + q.lo;
    }
    p_hi[lid] = p;
    p_lo[lid] = s;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint st = WG / 2; st > 0; st >>= 1) {
        if (lid < st) {
            dd_t t = two_sum(p_hi[lid], p_hi[lid + st]);
            p_hi[lid] = t.hi;
            p_lo[lid] += p_lo[lid + st] + t.lo;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[gid] = p + s;
    if (lid == 0)
        out[64 + get_group_id(0)] = p_hi[0] + p_lo[0];
}

/* ------------------------------ Newton ------------------------------ */
inline double newton_rsqrt(double a)
{
    /* seed from single precision, then three Newton steps */
    double y = (double)rsqrt((float)a);
    for (int i = 0; i < 3; i++)
        y = y * (1.5 - 0.5 * a * y * y);
    return y;
}

inline double newton_cbrt(double a)
{
    double y = (a > 1.0) ? a / 3.0 : 1.0;
    for (int i = 0; i < 40; i++)
        y = y - (y * y * y - a) / (3.0 * y * y);
    return y;
}

inline double newton_recip(double d)
{
    /* Goldschmidt-style: x_{k+1} = x_k (2 - d x_k) */
    int e;
    double m = frexp(d, &e);               /* m in [0.5, 1) */
    double x = 48.0 / 17.0 - 32.0 / 17.0 * m;
    for (int i = 0; i < 5; i++)
        x = x * (2.0 - m * x);
    return ldexp(x, -e);
}

__kernel void newton_iterations(__global double *out, __global const float *in)
{
    const uint gid = get_global_id(0);
    for (uint k = 0; k < 8; k++) {
        uint i = gid * 8 + k;
        double a = fabs(sane_d(in[i])) + 0.25;
        double r = newton_rsqrt(a);
        double c = newton_cbrt(a);
        double q = newton_recip(a);
        __global double *o = out + i * 4;
        o[0] = r;
        o[1] = c;
        o[2] = q;
        o[3] = (r * r * a - 1.0) + (c * c * c - a) + (q * a - 1.0);
    }
}

__kernel void double_float_rounding(__global float *out, __global const uint *in)
{
    const uint gid = get_global_id(0);
    for (uint k = 0; k < 16; k++) {
        uint w0 = in[(gid * 32 + 2 * k) & 4095];
        uint w1 = in[(gid * 32 + 2 * k + 1) & 4095];
        /* build a finite double from two words, exponent kept in the normal float range */
        ulong bits = ((ulong)(w0 & 0x800fffffu) << 32) | w1;
        bits |= (ulong)(0x381u + (w0 >> 24 & 0x7fu) * 2u) << 52;
        double d = as_double(bits);
        uint o = (gid * 16 + k) * 4;
        out[o + 0] = convert_float_rte(d);
        out[o + 1] = convert_float_rtz(d);
        out[o + 2] = convert_float_rtp(d);
        out[o + 3] = convert_float_rtn(d);
    }
}
