// oclc-flags: -cl-std=CL1.2
// hashcat/JtR-style MD5 brute force: single-block candidates up to 55 bytes
// packed in a pw_t struct, bitselect-based F/G, rotate() steps, 0x80 padding,
// a bitmap prefilter and an order-independent "first hit" report via atomic_min.

#define MD5_F(x, y, z) (bitselect((z), (y), (x)))
#define MD5_G(x, y, z) (bitselect((y), (x), (z)))
#define MD5_H(x, y, z) ((x) ^ (y) ^ (z))
#define MD5_I(x, y, z) ((y) ^ ((x) | ~(z)))

#define MD5_STEP(f, a, b, c, d, x, K, s)   \
    {                                      \
        (a) += (K);                        \
        (a) += (x);                        \
        (a) += f((b), (c), (d));           \
        (a) = rotate((a), (uint)(s));      \
        (a) += (b);                        \
    }

#define MD5M_A 0x67452301u
#define MD5M_B 0xefcdab89u
#define MD5M_C 0x98badcfeu
#define MD5M_D 0x10325476u

typedef struct {
    uint len;
    uint w[14];
} pw_t;

typedef struct {
    uint digest[4];
} digest_t;

static void md5_transform(const uint w[16], uint digest[4])
{
    uint a = digest[0], b = digest[1], c = digest[2], d = digest[3];

    MD5_STEP(MD5_F, a, b, c, d, w[ 0], 0xd76aa478u,  7);
    MD5_STEP(MD5_F, d, a, b, c, w[ 1], 0xe8c7b756u, 12);
    MD5_STEP(MD5_F, c, d, a, b, w[ 2], 0x242070dbu, 17);
    MD5_STEP(MD5_F, b, c, d, a, w[ 3], 0xc1bdceeeu, 22);
    MD5_STEP(MD5_F, a, b, c, d, w[ 4], 0xf57c0fafu,  7);
    MD5_STEP(MD5_F, d, a, b, c, w[ 5], 0x4787c62au, 12);
    MD5_STEP(MD5_F, c, d, a, b, w[ 6], 0xa8304613u, 17);
    MD5_STEP(MD5_F, b, c, d, a, w[ 7], 0xfd469501u, 22);
    MD5_STEP(MD5_F, a, b, c, d, w[ 8], 0x698098d8u,  7);
    MD5_STEP(MD5_F, d, a, b, c, w[ 9], 0x8b44f7afu, 12);
    MD5_STEP(MD5_F, c, d, a, b, w[10], 0xffff5bb1u, 17);
    MD5_STEP(MD5_F, b, c, d, a, w[11], 0x895cd7beu, 22);
    MD5_STEP(MD5_F, a, b, c, d, w[12], 0x6b901122u,  7);
    MD5_STEP(MD5_F, d, a, b, c, w[13], 0xfd987193u, 12);
    MD5_STEP(MD5_F, c, d, a, b, w[14], 0xa679438eu, 17);
    MD5_STEP(MD5_F, b, c, d, a, w[15], 0x49b40821u, 22);

    MD5_STEP(MD5_G, a, b, c, d, w[ 1], 0xf61e2562u,  5);
    MD5_STEP(MD5_G, d, a, b, c, w[ 6], 0xc040b340u,  9);
    MD5_STEP(MD5_G, c, d, a, b, w[11], 0x265e5a51u, 14);
    MD5_STEP(MD5_G, b, c, d, a, w[ 0], 0xe9b6c7aau, 20);
    MD5_STEP(MD5_G, a, b, c, d, w[ 5], 0xd62f105du,  5);
    MD5_STEP(MD5_G, d, a, b, c, w[10], 0x02441453u,  9);
    MD5_STEP(MD5_G, c, d, a, b, w[15], 0xd8a1e681u, 14);
    MD5_STEP(MD5_G, b, c, d, a, w[ 4], 0xe7d3fbc8u, 20);
    MD5_STEP(MD5_G, a, b, c, d, w[ 9], 0x21e1cde6u,  5);
    MD5_STEP(MD5_G, d, a, b, c, w[14], 0xc33707d6u,  9);
    MD5_STEP(MD5_G, c, d, a, b, w[ 3], 0xf4d50d87u, 14);
    MD5_STEP(MD5_G, b, c, d, a, w[ 8], 0x455a14edu, 20);
    MD5_STEP(MD5_G, a, b, c, d, w[13], 0xa9e3e905u,  5);
    MD5_STEP(MD5_G, d, a, b, c, w[ 2], 0xfcefa3f8u,  9);
    MD5_STEP(MD5_G, c, d, a, b, w[ 7], 0x676f02d9u, 14);
    MD5_STEP(MD5_G, b, c, d, a, w[12], 0x8d2a4c8au, 20);

    MD5_STEP(MD5_H, a, b, c, d, w[ 5], 0xfffa3942u,  4);
    MD5_STEP(MD5_H, d, a, b, c, w[ 8], 0x8771f681u, 11);
    MD5_STEP(MD5_H, c, d, a, b, w[11], 0x6d9d6122u, 16);
    MD5_STEP(MD5_H, b, c, d, a, w[14], 0xfde5380cu, 23);
    MD5_STEP(MD5_H, a, b, c, d, w[ 1], 0xa4beea44u,  4);
    MD5_STEP(MD5_H, d, a, b, c, w[ 4], 0x4bdecfa9u, 11);
    MD5_STEP(MD5_H, c, d, a, b, w[ 7], 0xf6bb4b60u, 16);
    MD5_STEP(MD5_H, b, c, d, a, w[10], 0xbebfbc70u, 23);
    MD5_STEP(MD5_H, a, b, c, d, w[13], 0x289b7ec6u,  4);
    MD5_STEP(MD5_H, d, a, b, c, w[ 0], 0xeaa127fau, 11);
    MD5_STEP(MD5_H, c, d, a, b, w[ 3], 0xd4ef3085u, 16);
    MD5_STEP(MD5_H, b, c, d, a, w[ 6], 0x04881d05u, 23);
    MD5_STEP(MD5_H, a, b, c, d, w[ 9], 0xd9d4d039u,  4);
    MD5_STEP(MD5_H, d, a, b, c, w[12], 0xe6db99e5u, 11);
    MD5_STEP(MD5_H, c, d, a, b, w[15], 0x1fa27cf8u, 16);
    MD5_STEP(MD5_H, b, c, d, a, w[ 2], 0xc4ac5665u, 23);

    MD5_STEP(MD5_I, a, b, c, d, w[ 0], 0xf4292244u,  6);
    MD5_STEP(MD5_I, d, a, b, c, w[ 7], 0x432aff97u, 10);
    MD5_STEP(MD5_I, c, d, a, b, w[14], 0xab9423a7u, 15);
    MD5_STEP(MD5_I, b, c, d, a, w[ 5], 0xfc93a039u, 21);
    MD5_STEP(MD5_I, a, b, c, d, w[12], 0x655b59c3u,  6);
    MD5_STEP(MD5_I, d, a, b, c, w[ 3], 0x8f0ccc92u, 10);
    MD5_STEP(MD5_I, c, d, a, b, w[10], 0xffeff47du, 15);
    MD5_STEP(MD5_I, b, c, d, a, w[ 1], 0x85845dd1u, 21);
    MD5_STEP(MD5_I, a, b, c, d, w[ 8], 0x6fa87e4fu,  6);
    MD5_STEP(MD5_I, d, a, b, c, w[15], 0xfe2ce6e0u, 10);
    MD5_STEP(MD5_I, c, d, a, b, w[ 6], 0xa3014314u, 15);
    MD5_STEP(MD5_I, b, c, d, a, w[13], 0x4e0811a1u, 21);
    MD5_STEP(MD5_I, a, b, c, d, w[ 4], 0xf7537e82u,  6);
    MD5_STEP(MD5_I, d, a, b, c, w[11], 0xbd3af235u, 10);
    MD5_STEP(MD5_I, c, d, a, b, w[ 2], 0x2ad7d2bbu, 15);
    MD5_STEP(MD5_I, b, c, d, a, w[ 9], 0xeb86d391u, 21);

    digest[0] += a;
    digest[1] += b;
    digest[2] += c;
    digest[3] += d;
}

