// oclc-flags: -cl-std=CL1.2
// Game-physics and ray-tracing style code built on the relaxed-precision
// built-ins: fast_normalize/fast_length/fast_distance on float2..float4,
// native_divide/native_recip/native_rsqrt, and half_exp/half_log/half_sqrt
// /half_powr/half_divide applied to float data, as in particle and
// lighting kernels of the NVIDIA and AMD SDK samples.

inline float sane(float x) { return isfinite(x) ? clamp(x, -50.0f, 50.0f) : 1.0f; }

__kernel void fast_vectors(__global float *out, __global const float *in)
{
    const int gid = get_global_id(0);
    const int b = gid * 64;
    float4 p = (float4)(sane(in[b]), sane(in[b + 1]), sane(in[b + 2]), sane(in[b + 3]));
    float4 q = (float4)(sane(in[b + 4]), sane(in[b + 5]), sane(in[b + 6]), sane(in[b + 7]));
    float3 n3 = fast_normalize(p.xyz);
    float2 n2 = fast_normalize(q.zw);
    float4 n4 = fast_normalize(p - q);
    out[b + 0] = n3.x; out[b + 1] = n3.y; out[b + 2] = n3.z;
    out[b + 3] = n2.x; out[b + 4] = n2.y;
    vstore4(n4, 0, out + b + 5);
    out[b + 9] = fast_length(p);
    out[b + 10] = fast_length(q.xy);
    out[b + 11] = fast_length(p.x);
    out[b + 12] = fast_distance(p, q);
    out[b + 13] = fast_distance(p.xyz, q.xyz);
    out[b + 14] = fast_distance(p.x, q.y);
    /* normalizing a zero vector */
    float3 z = fast_normalize((float3)(0.0f, p.x * 0.0f, 0.0f));
    out[b + 15] = z.x + z.y + z.z;
    out[b + 16] = native_divide(p.x, q.y == 0.0f ? 3.0f : q.y);
    out[b + 17] = native_recip(q.x == 0.0f ? 7.0f : q.x);
    out[b + 18] = native_rsqrt(fabs(p.y) + 1.0f);
    out[b + 19] = native_sqrt(fabs(p.z));
}

__kernel void half_precision_math(__global float4 *out, __global const float4 *in)
{
    const int gid = get_global_id(0);
    float4 x = in[gid];
    float4 s = (float4)(sane(x.x), sane(x.y), sane(x.z), sane(x.w));
    float4 pos = fabs(s) + 0.125f;
    out[gid * 16 + 0] = half_exp(s * 0.25f);
    out[gid * 16 + 1] = half_log(pos);
    out[gid * 16 + 2] = half_sqrt(pos);
    out[gid * 16 + 3] = half_rsqrt(pos);
    out[gid * 16 + 4] = half_recip(pos);
    out[gid * 16 + 5] = half_divide(s, pos);
    out[gid * 16 + 6] = half_powr(pos, (float4)(0.5f, 1.5f, 2.0f, 0.25f));
    out[gid * 16 + 7] = half_exp2(s * 0.125f);
    out[gid * 16 + 8] = half_log2(pos);
    out[gid * 16 + 9] = half_exp10(s * 0.0625f);
    out[gid * 16 + 10] = half_log10(pos);
    out[gid * 16 + 11] = half_sin(s) + half_cos(s);
    out[gid * 16 + 12] = half_tan(s * 0.25f);
    out[gid * 16 + 13] = native_exp(s * 0.25f) + native_log(pos);
    out[gid * 16 + 14] = native_powr(pos, 0.75f);
    out[gid * 16 + 15] = native_divide(s, pos) + native_sin(s) * native_cos(s);
}

/* Phong shading with fast_normalize'd light and view vectors */
__kernel void phong(__global float *out, __global const float *in)
{
    const int gid = get_global_id(0);
    const int b = gid * 64;
    float3 P = vload3(0, in + b);
    float3 N = vload3(1, in + b);
    P = (float3)(sane(P.x), sane(P.y), sane(P.z));
    N = (float3)(sane(N.x), sane(N.y), sane(N.z)) + (float3)(0.0f, 0.0f, 0.5f);
    const float3 L = (float3)(10.0f, 20.0f, 30.0f);
    float3 l = fast_normalize(L - P);
    float3 v = fast_normalize(-P);
    float3 n = fast_normalize(N);
    float ndl = max(dot(n, l), 0.0f);
    float3 r = 2.0f * ndl * n - l;
    float spec = half_powr(max(dot(r, v), 0.0f), 16.0f);
    out[b] = 0.1f + 0.7f * ndl + 0.2f * spec;
    out[b + 1] = native_divide(1.0f, 1.0f + fast_distance(L, P) * 0.01f);
}
