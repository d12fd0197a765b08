// oclc-flags: -cl-std=CL1.2
// Soft-float helpers from embedded math libraries (musl/fdlibm/Quake style):
// unions punning float <-> uint <-> bytes <-> halves for IEEE decomposition,
// a software float->fp16 (RNE) encoder, fpclassify by ternary chain, the
// 0x5f3759df inverse square root, and frexp/ldexp rebuilt from bit fields.
// oclc-corpus: out half for soft_half_encode
// (its output is half bit patterns; for a signaling-NaN input the runtime's
// compiler may quiet the NaN through the conditional multiply, which OpenCL
// allows: NaN payloads are unspecified, so halves are compared as halves.)

#define EXP_BIAS     127
#define MANT_BITS    23
#define MANT_MASK    0x007fffffu
#define EXP_MASK     0x7f800000u

typedef union {
    float f;
    uint  u;
    int   i;
    struct { ushort lo, hi; } h;
    uchar b[4];
} ieee_float_t;

typedef enum { FPC_NAN, FPC_INFINITE, FPC_ZERO, FPC_SUBNORMAL, FPC_NORMAL } fpclass_t;

typedef struct {
    uint      sign;
    int       exponent;     /* unbiased */
    uint      mantissa;     /* with the hidden bit for normals */
    fpclass_t cls;
} float_parts_t;

static float_parts_t decompose(float x)
{
    ieee_float_t v = { .f = x };
    const uint e = (v.u & EXP_MASK) >> MANT_BITS;
    const uint m = v.u & MANT_MASK;
    float_parts_t p = {
        .sign = v.u >> 31,
        .exponent = (int)e - EXP_BIAS,
        .mantissa = m,
        .cls = e == 0xffu ? (m ? FPC_NAN : FPC_INFINITE)
             : e == 0u    ? (m ? FPC_SUBNORMAL : FPC_ZERO)
             :              FPC_NORMAL,
    };
    if (p.cls == FPC_NORMAL)
        p.mantissa |= 1u << MANT_BITS;
    else if (p.cls == FPC_SUBNORMAL)
        p.exponent = 1 - EXP_BIAS;
    return p;
}

/* numpy's npy_floatbits_to_halfbits, round-to-nearest-even */
static ushort float_to_half_bits(uint f)
{
    uint f_exp, f_sig;
    ushort h_sgn, h_exp, h_sig;

    h_sgn = (ushort)((f & 0x80000000u) >> 16);
    f_exp = f & 0x7f800000u;

    if (f_exp >= 0x47800000u) {                       /* overflow / inf / nan */
        if (f_exp == 0x7f800000u) {
            f_sig = f & 0x007fffffu;
            if (f_sig != 0) {
                ushort ret = (ushort)(0x7c00u + (f_sig >> 13));
                if (ret == 0x7c00u) ret++;             /* keep it a NaN */
                return h_sgn + ret;
            }
            return (ushort)(h_sgn + 0x7c00u);
        }
        return (ushort)(h_sgn + 0x7c00u);
    }
    if (f_exp <= 0x38000000u) {                       /* subnormal or zero */
        if (f_exp < 0x33000000u)
            return h_sgn;
        f_exp >>= 23;
        f_sig = 0x00800000u + (f & 0x007fffffu);
        if ((f_sig & (((uint)1 << (126 - f_exp)) - 1)) != 0)
            f_sig |= 1;                                /* sticky */
        f_sig >>= (113 - f_exp);
        if ((f_sig & 0x00003fffu) != 0x00001000u)
            f_sig += 0x00001000u;
        h_sig = (ushort)(f_sig >> 13);
        return (ushort)(h_sgn + h_sig);
    }
    h_exp = (ushort)((f_exp - 0x38000000u) >> 13);
    f_sig = f & 0x007fffffu;
    if ((f_sig & 0x00003fffu) != 0x00001000u)
        f_sig += 0x00001000u;
    h_sig = (ushort)(f_sig >> 13);
    h_sig += h_exp;                                  /* carry into the exponent is correct */
    return (ushort)(h_sgn + h_sig);
}

