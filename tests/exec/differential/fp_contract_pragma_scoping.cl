// oclc-flags: -cl-std=CL2.0
// Error-free transformations (TwoSum, TwoProduct by Dekker splitting)
// that must not be contracted, guarded by #pragma OPENCL FP_CONTRACT OFF at
// file scope and inside a compound statement, next to code that keeps the
// default contraction; in float and double.
// oclc-corpus: needs fma
// (checks where the runtime fuses under FP_CONTRACT ON on an instruction set with FMA and F16C; without them the
// runtime evaluates differently, as the specification allows)
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

static inline float sane(float v)
{
    return isfinite(v) ? clamp(v, -1000.0f, 1000.0f) : 1.0f;
}

static inline float contracted(float a, float b, float c)
{
    return a * b + c;
}

#pragma OPENCL FP_CONTRACT OFF

static inline float2 two_prod_dekker(float a, float b)
{
    const float split = 4097.0f;
    float p = a * b;
    float ta = split * a, tb = split * b;
    float ah = ta - (ta - a), al = a - ah;
    float bh = tb - (tb - b), bl = b - bh;
    float e = ((ah * bh - p) + ah * bl + al * bh) + al * bl;
    return (float2)(p, e);
}

static inline double two_prod_d(double a, double b, double c)
{
    return a * b + c;
}

kernel void error_free(global float *out, global const float *in)
{
    int gid = get_global_id(0);
    global const float *s = in + gid * 64;
    global float *d = out + gid * 64;
    for (int k = 0; k < 16; ++k) {
        float a = sane(s[k]), b = sane(s[16 + k]), c = sane(s[32 + k]);
        float2 tp = two_prod_dekker(a, b);
        d[4 * k + 0] = tp.x;
        d[4 * k + 1] = tp.y - (fma(a, b, -tp.x));
        d[4 * k + 2] = contracted(a, b, c) - (a * b + c);
        d[4 * k + 3] = (float)(two_prod_d(a, b, c) - fma((double)a, (double)b, (double)c));
    }
}

#pragma OPENCL FP_CONTRACT ON

kernel void scoped_pragma(global float *out, global const float *in)
{
    int gid = get_global_id(0);
    global const float *s = in + gid * 64;
    global float *d = out + gid * 64;
    for (int k = 0; k < 32; ++k) {
        float a = sane(s[k]), b = sane(s[32 + k]);
        float on = a * b - 1.0f;
        float off;
        {
#pragma OPENCL FP_CONTRACT OFF
            off = a * b - 1.0f;
        }
        d[k] = on - off;
        d[32 + k] = a * a - b * b;
    }
}
