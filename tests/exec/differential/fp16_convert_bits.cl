// oclc-flags: -cl-std=CL1.2
// Half-precision conversion plumbing from a mixed-precision tensor library:
// float4 -> half4 under every rounding mode (convert_half4_rt*), raw fp16
// bit patterns reinterpreted with as_half8 / as_ushort8 and classified,
// order-preserving sort keys for half values checked against half compares,
// and vload_half / vloada_half4 / vstore_half*_rt* round trips.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

#define HALF_QNAN   ((ushort)0x7e00)
#define N_FLOAT4    (16384 / 16)

typedef enum {
    HCLASS_ZERO = 0,
    HCLASS_SUBNORMAL,
    HCLASS_NORMAL,
    HCLASS_INF,
    HCLASS_NAN
} hclass_t;

static inline float4 drop_nan4(float4 v)
{
    return select(v, (float4)(0.0f), isnan(v));
}

static inline ushort canon_bits(half h)
{
    return isnan(h) ? HALF_QNAN : as_ushort(h);
}

/* float -> fp16 under all four IEEE rounding modes, stored as raw bits */
kernel void convert_rounding_half4(global ushort4 *out, global const float4 *in)
{
    const int gid = get_global_id(0);
    const int gsz = get_global_size(0);
    for (int i = gid; i < N_FLOAT4 / 4; i += gsz) {
        float4 v = drop_nan4(in[i]);
        /* scale a quarter of the lanes into the fp16 subnormal range */
        v = (i & 3) == 1 ? v * 0x1.0p-20f : v;
        out[4 * i + 0] = as_ushort4(convert_half4_rte(v));
        out[4 * i + 1] = as_ushort4(convert_half4_rtz(v));
        out[4 * i + 2] = as_ushort4(convert_half4_rtp(v));
        out[4 * i + 3] = as_ushort4(convert_half4_rtn(v));
    }
}

/* class of each biased exponent; a nonzero mantissa moves ZERO to
 * SUBNORMAL and INF to NAN */
constant uchar k_exp_class[32] = {
    HCLASS_ZERO,
    HCLASS_NORMAL, HCLASS_NORMAL, HCLASS_NORMAL, HCLASS_NORMAL, HCLASS_NORMAL,
    HCLASS_NORMAL, HCLASS_NORMAL, HCLASS_NORMAL, HCLASS_NORMAL, HCLASS_NORMAL,
    HCLASS_NORMAL, HCLASS_NORMAL, HCLASS_NORMAL, HCLASS_NORMAL, HCLASS_NORMAL,
    HCLASS_NORMAL, HCLASS_NORMAL, HCLASS_NORMAL, HCLASS_NORMAL, HCLASS_NORMAL,
    HCLASS_NORMAL, HCLASS_NORMAL, HCLASS_NORMAL, HCLASS_NORMAL, HCLASS_NORMAL,
    HCLASS_NORMAL, HCLASS_NORMAL, HCLASS_NORMAL, HCLASS_NORMAL, HCLASS_NORMAL,
    HCLASS_INF
};

static inline hclass_t classify_half(ushort bits)
{
    const uint base = k_exp_class[(bits >> 10) & 0x1f];
    const uint has_mant = (bits & 0x3ffu) != 0;
    return (hclass_t)(base + (has_mant & (base != HCLASS_NORMAL)));
}

/* total-order key: negative values flipped, positive values get the top bit */
static inline ushort half_sort_key(ushort bits)
{
    return (bits & 0x8000) ? (ushort)~bits : (ushort)(bits | 0x8000);
}

