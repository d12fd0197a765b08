// oclc-flags: -cl-std=CL1.2
// Idioms of headers shared between C and OpenCL C (hashcat-style word
// types, GNU keyword spellings, alignment queries on over-aligned
// buffers, vec_type_hint on a typedef named like a vector).

typedef unsigned int u32;
typedef unsigned long u64;
typedef __signed__ int s32;

#define ROTL32(x, n) (((x) << (n)) | ((x) >> (32 - (n))))
#define ALIGN_UP(v, a) (((v) + (a) - 1) & ~((a) - 1))

static inline u32 mix(u32 h, const u32 k)
{
    __const__ u32 c1 = 0xcc9e2d51u, c2 = 0x1b873593u;
    u32 m = k * c1;
    m = ROTL32(m, 15) * c2;
    h ^= m;
    return ROTL32(h, 13) * 5u + 0xe6546b64u;
}

__kernel __attribute__((vec_type_hint(u32)))
void murmur_words(__global u32 *out, __global const u32 *in)
{
    const size_t gid = get_global_id(0);
    __global const u32 *w = in + gid * 64;
    __volatile__ u32 h = (u32)gid;
    for (int i = 0; i < 16; i++)
        h = mix(h, w[i]);
    h ^= h >> 16;
    h *= 0x85ebca6bu;
    h ^= h >> 13;
    out[gid * 64] = h;
}

__kernel void alignment_queries(__global u64 *out, __global const s32 *in)
{
    const size_t gid = get_global_id(0);
    u32 scratch[8] __attribute__((aligned(32)));
    float4 lanes __attribute__((aligned(64)));
    __volatile int plain = in[gid * 64];
    for (int i = 0; i < 8; i++)
        scratch[i] = (u32)in[gid * 64 + i] ^ (u32)plain;
    lanes = (float4)((float)scratch[0], (float)scratch[1], 0.5f, -0.5f);
    __global u64 *o = out + gid * 32;
    o[0] = __alignof__(scratch);
    o[1] = __alignof__(lanes);
    o[2] = __alignof__(plain);
    o[3] = __alignof__(u64);
    o[4] = ALIGN_UP((u64)scratch[3], __alignof__(scratch));
    o[5] = (u64)as_uint(lanes.x + lanes.y);
}
