// oclc-flags: -cl-std=CL1.2
// Non-cryptographic hashes as used by GPU hash tables and dedup kernels:
// xxHash32 (four-lane stripes, tail bytes, avalanche), XXH64's round and
// merge on ulong, and FNV-1a in 32- and 64-bit flavours over byte streams.

#define PRIME32_1 0x9E3779B1u
#define PRIME32_2 0x85EBCA77u
#define PRIME32_3 0xC2B2AE3Du
#define PRIME32_4 0x27D4EB2Fu
#define PRIME32_5 0x165667B1u

#define PRIME64_1 0x9E3779B185EBCA87UL
#define PRIME64_2 0xC2B2AE3D27D4EB4FUL
#define PRIME64_3 0x165667B19E3779F9UL
#define PRIME64_4 0x85EBCA77C2B2AE63UL
#define PRIME64_5 0x27D4EB2F165667C5UL

#define XXH_rotl32(x, r) rotate((uint)(x), (uint)(r))
#define XXH_rotl64(x, r) rotate((ulong)(x), (ulong)(r))

#define FNV32_OFFSET 0x811C9DC5u
#define FNV32_PRIME  0x01000193u
#define FNV64_OFFSET 0xCBF29CE484222325UL
#define FNV64_PRIME  0x00000100000001B3UL

typedef __global const uchar *byte_ptr;

inline uint read_le32(byte_ptr p)
{
    return (uint)p[0] | ((uint)p[1] << 8) | ((uint)p[2] << 16) | ((uint)p[3] << 24);
}

inline ulong read_le64(byte_ptr p)
{
    return (ulong)read_le32(p) | ((ulong)read_le32(p + 4) << 32);
}

inline uint xxh32_round(uint acc, uint input)
{
    acc += input * PRIME32_2;
    acc = XXH_rotl32(acc, 13);
    acc *= PRIME32_1;
    return acc;
}

inline uint xxh32_avalanche(uint h)
{
    h ^= h >> 15;
    h *= PRIME32_2;
    h ^= h >> 13;
    h *= PRIME32_3;
    h ^= h >> 16;
    return h;
}

uint XXH32(byte_ptr p, uint len, uint seed)
{
    byte_ptr bEnd = p + len;
    uint h32;
    if (len >= 16) {
        byte_ptr limit = bEnd - 16;
        uint v1 = seed + PRIME32_1 + PRIME32_2;
        uint v2 = seed + PRIME32_2;
        uint v3 = seed + 0;
        uint v4 = seed - PRIME32_1;
        do {
            v1 = xxh32_round(v1, read_le32(p)); p += 4;
            v2 = xxh32_round(v2, read_le32(p)); p += 4;
            v3 = xxh32_round(v3, read_le32(p)); p += 4;
            v4 = xxh32_round(v4, read_le32(p)); p += 4;
        } while (p <= limit);
        h32 = XXH_rotl32(v1, 1) + XXH_rotl32(v2, 7) + XXH_rotl32(v3, 12) + XXH_rotl32(v4, 18);
    } else {
        h32 = seed + PRIME32_5;
    }
    h32 += len;
    while (p + 4 <= bEnd) {
        h32 += read_le32(p) * PRIME32_3;
        h32 = XXH_rotl32(h32, 17) * PRIME32_4;
        p += 4;
    }
    while (p < bEnd) {
        h32 += (*p) * PRIME32_5;
        h32 = XXH_rotl32(h32, 11) * PRIME32_1;
        p++;
    }
    return xxh32_avalanche(h32);
}

__kernel void xxhash32_chunks(__global uint *out, __global const uchar *in)
{
    const uint gid = get_global_id(0);
    byte_ptr chunk = in + gid * 256;
    out[gid] = XXH32(chunk, 256, 0u);
    out[64 + gid] = XXH32(chunk, gid * 3 + 1, 0x9747B28Cu);   /* odd tails */
    out[128 + gid] = XXH32(chunk + 1, 15, gid);               /* short path */
}

/* ----------------------------- XXH64 ----------------------------- */
inline ulong xxh64_round(ulong acc, ulong input)
{
    acc += input * PRIME64_2;
    acc = XXH_rotl64(acc, 31);
    acc *= PRIME64_1;
    return acc;
}

inline ulong xxh64_merge_round(ulong acc, ulong val)
{
    val = xxh64_round(0, val);
    acc ^= val;
    acc = acc * PRIME64_1 + PRIME64_4;
    return acc;
}

ulong XXH64_stripes(byte_ptr p, uint nstripes, ulong seed)
{
    ulong v1 = seed + PRIME64_1 + PRIME64_2;
    ulong v2 = seed + PRIME64_2;
    ulong v3 = seed;
    ulong v4 = seed - PRIME64_1;
    for (uint s = 0; s < nstripes; s++) {
        v1 = xxh64_round(v1, read_le64(p));      p += 8;
        v2 = xxh64_round(v2, read_le64(p));      p += 8;
        v3 = xxh64_round(v3, read_le64(p));      p += 8;
        v4 = xxh64_round(v4, read_le64(p));      p += 8;
    }
    ulong h64 = XXH_rotl64(v1, 1) + XXH_rotl64(v2, 7) + XXH_rotl64(v3, 12) + XXH_rotl64(v4, 18);
    h64 = xxh64_merge_round(h64, v1);
    h64 = xxh64_merge_round(h64, v2);
    h64 = xxh64_merge_round(h64, v3);
    h64 = xxh64_merge_round(h64, v4);
    h64 += (ulong)nstripes * 32;
    h64 ^= h64 >> 33;
    h64 *= PRIME64_2;
    h64 ^= h64 >> 29;
    h64 *= PRIME64_3;
    h64 ^= h64 >> 32;
    return h64;
}

__kernel void xxhash64_chunks(__global ulong *out, __global const uchar *in)
{
    const uint gid = get_global_id(0);
    out[gid] = XXH64_stripes(in + gid * 256, 8, 0UL);
    out[64 + gid] = XXH64_stripes(in + gid * 256 + 32, 1 + (gid & 6), (ulong)gid << 40);
}

/* ----------------------------- FNV-1a ----------------------------- */
inline uint fnv1a32(byte_ptr p, uint len)
{
    uint h = FNV32_OFFSET;
    for (uint i = 0; i < len; i++) {
        h ^= p[i];
        h *= FNV32_PRIME;
    }
    return h;
}

inline ulong fnv1a64(byte_ptr p, uint len)
{
    ulong h = FNV64_OFFSET;
    for (uint i = 0; i < len; i++) {
        h ^= p[i];
        h *= FNV64_PRIME;
    }
    return h;
}

__kernel void fnv1a_buckets(__global uint *out, __global const uchar *in)
{
    const uint gid = get_global_id(0);
    /* hash 16 eight-byte records per work-item, bucket them into 1024 slots */
    for (uint r = 0; r < 16; r++) {
        byte_ptr rec = in + (gid * 16 + r) * 16;
        uint h32 = fnv1a32(rec, 8);
        ulong h64 = fnv1a64(rec, 16);
        out[(gid * 16 + r) * 2] = h32;
        out[(gid * 16 + r) * 2 + 1] = (uint)(h64 ^ (h64 >> 32));
        atomic_inc(&out[2048 + (h32 & 1023u)]);    /* bucket occupancy */
    }
}