kernel void half_bits_classify(global uint *out, global const ushort8 *in)
{
    const int gid = get_global_id(0);
    const int gsz = get_global_size(0);
    uint hist[5] = { 0, 0, 0, 0, 0 };
    uint order_ok = 0, builtin_agree = 0, signs = 0;

    for (int i = gid; i < 16384 / 16; i += gsz) {
        ushort8 raw = in[i];
        half8 h = as_half8(raw);
        short8 nan_mask = isnan(h);
        short8 inf_mask = isinf(h);
        short8 nrm_mask = isnormal(h);
        short8 sgn_mask = signbit(h);
        ushort8 key = (ushort8)(half_sort_key(raw.s0), half_sort_key(raw.s1),
                                half_sort_key(raw.s2), half_sort_key(raw.s3),
                                half_sort_key(raw.s4), half_sort_key(raw.s5),
                                half_sort_key(raw.s6), half_sort_key(raw.s7));
        half8 rot = h.s12345670;
        ushort8 rkey = key.s12345670;
        short8 lt = isless(h, rot);
        short8 ord = isordered(h, rot);
        /* spill the lanes to private arrays and walk them as scalars */
        ushort rb[8], kb[8], rkb[8];
        short nb[8], fb[8], nmb[8], sgb[8], ltb[8], ordb[8];
        vstore8(raw, 0, rb);
        vstore8(key, 0, kb);
        vstore8(rkey, 0, rkb);
        vstore8(nan_mask, 0, nb);
        vstore8(inf_mask, 0, fb);
        vstore8(nrm_mask, 0, nmb);
        vstore8(sgn_mask, 0, sgb);
        vstore8(lt, 0, ltb);
        vstore8(ord, 0, ordb);
        for (int l = 0; l < 8; ++l) {
            const ushort bits = rb[l], k0 = kb[l], k1 = rkb[l];
            const short n = nb[l], f = fb[l], nm = nmb[l], sg = sgb[l];
            const short lt_l = ltb[l], ord_l = ordb[l];
            hclass_t c = classify_half(bits);
            hist[c]++;
            builtin_agree += (n != 0) == (c == HCLASS_NAN);
            builtin_agree += (f != 0) == (c == HCLASS_INF);
            builtin_agree += (nm != 0) == (c == HCLASS_NORMAL);
            signs += (sg != 0);
            /* keys order like the values except for NaN and the two zeros */
            if (ord_l && (k0 != 0x8000u || k1 != 0x7fffu))
                order_ok += (lt_l != 0) == (k0 < k1) || (((k0 | k1) & 0x7fffu) == 0);
        }
    }
    global uint *o = out + gid * 16;
    for (int c = 0; c < 5; ++c)
        o[c] = hist[c];
    o[5] = builtin_agree;
    o[6] = order_ok;
    o[7] = signs;
    o[8] = 0xfeed0000u | (uint)gid;
}

/* storage round trip: half buffer -> float math -> half under explicit modes */
kernel void half_storage_roundtrip(global half *out, global const half *in)
{
    const int gid = get_global_id(0);
    const float gain = 1.5f, bias = -0.25f;
    for (int i = gid; i < 8192 / 4; i += get_global_size(0)) {
        float4 v = vloada_half4(i, in);
        v = select(v, (float4)(1.0f), isnan(v));
        float4 w = fma(v, (float4)(gain), (float4)(bias));
        if (i & 1)
            vstorea_half4_rtz(w, i, out);
        else
            vstorea_half4_rte(w, i, out);

        float s = vload_half(4 * i + 1, in);
        s = isnan(s) ? -0.0f : s * 0.75f;
        /* odd positions of the odd quads: the other two directed modes */
        if (i & 1) {
            if (i & 2)
                vstore_half_rtn(s, 4 * i + 1, out);
            else
                vstore_half_rtp(s, 4 * i + 1, out);
        }
    }
}

/* re-canonicalized half -> float -> half must be the identity on non-NaNs */
kernel void half_identity_check(global uint *out, global const ushort *in)
{
    const int gid = get_global_id(0);
    uint same = 0, nans = 0, sum_bits = 0;
    for (int i = gid; i < 8192; i += get_global_size(0)) {
        half h = as_half(in[i]);
        float f = convert_float(h);
        half back = convert_half_rte(f);
        half back_z = convert_half_rtz(f);
        same += canon_bits(back) == canon_bits(h);
        same += canon_bits(back_z) == canon_bits(back);
        nans += isnan(h) ? 1u : 0u;
        sum_bits += canon_bits(back) ^ (uint)(i << 16);
    }
    out[3 * gid + 0] = same;
    out[3 * gid + 1] = nans;
    out[3 * gid + 2] = sum_bits;
}
