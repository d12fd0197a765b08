// oclc-flags: -cl-std=CL2.0
// Physics and filter code whose products hide behind function-like macros,
// ternaries with product arms, casts and constants: spring forces,
// semi-implicit Euler, a lerp macro, and a smoothstep polynomial, where
// contraction may or may not apply depending on how the expression is
// spelled.

#define LERP(a, b, t)      ((a) + ((b) - (a)) * (t))
#define SQR(x)             ((x) * (x))
#define MADD(a, b, c)      ((a) * (b) + (c))
#define SPRING(k, x, c, v) (-(k) * (x) - (c) * (v))
#define DT                 0.016666668f

static inline float tamef(float v, float lim)
{
    return isfinite(v) ? clamp(v, -lim, lim) : 0.0f;
}

kernel void spring_integrate(global float *out, global const float *in)
{
    int gid = get_global_id(0);
    global const float *s = in + gid * 64;
    global float *d = out + gid * 64;
    float x = tamef(s[0], 2.0f), v = tamef(s[1], 2.0f);
    for (int k = 0; k < 32; ++k) {
        float kk = fabs(tamef(s[2 + k], 40.0f)) + 1.0f;
        float c = fabs(tamef(s[32 + (k & 15)], 1.0f));
        float f = SPRING(kk, x, c, v);
        v += f * DT;
        x = MADD(v, DT, x);
        d[2 * k] = x;
        d[2 * k + 1] = k & 1 ? v * v * 0.5f : -(v * x) - c;
    }
}

kernel void blends_and_curves(global float *out, global const float *in)
{
    int gid = get_global_id(0);
    global const float *s = in + gid * 64;
    global float *d = out + gid * 64;
    for (int k = 0; k < 16; ++k) {
        float a = tamef(s[k], 100.0f), b = tamef(s[16 + k], 100.0f);
        float t = fabs(tamef(s[32 + k], 1.0f));
        float e = tamef(s[48 + k], 10.0f);
        float st = SQR(t) * (3.0f - 2.0f * t);
        d[4 * k + 0] = LERP(a, b, t);
        d[4 * k + 1] = (a * b + e) * t + st;
        d[4 * k + 2] = t > 0.5f ? a * t : b * e;
        d[4 * k + 3] = (float)(int)(a * 0.5f) * t + (float)(a * b) - e * 3.0f;
    }
}

kernel void ternary_and_cast_chains(global float *out, global const float *in)
{
    int gid = get_global_id(0);
    global const float *s = in + gid * 64;
    global float *d = out + gid * 64;
    for (int k = 0; k < 16; ++k) {
        float a = tamef(s[k], 50.0f), b = tamef(s[16 + k], 50.0f);
        float c = tamef(s[32 + k], 50.0f), e = tamef(s[48 + k], 50.0f);
        float r0 = (a > b ? a * c : b * e) + 1.0f;
        float r1 = a * b + (c > 0.0f ? c * e : -e);
        float r2 = -(a * b) + -(c * e);
        float r3 = a * 0.1f * b + c;             /* (a*0.1)*b + c */
        float r4 = 2.0f * a * b - c * e * 0.5f;
        float r5 = (a * b + c) * e + a;
        float r6 = a * b * c + e;
        float r7 = (a + b) * (c + e) - a * c;
        d[4 * k + 0] = r0 - r1;
        d[4 * k + 1] = r2 + r3;
        d[4 * k + 2] = r4 * 0.25f + r5;
        d[4 * k + 3] = r6 - r7;
    }
}

kernel void swizzle_products(global float4 *out, global const float4 *in)
{
    int gid = get_global_id(0);
    global const float4 *s = in + gid * 16;
    global float4 *d = out + gid * 16;
    for (int k = 0; k < 8; ++k) {
        float4 v = s[k], w = s[8 + k];
        v = select((float4)(1.0f), clamp(v, -30.0f, 30.0f), isfinite(v));
        w = select((float4)(-1.0f), clamp(w, -30.0f, 30.0f), isfinite(w));
        float4 r;
        r.x = v.x * w.y + v.y * w.x;
        r.y = v.z * w.w - v.w * w.z;
        r.z = v.x * v.x + w.y * w.y - 1.0f;
        r.w = dot(v.xy, w.yx) - r.x;
        d[2 * k] = r;
        d[2 * k + 1] = v.wzyx * w + v * (float4)(0.5f, -0.25f, 2.0f, 3.0f) + w.xxyy * w.zzww;
    }
}
