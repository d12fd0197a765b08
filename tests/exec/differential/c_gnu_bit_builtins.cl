// oclc-flags: -cl-std=CL2.0
// GNU built-ins that C code ported to OpenCL keeps using and clang accepts:
// byte swaps for big-endian wire formats (a SHA-256 message schedule and a
// network header checksum), find-first-set over free-slot bitmaps, parity
// for error-detecting codes, the ll spellings of clz/ctz/popcount (with
// nonzero operands: GNU leaves zero undefined; `long long` is 128 bits in
// OpenCL C, so __builtin_clzll counts 64 more), the classification
// built-ins, and __builtin_constant_p (on a loaded value and a constant
// expression: on a loop variable the answer depends on optimisation).
#define LOAD_BE32(p) __builtin_bswap32(p)

kernel void gnu_bswap(global uint *out, global const uint *in)
{
    const size_t g = get_global_id(0);
    uint w[8];
    for (int i = 0; i < 8; ++i)
        w[i] = LOAD_BE32(in[8 * g + i]);
    for (int i = 0; i < 8; ++i)
        out[8 * g + i] = w[i] ^ (w[(i + 1) & 7] >> 7);
    ulong wide = ((ulong)in[8 * g] << 32) | in[8 * g + 1];
    ulong swapped = __builtin_bswap64(wide);
    out[8 * g + 8] = (uint)swapped;
    out[8 * g + 9] = (uint)(swapped >> 32);
    ushort half_word = (ushort)in[8 * g + 2];
    out[8 * g + 10] = __builtin_bswap16(half_word);
}

kernel void gnu_find_first_set(global int *out, global const uint *in)
{
    const size_t g = get_global_id(0);
    for (int i = 0; i < 8; ++i) {
        uint free_slots = in[8 * g + i] & (i == 3 ? 0u : ~0u);
        out[16 * g + i] = __builtin_ffs((int)free_slots);
        ulong wide = ((ulong)free_slots << (i * 4));
        out[16 * g + 8 + i] = __builtin_ffsll((long)wide) + __builtin_ffsl((long)(wide >> 40));
    }
}

kernel void gnu_parity_and_counts(global int *out, global const ulong *in)
{
    const size_t g = get_global_id(0);
    for (int i = 0; i < 4; ++i) {
        ulong x = in[4 * g + i] | 1ul;
        uint lo = (uint)x | 0x80000000u;
        out[16 * g + 4 * i] = __builtin_parity(lo) + 2 * __builtin_parityll(x);
        out[16 * g + 4 * i + 1] = (int)__builtin_clzll(x | (1ul << 20));
        out[16 * g + 4 * i + 2] = (int)__builtin_ctzll(x << (i * 3));
        out[16 * g + 4 * i + 3] = (int)__builtin_popcountll(x) - 32;
    }
}

kernel void gnu_classify(global int *out, global const float *in)
{
    const size_t g = get_global_id(0);
    for (int i = 0; i < 8; ++i) {
        float x = in[8 * g + i];
        out[8 * g + i] = __builtin_isnan(x) | (__builtin_isinf(x) << 1) | (__builtin_isfinite(x) << 2)
                         | (__builtin_isnormal(x) << 3) | ((__builtin_signbit(x) != 0) << 4)
                         | (__builtin_constant_p(x) << 5) | (__builtin_constant_p(8 * 4) << 6);
    }
}