#define BITMAP_OFFSET 1024u          /* word offset of the prefilter bitmap in `in` */
#define BITMAP_MASK   1023u
#define SEARCH_A      0x8e3a4c1du    /* digest[0] of the target hash */

/* out layout (uint words): digests 0..255, then counters */
#define OUT_SHOWN     256
#define OUT_PLAIN     257
#define OUT_PREFILTER 258

__kernel void m00000_s04(__global uint *out, __global const uint *in)
{
    __global const pw_t *pws = (__global const pw_t *)in;
    const uint4 search = (uint4)(SEARCH_A, 0x2b1e2f10u, 0x77a0c4b2u, 0x10f3d8e5u);
    const uint gid_max = get_global_size(0);
    volatile __global uint *hashes_shown = out + OUT_SHOWN;
    volatile __global uint *plain_idx = out + OUT_PLAIN;

    const uint gid = get_global_id(0);
    if (gid >= gid_max) return;

    uint w[16] = { 0 };
    const uint len = pws[gid].len % 56u;
    for (int i = 0; i < 12; i += 4) {
        uint4 t = vload4(0, pws[gid].w + i);
        w[i] = t.s0; w[i + 1] = t.s1; w[i + 2] = t.s2; w[i + 3] = t.s3;
    }
    w[12] = pws[gid].w[12];
    w[13] = pws[gid].w[13];

    /* append 0x80 padding byte and bit length */
    const uint idx = len >> 2, sh = (len & 3) << 3;
    w[idx] |= 0x80u << sh;
    w[14] = len * 8;

    uint digest[4] = { MD5M_A, MD5M_B, MD5M_C, MD5M_D };
    md5_transform(w, digest);
    vstore4(vload4(0, digest), gid, out);

    /* bitmap prefilter then exact compare */
    if (!(in[BITMAP_OFFSET + ((digest[0] >> 5) & BITMAP_MASK)] & (1u << (digest[0] & 31))))
        return;
    atomic_inc(out + OUT_PREFILTER);
    uint4 d4 = vload4(0, digest);
    if (all(d4 == search)) {
        atomic_inc(hashes_shown);
        atomic_max(plain_idx, gid + 1);   /* deterministic winner: highest index */
    }
}
