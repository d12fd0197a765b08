// oclc-flags: -cl-std=CL2.0
// Integer / bit-manipulation utility kernels: 30-bit Morton codes, Karras LBVH
// split search over sorted codes in local memory, bit reversal, rank on
// bitvectors, ctz/clz on ulong, saturating uchar16 pixel ops, and Q16.16
// fixed-point helpers (mad24, mad_hi, upsample, shuffle).

#define BITS_PER_WORD (sizeof(uint) * 8)
#define N_KEYS 64

_Static_assert(sizeof(ulong) == 8, "ulong must be 64 bits");

/* 10-bit spread for 30-bit 3D Morton codes */
inline uint expand_bits(uint v)
{
    v = (v * 0x00010001u) & 0xFF0000FFu;
    v = (v * 0x00000101u) & 0x0F00F00Fu;
    v = (v * 0x00000011u) & 0xC30C30C3u;
    v = (v * 0x00000005u) & 0x49249249u;
    return v;
}

kernel void morton3d(global uint2 *restrict out, global const float4 *restrict in)
{
    const float4 bbmin = (float4)(-32.0f, -32.0f, -32.0f, 0.0f);
    const float4 bbinv = (float4)(1.0f / 64.0f);
    uint i = get_global_id(0);
    float3 p = (in[i].xyz - bbmin.xyz) * bbinv.xyz;
    p = select((float3)(0.5f), p, isfinite(p));
    uint3 q = convert_uint3_sat_rte(clamp(p * 1024.0f, 0.0f, 1023.0f));
    uint code = expand_bits(q.x) * 4u + expand_bits(q.y) * 2u + expand_bits(q.z);
    out[i] = (uint2)(code, i);
}

/* Karras 2012: common prefix length between sorted morton codes, used for
 * LBVH construction; duplicates disambiguated by index. */
inline int delta(local const uint *codes, int n, int i, int j)
{
    if (j < 0 || j >= n) return -1;
    uint a = codes[i], b = codes[j];
    return a == b ? 32 + (int)clz((uint)(i ^ j)) : (int)clz(a ^ b);
}

kernel void lbvh_split_dir(global int2 *out, global const uint *in)
{
    local uint codes[N_KEYS];
    const int n = N_KEYS;
    /* sorted keys: index in the top bits, noisy low bits from the input */
    for (int k = get_local_id(0); k < n; k += get_local_size(0))
        codes[k] = ((uint)k << 24) | (in[k] & 0x00FFFFFFu);
    barrier(CLK_LOCAL_MEM_FENCE);

    int i = get_global_id(0);
    if (i >= n - 1) return;
    int d = (delta(codes, n, i, i + 1) - delta(codes, n, i, i - 1)) >= 0 ? 1 : -1;
    int dmin = delta(codes, n, i, i - d);
    int lmax = 2;
    while (delta(codes, n, i, i + lmax * d) > dmin) lmax <<= 1;
    int l = 0;
    for (int t = lmax >> 1; t >= 1; t >>= 1)
        if (delta(codes, n, i, i + (l + t) * d) > dmin) l += t;
    int j = i + l * d;
    out[i] = (int2)(min(i, j), max(i, j));
}

inline uint bitrev32(uint x)
{
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0F0F0F0Fu) | ((x & 0x0F0F0F0Fu) << 4);
    return rotate(x & 0x00FF00FFu, 24u) | rotate(x & 0xFF00FF00u, 8u);
}

kernel void bit_reverse_permute(global uint2 *out, global const uint2 *in)
{
    const uint log2n = 6;
    uint i = get_global_id(0);
    uint r = bitrev32(i) >> (32u - log2n);
    out[r] = in[i];
    out[64 + i] = (uint2)(bitrev32(in[i].x), bitrev32(in[i].y));
}

/* rank: number of 1 bits before position i; block ranks sampled every 16 words */
kernel void bitvector_rank(global uint *out, global const uint *in)
{
    global const uint *bits = in;                  /* 1024 words */
    global const uint *queries = in + 1024;
    local uint block_rank[64];
    const uint nq = 1024;

    /* sampled block ranks built cooperatively (normally a separate scan pass) */
    if (get_local_id(0) == 0) {
        uint r = 0;
        for (uint b = 0; b < 64; ++b) {
            block_rank[b] = r;
            for (uint w = b << 4; w < (b << 4) + 16u; ++w)
                r += popcount(bits[w]);
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    for (uint q = get_global_id(0); q < nq; q += get_global_size(0)) {
        uint pos = queries[q] & (1024u * BITS_PER_WORD - 1u);
        uint word = pos / BITS_PER_WORD;
        uint block = word >> 4;                    /* 16 words per sampled block */
        uint r = block_rank[block];
        for (uint w = block << 4; w < word; ++w)
            r += popcount(bits[w]);
        uint mask = (pos & 31u) ? (0xFFFFFFFFu >> (32u - (pos & 31u))) : 0u;
        out[q] = r + popcount(bits[word] & mask);
    }
}

kernel void find_first_set(global int *out, global const ulong *in)
{
    const uint n = 2048;
    for (uint i = get_global_id(0); i < n; i += get_global_size(0)) {
        ulong w = in[i];
        out[i] = w ? (int)ctz(w) : -1;
        /* highest set bit too, packed as a second result */
        out[i + n] = w ? 63 - (int)clz(w) : -1;
    }
}

/* saturating image ops on uchar16 lanes */
kernel void blend_sat(global uchar16 *out, global const uchar16 *in)
{
    size_t i = get_global_id(0);
    size_t n = get_global_size(0);
    global uchar16 *sum = out, *diff = out + n, *avg = out + 2 * n, *absd = out + 3 * n;
    uchar16 x = in[i], y = in[n + i];
    sum[i]  = add_sat(x, y);
    diff[i] = sub_sat(x, y);
    avg[i]  = rhadd(x, y);
    absd[i] = abs_diff(x, y);
}

/* Q16.16 fixed-point multiply & mixed-width helpers */
kernel void fixed_point_ops(global int4 *out, global const int4 *in)
{
    size_t i = get_global_id(0);
    size_t n = get_global_size(0);
    global int4 *prod = out;
    global short8 *packed = (global short8 *)(out + n);
    global uint4 *hi = (global uint4 *)(out + 2 * n);

    int4 x = in[i], y = in[n + i];
    long4 wide = convert_long4(x) * convert_long4(y);
    prod[i] = convert_int4_sat(wide >> 16);
    /* 24-bit fast multiply path for small operands */
    int4 small = mad24(x & 0x7FFFFF, y & 0xFF, (int4)(0x8000));
    packed[i] = (short8)(convert_short4_sat(small >> 16), convert_short4_sat(x >> 16));
    hi[i] = mad_hi(as_uint4(x), as_uint4(y), (uint4)(vec_step(int4)));
    /* upsample two shorts into an int and back */
    short8 s = packed[i];
    int4 up = upsample(s.lo, as_ushort4(s.hi)) & 0x7FFFFF;
    prod[i] += mul24(up, (int4)(1)) - up;
    /* byte shuffle: reverse bytes in each 32-bit lane */
    uchar16 bytes = as_uchar16(hi[i]);
    hi[i] = as_uint4(shuffle(bytes, (uchar16)(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12)));
}
