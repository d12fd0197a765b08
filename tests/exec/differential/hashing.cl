// Hash functions the way hashing and mining kernels write them: 32- and
// 64-bit rotates, `bitselect` for the choose and majority functions,
// `mul_hi`, `mad24`, `upsample`, vector `rotate`, `popcount` and `clz`.

#define ROTL32(x, r) rotate((uint)(x), (uint)(r))
#define CH(x, y, z) bitselect((z), (y), (x))
#define MAJ(x, y, z) bitselect((x), (y), ((x) ^ (z)))

__constant uint K[8] = {
    0x428a2f98u, 0x71374491u, 0xb5c0fbcfu, 0xe9b5dba5u,
    0x3956c25bu, 0x59f111f1u, 0x923f82a4u, 0xab1c5ed5u,
};

uint murmur3_32(const global uint *key, int words, uint seed)
{
    uint h = seed;
    for (int i = 0; i < words; i++) {
        uint k = key[i];
        k *= 0xcc9e2d51u;
        k = ROTL32(k, 15);
        k *= 0x1b873593u;
        h ^= k;
        h = ROTL32(h, 13);
        h = h * 5u + 0xe6546b64u;
    }
    h ^= (uint)(words * 4);
    h ^= h >> 16;
    h *= 0x85ebca6bu;
    h ^= h >> 13;
    h *= 0xc2b2ae35u;
    h ^= h >> 16;
    return h;
}

ulong splitmix64(ulong x)
{
    x += 0x9e3779b97f4a7c15UL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9UL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebUL;
    return x ^ (x >> 31);
}

__kernel void murmur(__global uint *out, __global const uint *in)
{
    size_t gid = get_global_id(0);
    out[gid] = murmur3_32(in + gid * 4, 4, 0x9747b28cu);
    out[64 + gid] = popcount(out[gid]) | (clz(out[gid]) << 8);
}

__kernel void sha_rounds(__global uint *out, __global const uint *in)
{
    size_t gid = get_global_id(0);
    uint a = in[8 * gid], b = in[8 * gid + 1], c = in[8 * gid + 2], d = in[8 * gid + 3];
    uint e = in[8 * gid + 4], f = in[8 * gid + 5], g = in[8 * gid + 6], h = in[8 * gid + 7];
    #pragma unroll
    for (int r = 0; r < 8; r++) {
        uint s1 = ROTL32(e, 26) ^ ROTL32(e, 21) ^ ROTL32(e, 7);
        uint t1 = h + s1 + CH(e, f, g) + K[r] + in[(8 * gid + r) % 512];
        uint s0 = ROTL32(a, 30) ^ ROTL32(a, 19) ^ ROTL32(a, 10);
        uint t2 = s0 + MAJ(a, b, c);
        h = g; g = f; f = e; e = d + t1;
        d = c; c = b; b = a; a = t1 + t2;
    }
    uint8 state = (uint8)(a, b, c, d, e, f, g, h);
    vstore8(state, gid, out);
}

__kernel void mixers(__global ulong *out, __global const ulong *in)
{
    size_t gid = get_global_id(0);
    ulong x = in[gid];
    out[4 * gid] = splitmix64(x);
    out[4 * gid + 1] = rotate(x, (ulong)(gid % 64)) ^ mul_hi(x, 0x9e3779b97f4a7c15UL);
    uint2 halves = as_uint2(x);
    out[4 * gid + 2] = upsample(halves.y ^ halves.x, mad24(halves.x & 0xffffu, 977u, halves.y & 0xffffu));
    uint4 lanes = (uint4)(halves, halves.yx);
    lanes = rotate(lanes, (uint4)(1u, 5u, 11u, 17u)) ^ (lanes >> 3);
    out[4 * gid + 3] = as_ulong(lanes.lo ^ lanes.hi);
}
