// Vector component selection and vector literals, in the shapes real
// kernels use them: a particle update with .xyz compound assignment, a
// swizzle that reverses a vector in place, .lo/.hi/.even/.odd and .sN
// selections on 8-vectors, and literals mixing scalars and vectors.

typedef struct {
    float4 pos;
    float4 vel;
} Particle;

float4 scaled(float4 v, float k) { return v * k; }

kernel void integrate(global Particle *particles, float dt) {
    size_t i = get_global_id(0);
    Particle p = particles[i];
    p.pos.xyz += p.vel.xyz * dt;    // w (the mass) is kept
    p.vel.y -= 9.75f * dt;          // gravity
    particles[i] = p;
}

kernel void shuffles(global int4 *a, global uint8 *b, global float4 *f) {
    size_t i = get_global_id(0);
    int4 x = a[i];
    x.wzyx = x;                              // reverse, reading the old value
    x.s1 += 100;
    a[i] = x;
    uint8 y = b[i];
    y.lo = y.hi + (uint4)(1u);               // splat literal
    y.s7 = y.even.s0 + y.odd.s3;             // components of components
    b[i] = y;
    float4 v = f[i];
    float3 head = (float3)(v.x, v.zw);       // scalar then vector
    float4 w = (float4)(head.zyx, 1.0f);
    f[i] = w + scaled((float4)(v.lo, v.hi.yx), 0.5f);
}

// Vector loads and stores from scalar arrays, as image-row and matrix
// kernels use them, and half-precision storage converted to float.
kernel void rows(global const float *src, global float *dst, global half *packed, int width) {
    size_t row = get_global_id(0);
    global const float *line = src + row * width;
    for (int x = 0; x + 4 <= width; x += 4) {
        float4 v = vload4(x / 4, line);
        float4 blurred = (v + vload4(0, line + x + (x + 8 <= width ? 4 : 0))) * 0.5f;
        vstore4(blurred.wzyx, x / 4, dst + row * width);
        vstore_half4_rtz(v, x / 4, packed + row * width);
    }
    float first = vload_half(row * width, packed);
    vstore_half(first * 2.0f, 0, packed + row * width);
}

// Vector comparisons and logic give -1/0 per component; a vector `?:`
// selects per component (a branch-free clamp and a mask-based blend).
kernel void masks(global const int4 *a, global const float4 *f, global int4 *out) {
    size_t i = get_global_id(0);
    int4 x = a[i * 2], y = a[i * 2 + 1];
    int4 lt = x < y;
    int4 eq = f[i * 2] == f[i * 2 + 1];
    int4 both = lt && eq;
    int4 either = lt || !x;
    out[i * 4 + 0] = lt + eq * 2;
    out[i * 4 + 1] = both + either * 2;
    out[i * 4 + 2] = lt ? x : y;                  // per-component min
    out[i * 4 + 3] = as_int4((x > 0) ? f[i * 2] : -f[i * 2 + 1]);
}
