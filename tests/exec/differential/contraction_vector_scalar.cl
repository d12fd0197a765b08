// oclc-flags: -cl-std=CL2.0
// Vector/scalar mixes in a colour-science and skinning kernel: float4 *
// float4 + scalar (the scalar splats), scalar * vector + vector, int
// literals as addends, products of swizzles of different lengths, product
// chains a*b*c + d, and sums of three products, all under the default
// contraction.

static inline float4 tame4(float4 v)
{
    return select((float4)(0.5f), clamp(v, -64.0f, 64.0f), isfinite(v));
}

kernel void splat_addends(global float4 *out, global const float4 *in)
{
    int gid = get_global_id(0);
    global const float4 *s = in + gid * 16;
    global float4 *d = out + gid * 16;
    for (int k = 0; k < 4; ++k) {
        float4 a = tame4(s[k]), b = tame4(s[4 + k]), c = tame4(s[8 + k]);
        float w = c.w;
        d[4 * k + 0] = a * b + w;
        d[4 * k + 1] = w * a + c;
        d[4 * k + 2] = a * b - 1 + (a * 3 - c);
        d[4 * k + 3] = 2.0f - a * w;
    }
}

kernel void product_chains(global float *out, global const float *in)
{
    int gid = get_global_id(0);
    global const float *s = in + gid * 64;
    global float *d = out + gid * 64;
    for (int k = 0; k < 16; ++k) {
        float a = clamp(s[k], -30.0f, 30.0f), b = clamp(s[16 + k], -30.0f, 30.0f);
        float c = clamp(s[32 + k], -30.0f, 30.0f), e = clamp(s[48 + k], -30.0f, 30.0f);
        a = isnan(a) ? 1.0f : a; b = isnan(b) ? 2.0f : b;
        c = isnan(c) ? 3.0f : c; e = isnan(e) ? 4.0f : e;
        d[4 * k + 0] = a * b * c + e;
        d[4 * k + 1] = a * b + c * e + a * e;
        d[4 * k + 2] = e - a * b * c - b * c;
        d[4 * k + 3] = (a * b - c * e) * (a * e - b * c) + 1.0f;
    }
}

kernel void skin_vertex(global float4 *out, global const float4 *in)
{
    int gid = get_global_id(0);
    global const float4 *s = in + gid * 16;
    global float4 *d = out + gid * 16;
    float4 w = fabs(tame4(s[15]));
    w /= (w.x + w.y + w.z + w.w + 1.0f);
    for (int k = 0; k < 3; ++k) {
        float4 m0 = tame4(s[4 * k]), m1 = tame4(s[4 * k + 1]), m2 = tame4(s[4 * k + 2]);
        float4 p = tame4(s[4 * k + 3]);
        float3 r = (float3)(dot(m0, p), dot(m1, p), dot(m2, p));
        float3 q = m0.xyz * p.x + m1.xyz * p.y + m2.xyz * p.z + (float3)(m0.w, m1.w, m2.w);
        d[4 * k] = (float4)(r - q, 0.0f);
        d[4 * k + 1] = w.x * m0 + w.y * m1 + w.z * m2 + w.w * p;
        d[4 * k + 2] = (float4)(m0.xy * m1.zw + m2.yx, m0.z * m1.x - p.y, (m2.s3 * m1.s2));
        d[4 * k + 3] = mad(m0, m1, p) - fma(m0, m1, p) + m0.wzyx * m2.xxxx - p;
    }
}
