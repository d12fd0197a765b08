// oclc-flags: -cl-std=CL2.0
// Integer built-in coverage the way fixed-point DSP and bignum kernels use
// it: high multiplies, saturating add/sub/mad, halving adds, upsample,
// abs/abs_diff, clz/ctz/popcount and rotate, instantiated by macro over
// char, short, int and long (signed and unsigned) scalars and vectors.

/* mad_hi's addend is pre-shifted so that mul_hi(a, b) + c cannot overflow a
 * signed lane; rotate counts are masked to the lane width */
#define DEFINE_IB_MIX(T, UT, BITS)                                           \
static inline UT ib_mix_##T(T a, T b, T c)                                   \
{                                                                            \
    UT acc = (UT)0;                                                          \
    T rc = b & (T)((BITS) - 1);                                              \
    acc ^= as_##UT(mul_hi(a, b));                                            \
    acc += as_##UT(mad_hi(a, b, (T)(c >> (T)2)));                            \
    acc ^= as_##UT(mad_sat(a, b, c));                                        \
    acc += as_##UT(add_sat(a, b)) ^ as_##UT(sub_sat(a, c));                  \
    acc ^= as_##UT(hadd(a, b)) + as_##UT(rhadd(b, c));                       \
    acc += abs(a) ^ abs_diff(b, c);                                          \
    acc ^= as_##UT(clz(a)) + as_##UT(ctz(b));                                \
    acc += as_##UT(popcount(c));                                             \
    acc ^= as_##UT(rotate(a, rc)) + as_##UT(rotate(c, (T)3));                \
    return acc;                                                              \
}

DEFINE_IB_MIX(char,    uchar,    8)
DEFINE_IB_MIX(uchar,   uchar,    8)
DEFINE_IB_MIX(short,   ushort,   16)
DEFINE_IB_MIX(ushort,  ushort,   16)
DEFINE_IB_MIX(int,     uint,     32)
DEFINE_IB_MIX(uint,    uint,     32)
DEFINE_IB_MIX(long,    ulong,    64)
DEFINE_IB_MIX(ulong,   ulong,    64)
DEFINE_IB_MIX(char16,  uchar16,  8)
DEFINE_IB_MIX(ushort8, ushort8,  16)
DEFINE_IB_MIX(int4,    uint4,    32)
DEFINE_IB_MIX(uint2,   uint2,    32)
DEFINE_IB_MIX(long2,   ulong2,   64)
DEFINE_IB_MIX(ulong4,  ulong4,   64)

/* per-type kernels: 16 lanes per work-item at the native width */
#define DEFINE_SCALAR_KERNEL(NAME, T, UT, N)                                 \
__kernel void NAME(__global UT *out, __global const T *in)                   \
{                                                                            \
    const uint gid = get_global_id(0);                                       \
    const uint per = (16384 / sizeof(T)) / 64;                               \
    for (uint k = 0; k < per; k++) {                                         \
        uint i = gid * per + k;                                              \
        T a = in[i];                                                         \
        T b = in[(i + 1) & ((16384 / sizeof(T)) - 1)];                       \
        T c = in[(i + N) & ((16384 / sizeof(T)) - 1)];                       \
        out[i] = ib_mix_##T(a, b, c);                                    \
    }                                                                        \
}

DEFINE_SCALAR_KERNEL(ib_char,   char,   uchar,  37)
DEFINE_SCALAR_KERNEL(ib_uchar,  uchar,  uchar,  91)
DEFINE_SCALAR_KERNEL(ib_short,  short,  ushort, 123)
DEFINE_SCALAR_KERNEL(ib_ushort, ushort, ushort, 7)
DEFINE_SCALAR_KERNEL(ib_int,    int,    uint,   555)
DEFINE_SCALAR_KERNEL(ib_uint,   uint,   uint,   1000)
DEFINE_SCALAR_KERNEL(ib_long,   long,   ulong,  333)
DEFINE_SCALAR_KERNEL(ib_ulong,  ulong,  ulong,  17)

#define DEFINE_VECTOR_KERNEL(NAME, T, UT, N)                                 \
__kernel void NAME(__global UT *out, __global const T *in)                   \
{                                                                            \
    const uint gid = get_global_id(0);                                       \
    const uint count = 16384 / sizeof(T);                                    \
    const uint per = count / 64;                                             \
    for (uint k = 0; k < per; k++) {                                         \
        uint i = gid * per + k;                                              \
        T a = in[i];                                                         \
        T b = in[(i + N) & (count - 1)];                                     \
        T c = in[(i * 5 + 3) & (count - 1)];                                 \
        out[i] = ib_mix_##T(a, b, c);                                    \
    }                                                                        \
}

DEFINE_VECTOR_KERNEL(ib_char16,  char16,  uchar16,  3)
DEFINE_VECTOR_KERNEL(ib_ushort8, ushort8, ushort8,  5)
DEFINE_VECTOR_KERNEL(ib_int4,    int4,    uint4,    11)
DEFINE_VECTOR_KERNEL(ib_uint2,   uint2,   uint2,    13)
DEFINE_VECTOR_KERNEL(ib_long2,   long2,   ulong2,   1)
DEFINE_VECTOR_KERNEL(ib_ulong4,  ulong4,  ulong4,   9)

/* upsample and the 24-bit multiplies, which need width-specific operands */
__kernel void ib_upsample_mul24(__global ulong *out, __global const uint *in)
{
    const uint gid = get_global_id(0);
    for (uint k = 0; k < 32; k++) {
        uint i = gid * 32 + k;
        uint w0 = in[i], w1 = in[(i + 2048) & 4095];
        uchar  hc = (uchar)w0,  lc = (uchar)(w0 >> 8);
        ushort hs = (ushort)w1, ls = (ushort)(w1 >> 16);
        short  shs = as_short(hs);
        ushort us = upsample(hc, lc);
        uint   ui = upsample(hs, ls);
        int    si = upsample(shs, ls);
        ulong  ul = upsample(w0, w1);
        long   sl = upsample(as_int(w1), w0);
        /* mul24/mad24 operands must fit in 24 bits and the product in 32 */
        int  a24 = ((int)(w0 << 8)) >> 8;
        int  b24 = ((int)(w1 << 9)) >> 9;
        uint ua24 = w0 & 0xffffffu, ub24 = w1 & 0xffu;
        int  m24 = mul24(a24, b24 >> 16);
        uint um24 = mad24(ua24, ub24, w1);
        ushort2 uv = upsample((uchar2)(hc, lc), (uchar2)(lc, hc));
        ulong r = ul ^ (ulong)sl;
        r += ((ulong)us << 48) ^ ((ulong)ui << 7) ^ (ulong)(uint)si;
        r ^= ((ulong)(uint)m24 << 32) | um24;
        r += as_uint(uv);
        out[i] = r;
    }
}
