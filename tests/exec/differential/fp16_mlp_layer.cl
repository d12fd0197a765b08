// oclc-flags: -cl-std=CL1.2
// fp16 inference layers in the style of mobile engines (ncnn / MNN arm82
// ports): a dense layer with half8 weight rows accumulated by fma in half,
// leaky-ReLU and hard-swish on half4 with clamp/min/max and a divide by six,
// int8 dequant/requant through convert_half4 / convert_char4_sat_rte, and a
// 2x2 max/avg pooling pass built on half comparisons.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

#define IN_DIM    64
#define OUT_DIM   64
#define BATCH     4
#define WG        16
#define ACT_LIMIT 4.0h
#define W_LIMIT   1.0h

#define POOL_W    64
#define POOL_H    64

typedef struct {
    half slope;       /* leaky relu negative slope */
    half bias_limit;
    half out_scale;   /* requant scale of the next layer */
    char zero_point;
} act_param_t;

static inline half sanitize_h(half v, half lim)
{
    return isfinite(v) ? clamp(v, -lim, lim) : 0.0h;
}

static inline half8 sanitize_h8(half8 v, half lim)
{
    return select((half8)(0.0h), clamp(v, -lim, lim), isfinite(v));
}

static inline half hsum8(half8 v)
{
    half4 s4 = v.lo + v.hi;
    half2 s2 = s4.lo + s4.hi;
    return s2.x + s2.y;
}

static inline half leaky_relu(half x, act_param_t p)
{
    return x > 0 ? x : x * p.slope;
}

static inline half4 hard_swish4(half4 x)
{
    const half4 three = (half4)(3.0h);
    return x * clamp(x + three, 0.0h, 6.0h) / (half)6.0f;
}

/* y[b][o] = leaky(sum_k W[o][k] * x[b][k] + bias[o]); one work-group per sample */
kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void dense_leaky_relu_f16(global half *out, global const half *in)
{
    local half8 xs[IN_DIM / 8];
    const int b = get_group_id(0) & (BATCH - 1);
    const int lid = get_local_id(0);
    global const half *x = in + b * IN_DIM;
    global const half *W = in + BATCH * IN_DIM;
    global const half *bias = W + OUT_DIM * IN_DIM;
    const act_param_t ap = { 0.125h, 2.0h, 0.0625h, 0 };

    if (lid < IN_DIM / 8)
        xs[lid] = sanitize_h8(vload8(lid, x), ACT_LIMIT);
    barrier(CLK_LOCAL_MEM_FENCE);

    for (int j = 0; j < OUT_DIM / WG; ++j) {
        const int o = lid + j * WG;
        half8 acc = (half8)(0.0h);
        half8 acc_mad = (half8)(0.0h);
        for (int k = 0; k < IN_DIM / 8; ++k) {
            half8 w = sanitize_h8(vload8(o * (IN_DIM / 8) + k, W), W_LIMIT);
            acc = fma(w, xs[k], acc);
            acc_mad = mad(w, xs[k], acc_mad);
        }
        half y = hsum8(acc) + sanitize_h(bias[o], ap.bias_limit);
        half ym = hsum8(acc_mad);
        out[b * OUT_DIM + o] = leaky_relu(y, ap);
        out[BATCH * OUT_DIM + b * OUT_DIM + o] = max(ym, (half)0.0f);
        out[2 * BATCH * OUT_DIM + b * OUT_DIM + o] = min(fabs(y - ym), 1.0h);
    }
}

/* int8 activation -> hard-swish -> int8 for the next quantized layer */
kernel void hswish_requant_i8(global char *out, global const char *in)
{
    const int gid = get_global_id(0);
    const int gsz = get_global_size(0);
    const act_param_t ap = { .slope = 0.0h, .bias_limit = 0.0h,
                             .out_scale = 0.046875h, .zero_point = -3 };
    const half in_scale = 1.0h / 32.0h;
    const half inv_out = 1.0h / ap.out_scale;

    for (int i = gid; i < 16384 / 4; i += gsz) {
        char4 qv = vload4(i, in);
        half4 xv = convert_half4(qv) * in_scale;
        half4 yv = hard_swish4(xv);
        half4 t = mad(yv, (half4)(inv_out), (half4)((half)ap.zero_point));
        char4 r = convert_char4_sat_rte(t);
        /* keep the sign of the zero-point shifted value in the low bit */
        r = (r == (char4)0) ? (char4)1 : r;
        vstore4(r, i, out);
    }
}

/* 2x2 stride-2 pooling over a 64x64 half plane: max, mean and argmax */
kernel void pool2x2_f16(global half *out, global const half *in)
{
    const int gid = get_global_id(0);
    const int gsz = get_global_size(0);
    const int OW = POOL_W / 2, OH = POOL_H / 2;
    global half *omax = out;
    global half *oavg = out + OW * OH;
    global half *oarg = out + 2 * OW * OH;

    for (int p = gid; p < OW * OH; p += gsz) {
        const int oy = p / OW, ox = p - oy * OW;
        const int base = (2 * oy) * POOL_W + 2 * ox;
        half a = sanitize_h(in[base], 8.0h);
        half b = sanitize_h(in[base + 1], 8.0h);
        half c = sanitize_h(in[base + POOL_W], 8.0h);
        half d = sanitize_h(in[base + POOL_W + 1], 8.0h);

        half m = a;
        int arg = 0;
        if (b > m)            { m = b; arg = 1; }
        if (isgreater(c, m))  { m = c; arg = 2; }
        if (!(d <= m))        { m = d; arg = 3; }
        half m2 = fmax(fmax(a, b), fmax(c, d));

        omax[p] = (m == m2) ? m : (half)-1.0f;
        oavg[p] = (a + b + c + d) * 0.25h;
        oarg[p] = (half)(arg + 1) + ((a != b) ? 0.5h : 0.0h);
    }
}