kernel void ieee_decompose(global uint *out, global const float *in)
{
    const int gid = get_global_id(0);
    uint counts[5] = { 0 };
    uint mant_xor = 0, byte_sum = 0;
    int exp_sum = 0;
    for (int i = gid; i < 4096; i += get_global_size(0)) {
        float_parts_t p = decompose(in[i]);
        ieee_float_t v;
        v.f = in[i];
        counts[p.cls]++;
        mant_xor ^= p.mantissa << (i & 7);
        exp_sum += p.cls == FPC_NORMAL || p.cls == FPC_SUBNORMAL ? p.exponent : 0;
        byte_sum += v.b[0] + v.b[3] * 3u + (v.h.hi ^ v.h.lo);
    }
    global uint *o = out + 8 * get_global_id(0);
    for (int c = 0; c < 5; ++c)
        o[c] = counts[c];
    o[5] = mant_xor;
    o[6] = (uint)exp_sum;
    o[7] = byte_sum;
}

kernel void soft_half_encode(global ushort *out, global const uint *in)
{
    const int gid = get_global_id(0);
    for (int i = gid; i < 4096; i += get_global_size(0)) {
        ieee_float_t v = { .u = in[i] };
        /* the [-32,32) floats are pushed through the full fp16 range */
        if (decompose(v.f).cls == FPC_NORMAL && (i & 1))
            v.f *= (i & 2) ? 0x1.0p-18f : 0x1.0p+11f;
        out[2 * i] = float_to_half_bits(v.u);
        out[2 * i + 1] = (ushort)(v.u >> 16);
    }
}

static inline float q_rsqrt(float number)
{
    const float threehalfs = 1.5f;
    float x2 = number * 0.5f, y;
    ieee_float_t conv = { .f = number };
    conv.i = 0x5f3759df - (conv.i >> 1);           /* what the ... */
    y = conv.f;
    y = y * (threehalfs - (x2 * y * y));           /* 1st iteration */
    y = y * (threehalfs - (x2 * y * y));           /* 2nd iteration */
    return y;
}

typedef struct { float mant; int exp; } frexp_t;

static frexp_t soft_frexp(float x)
{
    frexp_t r = { x, 0 };
    int adj = 0;
    float_parts_t p = decompose(x);
    switch (p.cls) {
    case FPC_ZERO:
    case FPC_NAN:
    case FPC_INFINITE:
        return r;
    case FPC_SUBNORMAL:
        /* normalize through a multiply by 2^25 (no recursion in OpenCL C) */
        x *= 0x1.0p25f, adj = 25;
        p = decompose(x);
        /* fallthrough */
    default:
        break;
    }
    ieee_float_t v = { .f = x };
    v.u = (v.u & ~EXP_MASK) | ((uint)(EXP_BIAS - 1) << MANT_BITS);
    r = (frexp_t){ .mant = v.f, .exp = p.exponent + 1 - adj };
    return r;
}

static inline float soft_ldexp(float m, int e)
{
    ieee_float_t v = { .f = m };
    int be = (int)((v.u & EXP_MASK) >> MANT_BITS) + e;
    be = clamp(be, 1, 254);
    v.u = (v.u & ~EXP_MASK) | ((uint)be << MANT_BITS);
    return v.f;
}

kernel void rsqrt_frexp(global float *out, global const float *in)
{
    const int gid = get_global_id(0);
    for (int i = gid; i < 1024; i += get_global_size(0)) {
        float x = in[i];
        x = isfinite(x) && x != 0.0f ? fabs(x) : 2.0f;
        /* every eighth value is pushed into the subnormal range */
        x = (i & 7) == 5 ? x * 0x1.0p-140f : x;
        frexp_t fr = soft_frexp(x);
        int bexp;
        float bm = frexp(x, &bexp);
        out[4 * i + 0] = q_rsqrt(x);
        out[4 * i + 1] = fr.mant - bm;
        out[4 * i + 2] = (float)(fr.exp - bexp) + soft_ldexp(fr.mant, fr.exp & 7);
        out[4 * i + 3] = (float)fr.exp;
    }
}
