// oclc-flags: -cl-std=CL1.2
// Integer compression passes from columnar storage engines (Parquet/ORC,
// protobuf, FastPFor): delta + zigzag + LEB128 varint sizing and emission
// with a group-wide offset scan, byte run-length encoding, and
// frame-of-reference bit packing of 32-value blocks.

#define WG          16
#define VALS_PER_WI 64

inline uint zigzag32(int n)
{
    return ((uint)n << 1) ^ (uint)(n >> 31);
}

inline int unzigzag32(uint z)
{
    return (int)(z >> 1) ^ -(int)(z & 1u);
}

/* bytes needed for an unsigned LEB128 varint: ceil(bits/7), at least 1 */
__constant uchar varint_len_by_bits[33] = {
    1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 3, 3,
    3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 5, 5, 5, 5
};

inline uint varint_size(uint v)
{
    return varint_len_by_bits[32 - clz(v)];
}

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void delta_zigzag_varint(__global uint *out, __global const uint *in)
{
    __local uint sizes[WG];
    const uint lid = get_local_id(0);
    const uint gid = get_global_id(0);
    const uint grp = get_group_id(0);
    __global const int *vals = (__global const int *)in + gid * VALS_PER_WI;

    /* pass 1: sizes */
    uint total = 0;
    int prev = 0;
    for (uint i = 0; i < VALS_PER_WI; i++) {
        int cur = vals[i];
        int delta = (int)((uint)cur - (uint)prev);      /* wrapping delta */
        prev = cur;
        total += varint_size(zigzag32(delta));
    }
    sizes[lid] = total;
    barrier(CLK_LOCAL_MEM_FENCE);

    uint offset = 0;
    for (uint j = 0; j < lid; j++)
        offset += sizes[j];
    /* group stream: 16 WIs * 64 values * <=5 bytes = 5120 bytes; use 3072 per group
     * window and clamp (the header records the true sizes) */
    __global uchar *stream = (__global uchar *)(out + 64) + grp * 3072;

    prev = 0;
    uint pos = offset;
    uint check = 0;
    for (uint i = 0; i < VALS_PER_WI; i++) {
        int cur = vals[i];
        int delta = (int)((uint)cur - (uint)prev);
        prev = cur;
        uint z = zigzag32(delta);
        check ^= (uint)unzigzag32(z) ^ (uint)delta;      /* round-trip: 0 */
        do {
            uchar b = (uchar)(z & 0x7fu);
            z >>= 7;
            if (z)
                b |= 0x80u;
            if (pos < 3072u)
                stream[pos] = b;
            pos++;
        } while (z);
    }
    out[gid] = (total << 8) | check;
}

/* ----------------------------- RLE of bytes ----------------------------- */
__kernel void rle_runs(__global uint *out, __global const uchar *in)
{
    const uint gid = get_global_id(0);
    __global const uchar *src = in + gid * 256;
    __global uint *dst = out + gid * 64;        /* up to 63 (value,len) pairs + count */

    /* quantize to 2 bits so runs actually occur */
    uchar cur = src[0] >> 6;
    uint len = 1, nruns = 0, longest = 0;
    for (uint i = 1; i <= 256; i++) {
        uchar b = (i < 256) ? (uchar)(src[i] >> 6) : (uchar)0xff;
        if (b == cur && len < 255) {
            len++;
            continue;
        }
        if (nruns < 63)
            dst[1 + nruns] = ((uint)cur << 8) | len;
        nruns++;
        longest = max(longest, len);
        cur = b;
        len = 1;
    }
    dst[0] = (nruns << 16) | longest;
}

/* ------------------- frame-of-reference bit packing ------------------- */
#define BLOCK 32

__kernel void for_bitpack32(__global uint *out, __global const uint *in)
{
    const uint gid = get_global_id(0);
    for (uint blk = 0; blk < 2; blk++) {
        __global const uint *src = in + (gid * 2 + blk) * BLOCK;
        /* small-range data: low 12 bits plus a per-block base */
        uint v[BLOCK];
        uint lo = 0xffffffffu, hi = 0;
        for (uint i = 0; i < BLOCK; i++) {
            v[i] = (src[i] & 0xfffu) + (src[0] & 0xffff0000u);
            lo = min(lo, v[i]);
            hi = max(hi, v[i]);
        }
        uint range = hi - lo;
        uint bits = range ? 32u - clz(range) : 0u;
        __global uint *dst = out + (gid * 2 + blk) * BLOCK;
        dst[0] = lo;
        dst[1] = bits;
        for (uint w = 0; w < (BLOCK - 2); w++)
            dst[2 + w] = 0;
        /* pack into at most 12 words (bits <= 12) */
        uint acc = 0, fill = 0, wi = 0;
        for (uint i = 0; i < BLOCK; i++) {
            uint d = v[i] - lo;
            acc |= d << fill;
            fill += bits;
            if (fill >= 32) {
                dst[2 + wi++] = acc;
                fill -= 32;
                acc = fill ? (d >> (bits - fill)) : 0u;
            }
        }
        if (fill)
            dst[2 + wi++] = acc;
        dst[BLOCK - 1] = wi;
    }
}
