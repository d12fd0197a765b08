// oclc-flags: -cl-std=CL1.2
// Keyed hashing for hash-flooding-resistant GPU tables: SipHash-2-4 over
// ulong lanes with the reference padding rule (length in the top byte),
// its official test-vector self check, and HalfSipHash-2-4 on uint words.

#define cROUNDS 2
#define dROUNDS 4

#define ROTL64(x, b) rotate((ulong)(x), (ulong)(b))
#define ROTL32(x, b) rotate((uint)(x), (uint)(b))

#define SIPROUND(v0, v1, v2, v3)                               \
    do {                                                       \
        v0 += v1; v1 = ROTL64(v1, 13); v1 ^= v0; v0 = ROTL64(v0, 32); \
        v2 += v3; v3 = ROTL64(v3, 16); v3 ^= v2;               \
        v0 += v3; v3 = ROTL64(v3, 21); v3 ^= v0;               \
        v2 += v1; v1 = ROTL64(v1, 17); v1 ^= v2; v2 = ROTL64(v2, 32); \
    } while (0)

#define HSIPROUND(v0, v1, v2, v3)                              \
    do {                                                       \
        v0 += v1; v1 = ROTL32(v1, 5); v1 ^= v0; v0 = ROTL32(v0, 16); \
        v2 += v3; v3 = ROTL32(v3, 8); v3 ^= v2;                \
        v0 += v3; v3 = ROTL32(v3, 7); v3 ^= v0;                \
        v2 += v1; v1 = ROTL32(v1, 13); v1 ^= v2; v2 = ROTL32(v2, 16); \
    } while (0)

typedef struct { ulong k0, k1; } sipkey_t;

/* message given as bytes in private memory, at most 64 bytes */
ulong siphash24(const uchar *m, uint inlen, sipkey_t key)
{
    ulong v0 = 0x736f6d6570736575UL ^ key.k0;
    ulong v1 = 0x646f72616e646f6dUL ^ key.k1;
    ulong v2 = 0x6c7967656e657261UL ^ key.k0;
    ulong v3 = 0x7465646279746573UL ^ key.k1;
    const uint left = inlen & 7;
    const uint end = inlen - left;
    ulong b = ((ulong)inlen) << 56;

    for (uint off = 0; off < end; off += 8) {
        ulong mi = 0;
        for (int k = 7; k >= 0; k--)
            mi = (mi << 8) | m[off + k];
        v3 ^= mi;
        for (int i = 0; i < cROUNDS; ++i)
            SIPROUND(v0, v1, v2, v3);
        v0 ^= mi;
    }
    /* tail bytes, little-endian, below the length byte */
    for (uint k = 0; k < left; k++)
        b |= ((ulong)m[end + k]) << (8 * k);
    v3 ^= b;
    for (int i = 0; i < cROUNDS; ++i)
        SIPROUND(v0, v1, v2, v3);
    v0 ^= b;
    v2 ^= 0xff;
    for (int i = 0; i < dROUNDS; ++i)
        SIPROUND(v0, v1, v2, v3);
    return v0 ^ v1 ^ v2 ^ v3;
}

__kernel void siphash24_records(__global ulong *out, __global const ulong *in)
{
    const uint gid = get_global_id(0);
    sipkey_t key = { in[gid * 32], in[gid * 32 + 1] ^ 0x0706050403020100UL };
    uchar msg[64];
    for (int w = 0; w < 8; w++) {
        ulong word = in[gid * 32 + 2 + w];
        for (int k = 0; k < 8; k++)
            msg[w * 8 + k] = (uchar)(word >> (8 * k));
    }
    /* 16 different lengths per work-item, including all tail cases */
    for (uint i = 0; i < 16; i++) {
        uint len = (gid + i * 5) & 63;
        out[gid * 16 + i] = siphash24(msg, len, key);
    }
}

/* reference vectors: key = 00..0f, message = 00..(len-1); vector 15 is
 * 0xa129ca6149be45e5 */
__kernel void siphash24_selftest(__global ulong *out, __global const ulong *in)
{
    const uint gid = get_global_id(0);
    sipkey_t key = { 0x0706050403020100UL, 0x0f0e0d0c0b0a0908UL };
    uchar msg[64];
    for (int k = 0; k < 64; k++)
        msg[k] = (uchar)k;
    ulong h = siphash24(msg, gid, key);
    out[gid] = h;
    out[64 + gid] = (gid == 15) ? (ulong)(h == 0xa129ca6149be45e5UL) : h ^ in[gid];
}

/* HalfSipHash-2-4, 32-bit output, over uint words */
inline uint halfsiphash24_words(__global const uint *w, uint nwords, uint k0, uint k1)
{
    uint v0 = 0 ^ k0;
    uint v1 = 0 ^ k1;
    uint v2 = 0x6c796765u ^ k0;
    uint v3 = 0x74656462u ^ k1;
    for (uint i = 0; i < nwords; i++) {
        uint m = w[i];
        v3 ^= m;
        for (int r = 0; r < cROUNDS; r++)
            HSIPROUND(v0, v1, v2, v3);
        v0 ^= m;
    }
    uint b = (nwords * 4u) << 24;
    v3 ^= b;
    for (int r = 0; r < cROUNDS; r++)
        HSIPROUND(v0, v1, v2, v3);
    v0 ^= b;
    v2 ^= 0xff;
    for (int r = 0; r < dROUNDS; r++)
        HSIPROUND(v0, v1, v2, v3);
    return v1 ^ v3;
}

__kernel void halfsiphash_words(__global uint *out, __global const uint *in)
{
    const uint gid = get_global_id(0);
    for (uint i = 0; i < 8; i++)
        out[gid * 8 + i] = halfsiphash24_words(in + gid * 64, 1 + i * 7, 0x03020100u ^ gid, 0x07060504u);
}
