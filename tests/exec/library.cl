// Library functions in the shapes real kernels use them: an n-body force
// step (dot, rsqrt, length, normalize, cross, mad, fma), a hash mixing
// integers (rotate, clz, popcount, mul_hi, mad24, add_sat, abs_diff,
// hadd), and common functions on vectors (clamp, mix, step, smoothstep,
// min/max with a scalar, fabs, floor, ceil, sqrt, pown, ldexp).

kernel void forces(global const float4 *pos, global float4 *acc, int n, float soft) {
    size_t i = get_global_id(0);
    float3 me = pos[i].xyz;
    float3 a = (float3)(0.0f);
    for (int j = 0; j < n; j++) {
        float3 d = pos[j].xyz - me;
        float r2 = dot(d, d) + soft;
        float inv = rsqrt(r2);
        a = fma((float3)(pos[j].w * inv * inv * inv), d, a);
    }
    float3 c = cross(me, (float3)(0.0f, 0.0f, 1.0f));
    acc[i] = (float4)(a, length(normalize(me + (float3)(1.0f))) + dot(c, me));
}

kernel void hashes(global const uint *in, global uint *out) {
    size_t i = get_global_id(0);
    uint x = in[i];
    uint h = rotate(x * 0x9e3779b9u, 13u) ^ clz(x) ^ (popcount(x) << 8);
    h = mad24(h & 0xffffu, 3u, mul_hi(x, 0x85ebca6bu));
    int s = add_sat((int)x, 0x7fff0000);
    out[i * 4 + 0] = h;
    out[i * 4 + 1] = (uint)s;
    out[i * 4 + 2] = abs_diff((int)x, -5) + hadd(x, 0xffffffffu);
    uint4 v = (uint4)(x, x >> 8, x >> 16, x >> 24) & 0xffu;
    uint4 m = min(max(v, 16u), (uint4)(200u)) + clamp(v, 10u, 20u);
    out[i * 4 + 3] = m.x + m.y * 3u + m.z * 5u + m.w * 7u + (uint)abs((int)x);
}

kernel void common(global const float4 *in, global float4 *out) {
    size_t i = get_global_id(0);
    float4 v = in[i];
    float4 a = clamp(v, -1.0f, 1.0f) + mix(v, (float4)(2.0f), 0.25f);
    float4 b = step(0.5f, v) + smoothstep((float4)(-2.0f), (float4)(2.0f), v);
    float4 c = fabs(v) + floor(v) * 2.0f + ceil(v) * 4.0f + fmax(v, 0.0f);
    out[i * 2] = a + b;
    out[i * 2 + 1] = c + sqrt(fabs(v)) * 0.0f + pown(v, (int4)(2)) + ldexp(v, 3);
}

// Relational functions: classification of special values, ordered and
// unordered comparisons, any/all on sign bits, select by sign bit.
kernel void relational(global const float4 *in, global int *out) {
    size_t i = get_global_id(0);
    float4 v = in[i];
    float4 w = v.wzyx;
    int4 tests = isnan(v) * 1 + isinf(v) * 2 + isfinite(v) * 4 + isnormal(v) * 8
        + signbit(v) * 16 + isless(v, w) * 32 + isunordered(v, w) * 64
        + isnotequal(v, w) * 128 + islessgreater(v, w) * 256;
    out[i * 6 + 0] = tests.x;
    out[i * 6 + 1] = tests.y;
    out[i * 6 + 2] = tests.z + isnan(v.x) * 1000 + isgreaterequal(v.y, v.z) * 2000;
    out[i * 6 + 3] = tests.w;
    int4 s = as_int4(v);
    out[i * 6 + 4] = any(s) + all(s) * 2 + any(s.x) * 4;
    float4 picked = select(v, w, s);
    out[i * 6 + 5] = as_int(picked.x + picked.y * 2.0f + picked.z * 4.0f + picked.w * 8.0f);
}

// Functions that also return through a pointer (private variables and
// global memory), shuffles, and the linear work-item ids.
kernel void outputs(global const float4 *in, global float4 *out, global int4 *ints,
                    global uint *ids) {
    size_t i = get_global_id(0);
    float4 x = in[i];
    float4 whole;
    float4 frac = fract(x, &whole);
    int4 e;
    float4 m = frexp(x, &e);
    float4 c;
    float4 s = sincos(x, &c);
    float4 ip;
    float4 f = modf(x, &ip);
    int4 q;
    float4 r = remquo(x, (float4)(0.75f), &q);
    out[i * 5 + 0] = frac + whole * 16.0f;
    out[i * 5 + 1] = m;
    out[i * 5 + 2] = s * s + c * c;
    out[i * 5 + 3] = f + ip * 16.0f;
    out[i * 5 + 4] = r;
    ints[i * 3 + 0] = e;
    ints[i * 3 + 1] = q & 7;
    ints[i * 3 + 2] = shuffle2(as_int4(x), e, (uint4)(4u, 0u, 7u, 1u)) + shuffle(e, (uint4)(3u, 2u, 1u, 0u)).s0123;
    ids[i] = (uint)(get_global_linear_id() * 1000 + get_local_linear_id());
}

// Functions whose result type is derived from the argument's.
kernel void derived(global const float *f, global const short *hi, global const ushort *lo,
                    global int *out) {
    size_t i = get_global_id(0);
    float3 v3 = (float3)(f[i]);
    out[i * 4 + 0] = ilogb(f[i]);
    out[i * 4 + 1] = upsample(hi[i], lo[i]);
    out[i * 4 + 2] = isnan(nan((uint)i + 1u)) + vec_step(v3) * 10 + vec_step(f[i]) * 100
                     + vec_step(uchar16) * 1000 + vec_step(double3) * 100000;
    out[i * 4 + 3] = ilogb((float2)(f[i], 1.0f)).y;
}
