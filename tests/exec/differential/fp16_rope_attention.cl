// oclc-flags: -cl-std=CL1.2
// Decoder-only transformer pieces in fp16, llama.cpp-style: rotary position
// embedding from a __constant half cos/sin table on half4 pairs, a 16x16
// attention tile with half8 fma dot products, scaled and max-subtracted
// scores, and an asymmetric uint8 KV-cache quantizer (half8 min/max, divide,
// convert_uchar8_sat_rte) with its mad() dequantizer.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

#define HEAD_DIM   16
#define ROPE_PAIRS 4          /* rotary dims: first 8 of each head */
#define N_POS      8
#define TILE       16
#define QK_SCALE   0.25h      /* 1/sqrt(HEAD_DIM) */

typedef half  ggml_fp16_t;
typedef half4 rope_vec_t;

/* cos/sin(pos * 10000^(-2i/8)) rounded to fp16 */
constant half rope_cos[N_POS][ROPE_PAIRS] = {
    { 1.0h, 1.0h, 1.0h, 1.0h },
    { 0.540527h, 0.995117h, 1.0h, 1.0h },
    { -0.41626h, 0.97998h, 1.0h, 1.0h },
    { -0.990234h, 0.955566h, 0.999512h, 1.0h },
    { -0.653809h, 0.920898h, 0.999023h, 1.0h },
    { 0.283691h, 0.877441h, 0.998535h, 1.0h },
    { 0.959961h, 0.825195h, 0.998047h, 1.0h },
    { 0.753906h, 0.764648h, 0.997559h, 1.0h },
};
constant half rope_sin[N_POS][ROPE_PAIRS] = {
    { 0.0h, 0.0h, 0.0h, 0.0h },
    { 0.841309h, 0.0998535h, 0.0100021h, 0.0010004h },
    { 0.90918h, 0.198608h, 0.0200043h, 0.00200081h },
    { 0.141113h, 0.29541h, 0.0299988h, 0.00300026h },
    { -0.756836h, 0.389404h, 0.039978h, 0.00400162h },
    { -0.958984h, 0.479492h, 0.0499878h, 0.00500107h },
    { -0.279297h, 0.564453h, 0.059967h, 0.00600052h },
    { 0.657227h, 0.644043h, 0.0699463h, 0.00699997h },
};

static inline half8 clean8(half8 v, half lim)
{
    return select((half8)(0.0h), clamp(v, -lim, lim), isfinite(v));
}

static inline rope_vec_t rope_row(int pos, constant half (*tab)[ROPE_PAIRS])
{
    constant half *r = tab[pos & (N_POS - 1)];
    return (rope_vec_t)(r[0], r[1], r[2], r[3]);
}

/* x' = (x0 c - x1 s, x0 s + x1 c) on interleaved pairs (GPT-J layout) */
kernel void rope_f16(global ggml_fp16_t *out, global const ggml_fp16_t *in)
{
    const int gid = get_global_id(0);
    const int gsz = get_global_size(0);
    const int n_heads = 8192 / HEAD_DIM;
    for (int h = gid; h < n_heads; h += gsz) {
        const int pos = h & (N_POS - 1);
        half8 x = clean8(vload8(0, in + h * HEAD_DIM), 16.0h);
        half8 tail = clean8(vload8(1, in + h * HEAD_DIM), 16.0h);
        rope_vec_t c = rope_row(pos, rope_cos);
        rope_vec_t s = rope_row(pos, rope_sin);
        half4 x0 = x.even, x1 = x.odd;
        half4 y0 = x0 * c - x1 * s;
        half4 y1 = fma(x0, s, x1 * c);
        half8 y;
        y.even = y0;
        y.odd = y1;
        vstore8(y, 0, out + h * HEAD_DIM);
        vstore8(tail * (half)0.5f, 1, out + h * HEAD_DIM);
    }
}

