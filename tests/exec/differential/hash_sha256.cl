// oclc-flags: -cl-std=CL1.2
// hashcat-style SHA-256: big-endian word loads via as_uchar4 swizzle byte swap,
// rotate(), bitselect-based Ch/Maj, __constant round constants, single-block
// message hashing with 0x80 padding and a PBKDF-style iterated digest kernel.

__constant uint k_sha256[64] = {
    0x428a2f98u, 0x71374491u, 0xb5c0fbcfu, 0xe9b5dba5u, 0x3956c25bu, 0x59f111f1u, 0x923f82a4u, 0xab1c5ed5u,
    0xd807aa98u, 0x12835b01u, 0x243185beu, 0x550c7dc3u, 0x72be5d74u, 0x80deb1feu, 0x9bdc06a7u, 0xc19bf174u,
    0xe49b69c1u, 0xefbe4786u, 0x0fc19dc6u, 0x240ca1ccu, 0x2de92c6fu, 0x4a7484aau, 0x5cb0a9dcu, 0x76f988dau,
    0x983e5152u, 0xa831c66du, 0xb00327c8u, 0xbf597fc7u, 0xc6e00bf3u, 0xd5a79147u, 0x06ca6351u, 0x14292967u,
    0x27b70a85u, 0x2e1b2138u, 0x4d2c6dfcu, 0x53380d13u, 0x650a7354u, 0x766a0abbu, 0x81c2c92eu, 0x92722c85u,
    0xa2bfe8a1u, 0xa81a664bu, 0xc24b8b70u, 0xc76c51a3u, 0xd192e819u, 0xd6990624u, 0xf40e3585u, 0x106aa070u,
    0x19a4c116u, 0x1e376c08u, 0x2748774cu, 0x34b0bcb5u, 0x391c0cb3u, 0x4ed8aa4au, 0x5b9cca4fu, 0x682e6ff3u,
    0x748f82eeu, 0x78a5636fu, 0x84c87814u, 0x8cc70208u, 0x90befffau, 0xa4506cebu, 0xbef9a3f7u, 0xc67178f2u
};

#define SHA256_S0(x) (rotate((x), 30u) ^ rotate((x), 19u) ^ rotate((x), 10u))
#define SHA256_S1(x) (rotate((x), 26u) ^ rotate((x), 21u) ^ rotate((x), 7u))
#define SHA256_s0(x) (rotate((x), 25u) ^ rotate((x), 14u) ^ ((x) >> 3))
#define SHA256_s1(x) (rotate((x), 15u) ^ rotate((x), 13u) ^ ((x) >> 10))
#define SHA256_CH(e, f, g)  bitselect((g), (f), (e))
#define SHA256_MAJ(a, b, c) bitselect((a), (b), ((c) ^ (a)))

#define MSG_WORDS    14          /* <= 55-byte messages, one block */
#define LENS_OFFSET  1024        /* word offset of the length table in `in` */
#define PBKDF_ITER   4

inline uint swap32(uint v)
{
    return as_uint(as_uchar4(v).s3210);
}

void sha256_block(uint w[16], uint8 *state)
{
    uint a = state->s0, b = state->s1, c = state->s2, d = state->s3;
    uint e = state->s4, f = state->s5, g = state->s6, h = state->s7;

    for (int i = 0; i < 64; i++) {
        uint wi;
        if (i < 16) {
            wi = w[i];
        } else {
            wi = SHA256_s1(w[(i - 2) & 15]) + w[(i - 7) & 15] + SHA256_s0(w[(i - 15) & 15]) + w[i & 15];
            w[i & 15] = wi;
        }
        uint t1 = h + SHA256_S1(e) + SHA256_CH(e, f, g) + k_sha256[i] + wi;
        uint t2 = SHA256_S0(a) + SHA256_MAJ(a, b, c);
        h = g; g = f; f = e;
        e = d + t1;
        d = c; c = b; b = a;
        a = t1 + t2;
    }
    *state += (uint8)(a, b, c, d, e, f, g, h);
}

#define SHA256_IV (uint8)(0x6a09e667u, 0xbb67ae85u, 0x3c6ef372u, 0xa54ff53au, \
                          0x510e527fu, 0x9b05688cu, 0x1f83d9abu, 0x5be0cd19u)

/* hash one <=55-byte message per work-item, little-endian input words */
__kernel void sha256_single(__global uint8 *out, __global const uint *in)
{
    size_t gid = get_global_id(0);
    __global const uint *msg = in;
    uint len = in[LENS_OFFSET + gid] % 56u;
    uint w[16];
    for (int i = 0; i < MSG_WORDS; i++)
        w[i] = swap32(msg[gid * MSG_WORDS + i]);
    w[14] = 0;
    w[15] = len * 8;
    /* append 0x80 in big-endian position, mask off garbage past len */
    uint wi = len >> 2, bi = 24 - ((len & 3) << 3);
    for (int i = 0; i < MSG_WORDS; i++) {
        uint keep = (i < wi) ? 0xffffffffu : ((i == wi) ? ~((1u << ((bi + 8) & 31u)) - 1u) : 0u);
        if (bi + 8 == 32 && i == wi) keep = 0u;
        w[i] &= keep;
    }
    w[wi] |= 0x80u << bi;

    uint8 st = SHA256_IV;
    sha256_block(w, &st);
    out[gid] = st;
}

/* iterated hashing: digest = sha256(digest) repeated PBKDF_ITER times */
__kernel void sha256_iterate(__global uint8 *out, __global const uint8 *in)
{
    size_t gid = get_global_id(0);
    uint8 d = in[gid];
    for (uint n = 0; n < PBKDF_ITER; n++) {
        uint w[16];
        vstore8(d, 0, w);
        w[8] = 0x80000000u;
        for (int i = 9; i < 15; i++) w[i] = 0;
        w[15] = 256;
        uint8 st = SHA256_IV;
        sha256_block(w, &st);
        d = st;
    }
    out[gid] = d;
}
