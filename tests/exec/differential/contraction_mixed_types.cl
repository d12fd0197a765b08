// oclc-flags: -cl-std=CL2.0
// Accumulators of mixed precision as an ML/physics code writes them: a
// double accumulator updated with float products (acc += a*b), a float
// accumulator with double products, half and int targets of compound
// assignment with float products, products whose value is also assigned
// ((p = a*b) + c), and products on struct members,
// array elements, pointers and swizzled lvalues.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

typedef struct { float pos; float vel; double energy; } body_t;

static inline float tamef(float v)
{
    return isfinite(v) ? clamp(v, -300.0f, 300.0f) : 1.0f;
}

kernel void mixed_accumulators(global float *out, global const float *in)
{
    int gid = get_global_id(0);
    global const float *s = in + gid * 64;
    global float *d = out + gid * 64;
    double dacc = 0.0;
    float facc = 0.0f;
    half hacc = 0.0h;
    int iacc = 0;
    for (int k = 0; k < 16; ++k) {
        float a = tamef(s[k]), b = tamef(s[16 + k]);
        double da = a * 1.0000001, db = b;
        dacc += a * b;            /* float product, widened, double add */
        facc += da * db;          /* double product and add, narrowed */
        hacc += a * b * 0.001f;   /* float product, float add, narrowed */
        iacc += a * b;            /* float product, float add, truncated */
        d[k] = (float)dacc;
        d[16 + k] = facc;
        d[32 + k] = hacc;
        d[48 + k] = (float)iacc;
    }
}

kernel void assigned_products(global float *out, global const float *in)
{
    int gid = get_global_id(0);
    global const float *s = in + gid * 64;
    global float *d = out + gid * 64;
    for (int k = 0; k < 16; ++k) {
        float a = tamef(s[k]), b = tamef(s[16 + k]), c = tamef(s[32 + k]);
        float p, q = 0.0f;
        float r0 = (p = a * b) + c;          /* the product is also stored */
        float r1 = (q = a) * b - c;
        float r2 = +(a * b) + c;
        float r3 = (float)(double)(a * b) + c;
        d[4 * k + 0] = r0 - p;
        d[4 * k + 1] = r1;
        d[4 * k + 2] = r2;
        d[4 * k + 3] = r3 + q;
    }
}

kernel void lvalue_forms(global float *out, global const float *in)
{
    int gid = get_global_id(0);
    global const float *s = in + gid * 64;
    global float *d = out + gid * 64;
    body_t bd = { 1.0f, -1.0f, 0.5 };
    float arr[4] = { 0.0f, 1.0f, 2.0f, 3.0f };
    float4 v = (float4)(0.25f);
    float acc = 0.0f;
    float *pacc = &acc;
    for (int k = 0; k < 16; ++k) {
        float a = tamef(s[k]), b = tamef(s[16 + k]), c = tamef(s[32 + k]);
        bd.vel += a * b * 0.01f;
        bd.pos -= bd.vel * c;
        bd.energy += bd.vel * bd.vel;         /* float product into double */
        arr[k & 3] -= a * c;
        v.yx += (float2)(a, b) * (float2)(c, a);
        v.w = v.z * a - v.w;
        *pacc += b * c;
        d[k] = bd.pos;
        d[16 + k] = (float)bd.energy;
        d[32 + k] = arr[k & 3] + v.x - v.y;
        d[48 + k] = *pacc + v.w;
    }
}

kernel void double_from_float_products(global double *out, global const float *in)
{
    int gid = get_global_id(0);
    global const float *s = in + gid * 64;
    global double *d = out + gid * 32;
    for (int k = 0; k < 16; ++k) {
        float a = tamef(s[k]), b = tamef(s[16 + k]);
        double c = tamef(s[32 + k]) * 0.1;
        d[k] = a * b + c;                      /* float mul, double add */
        d[16 + k] = (double)a * b + c;         /* double mul and add */
    }
}