/* one work-group = 16 queries against 16 keys/values held in local memory */
kernel __attribute__((reqd_work_group_size(TILE, 1, 1)))
void attention_tile_f16(global half *out, global const half *in)
{
    local half8 Ks[TILE][HEAD_DIM / 8];
    local half8 Vs[TILE][HEAD_DIM / 8];
    const int lid = get_local_id(0);
    const int grp = get_group_id(0);
    global const half *Q = in + grp * 3 * TILE * HEAD_DIM;
    global const half *K = Q + TILE * HEAD_DIM;
    global const half *V = K + TILE * HEAD_DIM;

    for (int c = 0; c < HEAD_DIM / 8; ++c) {
        Ks[lid][c] = clean8(vload8(lid * (HEAD_DIM / 8) + c, K), 2.0h);
        Vs[lid][c] = clean8(vload8(lid * (HEAD_DIM / 8) + c, V), 4.0h);
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    half8 q0 = clean8(vload8(lid * 2 + 0, Q), 2.0h);
    half8 q1 = clean8(vload8(lid * 2 + 1, Q), 2.0h);

    half score[TILE];
    half smax = -HALF_MAX;
    for (int j = 0; j < TILE; ++j) {
        half8 acc = q0 * Ks[j][0];
        acc = fma(q1, Ks[j][1], acc);
        half4 a4 = acc.lo + acc.hi;
        half s = ((a4.x + a4.y) + (a4.z + a4.w)) * QK_SCALE;
        /* causal mask: keys after the query position are dropped */
        score[j] = (j <= lid) ? s : -HALF_MAX;
        smax = max(smax, score[j]);
    }

    float denom = 0.0f;
    float p[TILE];
    for (int j = 0; j < TILE; ++j) {
        p[j] = (j <= lid) ? exp(convert_float(score[j] - smax)) : 0.0f;
        denom += p[j];
    }
    const half inv = convert_half_rte(1.0f / denom);

    half8 o0 = (half8)(0.0h), o1 = (half8)(0.0h);
    for (int j = 0; j <= lid; ++j) {
        const half w = convert_half_rte(p[j]) * inv;
        o0 = mad((half8)(w), Vs[j][0], o0);
        o1 = mad((half8)(w), Vs[j][1], o1);
    }
    global half *orow = out + (grp * TILE + lid) * HEAD_DIM;
    vstore8(o0, 0, orow);
    vstore8(o1, 1, orow);
    out[4 * TILE * HEAD_DIM + grp * TILE + lid] = smax;
}

/* asymmetric per-block uint8 quantization of 32 halves (4 x half8) */
typedef struct {
    half  scale;
    half  zero;
    uchar q[32];
} block_q8_t;

static inline block_q8_t quantize_block(const half8 v[4])
{
    block_q8_t b;
    half8 mn = min(min(v[0], v[1]), min(v[2], v[3]));
    half8 mx = max(max(v[0], v[1]), max(v[2], v[3]));
    half4 mn4 = fmin(mn.lo, mn.hi), mx4 = fmax(mx.lo, mx.hi);
    half lo = min(min(mn4.x, mn4.y), min(mn4.z, mn4.w));
    half hi = max(max(mx4.x, mx4.y), max(mx4.z, mx4.w));
    half range = hi - lo;
    b.scale = range > 0.0h ? range / 255.0h : 1.0h;
    b.zero = lo;
    for (int k = 0; k < 4; ++k) {
        uchar8 q = convert_uchar8_sat_rte((v[k] - (half8)(lo)) / (half8)(b.scale));
        vstore8(q, k, b.q);
    }
    return b;
}

kernel void kv_quant_u8(global uchar *out, global const half *in)
{
    const int gid = get_global_id(0);
    const int n_blocks = 8192 / 32;
    for (int blk = gid; blk < n_blocks; blk += get_global_size(0)) {
        half8 v[4];
        for (int k = 0; k < 4; ++k)
            v[k] = clean8(vload8(blk * 4 + k, in), 8.0h);
        block_q8_t b = quantize_block(v);

        /* packed layout: 32 quants, then the dequantization error as half */
        global uchar *dst = out + blk * 32;
        for (int k = 0; k < 4; ++k)
            vstore8(vload8(k, b.q), k, dst);
        half err = 0.0h;
        for (int k = 0; k < 4; ++k) {
            half8 r = mad(convert_half8(vload8(k, b.q)), (half8)(b.scale), (half8)(b.zero));
            half8 d = fabs(r - v[k]);
            half4 d4 = max(d.lo, d.hi);
            err = max(err, max(max(d4.x, d4.y), max(d4.z, d4.w)));
        }
        global half *meta = (global half *)(out + n_blocks * 32);
        meta[3 * blk + 0] = b.scale;
        meta[3 * blk + 1] = b.zero;
        meta[3 * blk + 2] = err;
    }
}
