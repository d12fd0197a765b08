// oclc-flags: -cl-std=CL1.2
// Sorting building blocks: Batcher's odd-even merge sort of 64 key/value
// pairs per work-group in local memory (after the CUDA SDK sortingNetworks
// sample), the same network on IEEE float keys mapped to ordered uints, and
// a stable 4-bit radix split whose digit offsets come from a digit-major scan.

#define WG        16
#define SORT_LEN  64
#define VTHREADS  (SORT_LEN / 2)
#define DIR_ASC   1u

inline void comparator(__local uint *keyA, __local uint *valA,
                       __local uint *keyB, __local uint *valB, uint dir)
{
    if ((*keyA > *keyB) == dir) {
        uint t = *keyA; *keyA = *keyB; *keyB = t;
        t = *valA; *valA = *valB; *valB = t;
    }
}

inline void odd_even_merge_sort_local(__local uint *k, __local uint *v, uint dir)
{
    const uint lid = get_local_id(0);
    for (uint size = 2; size <= SORT_LEN; size <<= 1) {
        uint stride = size >> 1;
        /* first pass: plain merge of the two halves */
        barrier(CLK_LOCAL_MEM_FENCE);
        for (uint t = lid; t < VTHREADS; t += WG) {
            uint pos = 2 * t - (t & (stride - 1));
            comparator(&k[pos], &v[pos], &k[pos + stride], &v[pos + stride], dir);
        }
        for (stride >>= 1; stride > 0; stride >>= 1) {
            barrier(CLK_LOCAL_MEM_FENCE);
            for (uint t = lid; t < VTHREADS; t += WG) {
                uint offset = t & ((size >> 1) - 1);
                uint pos = 2 * t - (t & (stride - 1));
                if (offset >= stride)
                    comparator(&k[pos - stride], &v[pos - stride], &k[pos], &v[pos], dir);
            }
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
}

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void oddeven_sort_kv(__global uint2 *out, __global const uint *in)
{
    __local uint keys[SORT_LEN];
    __local uint vals[SORT_LEN];
    const uint lid = get_local_id(0);
    const uint grp = get_group_id(0);

    for (uint rep = 0; rep < 4; rep++) {
        uint base = (grp * 4 + rep) * SORT_LEN;
        for (uint i = lid; i < SORT_LEN; i += WG) {
            keys[i] = in[(base + i) & 4095];
            vals[i] = base + i;              /* original position as payload */
        }
        /* alternate direction per batch like the bitonic pre-pass would */
        odd_even_merge_sort_local(keys, vals, (rep & 1) ? 0u : DIR_ASC);
        for (uint i = lid; i < SORT_LEN; i += WG)
            out[base + i] = (uint2)(keys[i], vals[i]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
}

/* float keys: flip so that unsigned order equals numeric order (-0 < +0) */
inline uint float_flip(uint f)
{
    uint mask = -(int)(f >> 31) | 0x80000000u;
    return f ^ mask;
}

inline uint float_unflip(uint f)
{
    uint mask = ((f >> 31) - 1u) | 0x80000000u;
    return f ^ mask;
}

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void oddeven_sort_float(__global float *out, __global const float *in)
{
    __local uint keys[SORT_LEN];
    __local uint vals[SORT_LEN];
    const uint lid = get_local_id(0);
    const uint grp = get_group_id(0);

    for (uint rep = 0; rep < 16; rep++) {
        uint base = (grp * 16 + rep) * SORT_LEN;
        for (uint i = lid; i < SORT_LEN; i += WG) {
            float x = in[(base + i) & 4095];
            x = isnan(x) ? INFINITY : x;          /* NaNs sort last */
            keys[i] = float_flip(as_uint(x));
            vals[i] = i;
        }
        odd_even_merge_sort_local(keys, vals, DIR_ASC);
        for (uint i = lid; i < SORT_LEN; i += WG)
            out[base + i] = as_float(float_unflip(keys[i]));
        barrier(CLK_LOCAL_MEM_FENCE);
    }
}

/* -------------------- stable 4-bit radix split (one pass) -------------------- */
#define RADIX_BITS   4
#define RADIX_DIGITS (1 << RADIX_BITS)
#define KEYS_PER_WI  16
#define KEYS_PER_WG  (WG * KEYS_PER_WI)

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void radix_split_digit_scan(__global uint *out, __global const uint *in)
{
    __local uint counts[RADIX_DIGITS][WG];   /* digit-major */
    __local uint offsets[RADIX_DIGITS][WG];
    __local uint digit_total[RADIX_DIGITS];
    const uint lid = get_local_id(0);
    const uint grp = get_group_id(0);

    for (uint pass = 0; pass < 4; pass++) {
        const uint shift = pass * 8 + 4;          /* digits 4..7, 12..15, ... */
        uint keys[KEYS_PER_WI];
        for (uint d = 0; d < RADIX_DIGITS; d++)
            counts[d][lid] = 0;
        /* blocked arrangement so that per-WI order equals input order */
        for (uint k = 0; k < KEYS_PER_WI; k++) {
            keys[k] = in[(grp * KEYS_PER_WG * 4 + pass * KEYS_PER_WG + lid * KEYS_PER_WI + k) & 4095];
            counts[(keys[k] >> shift) & (RADIX_DIGITS - 1)][lid]++;
        }
        barrier(CLK_LOCAL_MEM_FENCE);

        /* WI d scans digit row d; then digit totals are scanned */
        {
            uint d = lid, run = 0;
            for (uint w = 0; w < WG; w++) {
                offsets[d][w] = run;
                run += counts[d][w];
            }
            digit_total[d] = run;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        uint digit_base[RADIX_DIGITS];
        {
            uint run = 0;
            for (uint d = 0; d < RADIX_DIGITS; d++) {
                digit_base[d] = run;
                run += digit_total[d];
            }
        }

        uint seen[RADIX_DIGITS];
        for (uint d = 0; d < RADIX_DIGITS; d++)
            seen[d] = 0;
        __global uint *dst = out + grp * KEYS_PER_WG * 4 + pass * KEYS_PER_WG;
        for (uint k = 0; k < KEYS_PER_WI; k++) {
            uint d = (keys[k] >> shift) & (RADIX_DIGITS - 1);
            uint rank = digit_base[d] + offsets[d][lid] + seen[d]++;
            dst[rank & (KEYS_PER_WG - 1)] = keys[k];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
}
