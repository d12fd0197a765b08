/* Random123-style counter-based generators. */
#define PHILOX_M4x32_0 ((uint)0xD2511F53)
#define PHILOX_M4x32_1 ((uint)0xCD9E8D57)
#define PHILOX_W32_0   ((uint)0x9E3779B9)
#define PHILOX_W32_1   ((uint)0xBB67AE85)

typedef struct r123array4x32 { uint v[4]; } philox4x32_ctr_t;
typedef struct r123array2x32 { uint v[2]; } philox4x32_key_t;

inline uint mulhilo32(uint a, uint b, uint* hip) {
    ulong product = ((ulong)a)*((ulong)b);
    *hip = product>>32;
    return (uint)product;
}

inline philox4x32_ctr_t _philox4x32round(philox4x32_ctr_t ctr, philox4x32_key_t key) {
    uint hi0, hi1;
    uint lo0 = mulhilo32(PHILOX_M4x32_0, ctr.v[0], &hi0);
    uint lo1 = mulhilo32(PHILOX_M4x32_1, ctr.v[2], &hi1);
    philox4x32_ctr_t out = {{hi1^ctr.v[1]^key.v[0], lo1, hi0^ctr.v[3]^key.v[1], lo0}};
    return out;
}
inline philox4x32_key_t _philox4x32bumpkey(philox4x32_key_t key) {
    key.v[0] += PHILOX_W32_0;
    key.v[1] += PHILOX_W32_1;
    return key;
}
#define _philox4x32_R(R, ctr, key) \
    for (int r_ = 0; r_ < (R); ++r_) { if (r_) key = _philox4x32bumpkey(key); ctr = _philox4x32round(ctr, key); }

/* uint4 version using mul_hi directly */
inline uint4 philox_round_v(uint4 c, uint2 k) {
    uint hi0 = mul_hi(PHILOX_M4x32_0, c.x), lo0 = PHILOX_M4x32_0 * c.x;
    uint hi1 = mul_hi(PHILOX_M4x32_1, c.z), lo1 = PHILOX_M4x32_1 * c.z;
    return (uint4)(hi1 ^ c.y ^ k.x, lo1, hi0 ^ c.w ^ k.y, lo0);
}
inline uint4 philox4x32_10(uint4 c, uint2 k) {
    #pragma unroll
    for (int i = 0; i < 10; ++i) {
        c = philox_round_v(c, k);
        k += (uint2)(PHILOX_W32_0, PHILOX_W32_1);
    }
    return c;
}

/* Threefry2x32-20 */
#define SKEIN_KS_PARITY32 0x1BD11BDA
__constant uint R_32x2[8] = {13, 15, 26, 6, 17, 29, 16, 24};
inline uint2 threefry2x32_20(uint2 x, uint2 k) {
    uint ks[3] = {k.x, k.y, SKEIN_KS_PARITY32 ^ k.x ^ k.y};
    x += (uint2)(ks[0], ks[1]);
    for (int r = 0; r < 20; ++r) {
        x.x += x.y; x.y = rotate(x.y, R_32x2[r % 8]); x.y ^= x.x;
        if ((r & 3) == 3) {
            int s = (r >> 2) + 1;
            x.x += ks[s % 3]; x.y += ks[(s + 1) % 3]; x.y += (uint)s;
        }
    }
    return x;
}

inline float u01_open_closed_32_24(uint x) { return (x >> 8) * 0x1p-24f + 0x1p-25f; }

__kernel void philox_kernel(__global uint4 *out, __global const uint4 *in)
{
    size_t gid = get_global_id(0);
    uint4 seed = in[gid * 16];
    philox4x32_key_t key = {{seed.x, seed.y}};
    philox4x32_ctr_t ctr = {{(uint)gid, 0, seed.z, seed.w}};
    for (int i = 0; i < 8; ++i) {
        philox4x32_ctr_t c = ctr; philox4x32_key_t kk = key;
        c.v[1] = i;
        _philox4x32_R(10, c, kk);
        out[gid * 16 + i] = (uint4)(c.v[0], c.v[1], c.v[2], c.v[3]);
        uint4 r = philox4x32_10((uint4)((uint)gid, (uint)i, seed.z, seed.w), seed.xy);
        out[gid * 16 + 8 + i] = r ^ (uint4)(c.v[0], c.v[1], c.v[2], c.v[3]);
    }
}

__kernel void threefry_kernel(__global float2 *out, __global const uint2 *in)
{
    size_t gid = get_global_id(0);
    uint2 key = in[gid * 32 + 1];
    for (int i = 0; i < 32; ++i) {
        uint2 r = threefry2x32_20((uint2)(i, gid), key);
        float u1 = u01_open_closed_32_24(r.x), u2 = u01_open_closed_32_24(r.y);
        float c, s = sincos(6.2831853071795864f * u2, &c);
        float rad = sqrt(-2.0f * log(u1));
        out[gid * 32 + i] = (float2)(rad * c, rad * s);
    }
}
