// oclc-flags: -cl-std=CL2.0
// Type-generic helpers the way C11 libraries write them: `_Generic`
// picks a function per argument type (a bit-mixing hash for integers,
// one for the bits of floats), and `__builtin_astype` (clang's built-in
// behind `as_<type>`) reinterprets values for the float paths.

inline uint mix_u32(uint x)
{
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    return x ^ (x >> 16);
}

inline uint mix_i32(int x) { return mix_u32((uint)x * 2654435761u); }

inline uint mix_f32(float x)
{
    /* +0 and -0 hash alike; every NaN hashes alike. */
    uint bits = __builtin_astype(x == 0.0f ? 0.0f : x, uint);
    return mix_u32(isnan(x) ? 0x7fc00000u : bits);
}

inline uint mix_f4(float4 v)
{
    uint4 b = __builtin_astype(v, uint4);
    return mix_u32(b.x ^ rotate(b.y, 8u) ^ rotate(b.z, 16u) ^ rotate(b.w, 24u));
}

/* OpenCL C has no function pointers: each association is a call (and
 * each must type-check for every argument, selected or not). */
#define HASH(x) _Generic((x), uint: mix_u32(x), int: mix_i32(x), float: mix_f32(x))
#define KIND(x) _Generic((x), char: 1, short: 2, int: 3, long: 4, uint: 5, \
                         float: 6, float4: 7, global const uint *: 8, default: 0)

__kernel void hash_mixed(__global uint *out, __global const uint *in)
{
    size_t gid = get_global_id(0);
    __global const uint *w = in + gid * 64;
    __global uint *o = out + gid * 64;
    const float f = __builtin_astype(w[1], float);
    const float4 v = __builtin_astype(vload4(1, w), float4);
    o[0] = HASH(w[0]);
    o[1] = HASH((int)w[2]);
    o[2] = HASH(f);
    o[3] = mix_f4(v);
    o[4] = HASH(f * 2.0f + 1.0f);
    o[5] = HASH(w[3] + (uint)gid);
    /* Integer promotions and qualifiers decide the selection. */
    const short s = (short)w[4];
    o[6] = KIND(s) * 100 + KIND(s + s) * 10 + KIND((char)w[5]);
    o[7] = KIND(w) * 100 + KIND(gid) * 10 + KIND(1.0f);
    o[8] = KIND(v.x) + KIND(v) * 10 + KIND(1.0) * 100;
    /* A selected lvalue can be assigned through. */
    uint acc[2] = { 0, 0 };
    _Generic(w[6], uint: acc[0], default: acc[1]) = w[6] ^ 0xa5a5a5a5u;
    o[9] = acc[0];
    o[10] = acc[1];
    /* The controlling expression is not evaluated. */
    uint n = w[7];
    o[11] = _Generic(n + w[8], uint: n, default: 0u);
}

__kernel void astype_lanes(__global float4 *out, __global const uint4 *in)
{
    size_t gid = get_global_id(0);
    __global const uint4 *w = in + gid * 16;
    __global float4 *o = out + gid * 16;
    uint4 a = w[0];
    /* Clear the sign bits through the integer view, as fabs would. */
    o[0] = __builtin_astype(a & (uint4)(0x7fffffffu), float4);
    /* A float3 occupies four lanes; its bits round-trip through uint3. */
    float3 t = __builtin_astype(w[1].xyz, float3);
    o[1] = (float4)(t * 0.5f, 1.0f);
    uint2 half_bits = __builtin_astype(w[2].xy, uint2);
    o[2] = convert_float4((uint4)(half_bits, __builtin_astype(w[2].zw, uint2)) >> 8);
    o[3] = __builtin_astype(__builtin_astype(w[3], float4) * 2.0f, float4);
}
