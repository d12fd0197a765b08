// oclc-flags: -cl-std=CL2.0
// Non-cryptographic hashing in the style of wyhash, MurmurHash3 and PCG:
// 64x64->128 multiplies from mul_hi, mad_hi folding, rotate-xor mixers on
// uint4/ulong2 lanes, a PCG32 stream, and a Fibonacci hash-table probe.

static inline ulong wymix(ulong a, ulong b)
{
    ulong lo = a * b;
    ulong hi = mul_hi(a, b);
    return lo ^ hi;
}

static inline uint4 murmur_fmix4(uint4 h)
{
    h ^= h >> 16;
    h *= 0x85ebca6bu;
    h ^= h >> 13;
    h *= 0xc2b2ae35u;
    h ^= h >> 16;
    return h;
}

kernel void wyhash_blocks(global ulong *out, global const ulong *in)
{
    int gid = get_global_id(0);
    global const ulong *s = in + gid * 32;
    global ulong *d = out + gid * 32;
    ulong seed = 0xa0761d6478bd642full ^ (ulong)gid;
    for (int k = 0; k < 16; ++k) {
        ulong a = s[2 * k] ^ 0xe7037ed1a0b428dbull;
        ulong b = s[2 * k + 1] ^ seed;
        seed = wymix(a, b);
        d[k] = seed;
        d[16 + k] = mad_hi(a, b, seed) ^ rotate(seed, (ulong)(k * 7 + 3)) ^ (ulong)clz(a) << 56;
    }
}

kernel void murmur_lanes(global uint4 *out, global const uint4 *in)
{
    int gid = get_global_id(0);
    global const uint4 *s = in + gid * 16;
    global uint4 *d = out + gid * 16;
    uint4 h = (uint4)(1, 2, 3, 4) * (uint)gid;
    for (int k = 0; k < 16; ++k) {
        uint4 kk = s[k] * 0xcc9e2d51u;
        kk = rotate(kk, (uint4)(15, 15, 15, 15));
        kk *= 0x1b873593u;
        h ^= kk;
        h = rotate(h, (uint4)(13, 14, 31, 0)) * 5u + 0xe6546b64u;
        d[k] = murmur_fmix4(h ^ (uint4)(k * 16));
    }
}

kernel void pcg32_stream(global uint *out, global const ulong *in)
{
    int gid = get_global_id(0);
    ulong state = in[gid * 32];
    ulong inc = in[gid * 32 + 1] | 1ul;
    for (int k = 0; k < 64; ++k) {
        ulong old = state;
        state = old * 6364136223846793005ul + inc;
        uint xorshifted = (uint)(((old >> 18u) ^ old) >> 27u);
        uint rot = (uint)(old >> 59u);
        out[gid * 64 + k] = (xorshifted >> rot) | (xorshifted << ((0u - rot) & 31));
    }
}

kernel void fibonacci_probe(global uint *out, global const uint *in)
{
    int gid = get_global_id(0);
    global const uint *s = in + gid * 64;
    global uint *d = out + gid * 64;
    for (int k = 0; k < 64; ++k) {
        uint key = s[k];
        uint slot = (key * 2654435769u) >> (32 - 10);
        uint hi = mul_hi(key, 2654435769u);
        uint tag = mad_hi(key, 0x9e3779b9u, slot) ^ (popcount(key) << 27);
        int sk = (int)key;
        int mh = mul_hi(sk, -1640531527) ^ mad_hi(sk, sk, 12345);
        d[k] = slot ^ hi ^ tag ^ (uint)mh ^ rotate(key, slot);
    }
}
