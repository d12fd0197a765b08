// oclc-flags: -cl-std=CL1.1
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
typedef double REAL;
__kernel void mixed_double(__global double *out, __global const double *in)
{
    size_t g = get_global_id(0);
    double d = in[g * 32], e = in[g * 32 + 1];
    float f = (float)in[g * 32 + 2];
    int n = (int)(as_ulong(in[g*32+3]) & 7);
    double r = 0.05, t = 2.0;
    double2 d2 = (double2)(d, e);
    int k = 0;
#define O(x) out[g * 32 + (k++)] = (x)
    O(fmax(d, 0.0));
    O(fmin(d, 1));            /* int -> ? */
    O(exp(-r*t));
    O(clamp(d, 0.0, 1.0));
    O(pown(d, n));
    O(pown(e, 2));
    O(ldexp(d, n));
    O(ldexp(d, 3));
    O(rootn(fabs(d), 3));
    O(mad(d, e, 1.0));
    O(fma(d, 2.0, e));
    O(mix(d, e, 0.25));
    O(step(0.0, d));
    O(smoothstep(0.0, 1.0, d));
    O(pow(fabs(d), 2.0));
    O(copysign(1.0, d));
    O(fdim(d, 0.5));
    O(max(d, 0.0));
    O(min(d, e));
    O(fmax(d2, 0.0).y);
    O(clamp(d2, 0.0, 1.0).x);
    O(ldexp(d2, n).x);
    O(ldexp(d2, (int2)(n, 1)).y);
    O(mix(d2, (double2)(e), 0.5).x);
    O(step(0.5, d2).y);
    O(smoothstep(0.0, 1.0, d2).y);
    O(fmin(d2, e).x);
    O(fmax(d, (double)f));
    O(nan((ulong)n));
    O(sqrt(d * 2));
    O(hypot(d, (REAL)3));
    O(maxmag(d, -0.0));
}
