// oclc-flags: -cl-std=CL2.0
// OpenCL 2.0 generic address space in library-style helpers: span utilities
// taking unqualified pointers called with global, local and private data,
// to_global/to_local/to_private dispatch, and program-scope global tables
// and per-work-item scratch as a ported C library would declare them.

#define WG 16
#define SPAN 16

/* program-scope globals (CL2.0): a constant-initialized table and scratch */
global float g_window[SPAN] = {
    0.0000000f, 0.0432273f, 0.1654347f, 0.3454915f, 0.5522642f, 0.7500000f,
    0.9045085f, 0.9890738f, 0.9890738f, 0.9045085f, 0.7500000f, 0.5522642f,
    0.3454915f, 0.1654347f, 0.0432273f, 0.0000000f,
};
global uint g_scratch[64 * SPAN];
constant uint k_mix[4] = { 0x9E3779B9u, 0x7F4A7C15u, 0x85EBCA6Bu, 0xC2B2AE35u };

typedef struct {
    float sum;
    float min;
    float max;
    uint  nonzero;
} span_stats;

/* --- generic helpers: no address-space qualifiers on the pointers --- */
static float span_dot(const float *a, const float *b, int n)
{
    float acc = 0.0f;
    for (int i = 0; i < n; i++)
        acc += a[i] * b[i];
    return acc;
}

static span_stats span_summary(const float *p, int n)
{
    span_stats s = { 0.0f, INFINITY, -INFINITY, 0u };
    for (int i = 0; i < n; i++) {
        s.sum += p[i];
        s.min = fmin(s.min, p[i]);
        s.max = fmax(s.max, p[i]);
        s.nonzero += (p[i] != 0.0f);
    }
    return s;
}

static void span_scale_into(float *dst, const float *src, const float *w, int n)
{
    for (int i = 0; i < n; i++)
        dst[i] = src[i] * w[i];
}

static uint span_hash(const uint *p, int n)
{
    uint h = 0x811C9DC5u;
    for (int i = 0; i < n; i++) {
        h ^= p[i];
        h *= 0x01000193u;
        h ^= h >> 15;
    }
    return h;
}

/* tag a pointer with the address space it really points into */
static uint space_tag(const float *p)
{
    if (to_global(p))
        return 1u;
    if (to_local(p))
        return 2u;
    if (to_private(p))
        return 3u;
    return 0u;
}

static inline float clean(float x)
{
    return isfinite(x) ? clamp(x, -100.0f, 100.0f) : 0.0f;
}

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void generic_span_ops(__global float *out, __global const float *in)
{
    __local float tile[WG][SPAN];
    const uint lid = get_local_id(0);
    const uint gid = get_global_id(0);

    float priv[SPAN];
    for (int i = 0; i < SPAN; i++) {
        priv[i] = clean(in[gid * SPAN + i]);
        tile[lid][i] = clean(in[(gid * SPAN + i + 1024) & 4095]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    /* the same helper with private x local, local x global, global x private */
    __global float *o = out + gid * 16;
    o[0] = span_dot(priv, tile[lid], SPAN);
    o[1] = span_dot(tile[(lid + 1) & (WG - 1)], g_window, SPAN);
    o[2] = span_dot(g_window, priv, SPAN);

    span_stats sp = span_summary(priv, SPAN);
    span_stats sl = span_summary(tile[lid], SPAN);
    o[3] = sp.sum;  o[4] = sp.min;  o[5] = sl.max;
    o[6] = (float)(sp.nonzero + 100u * sl.nonzero);

    /* write through generic pointers into private, local and global targets */
    float windowed[SPAN];
    span_scale_into(windowed, tile[lid], g_window, SPAN);
    barrier(CLK_LOCAL_MEM_FENCE);
    span_scale_into(tile[lid], priv, g_window, SPAN);
    barrier(CLK_LOCAL_MEM_FENCE);
    o[7] = span_dot(windowed, tile[(lid + 3) & (WG - 1)], SPAN);

    float *gp = (float *)(out + 2048 + gid * SPAN);
    span_scale_into(gp, windowed, priv, SPAN);

    o[8] = (float)(space_tag(priv) * 100u + space_tag(tile[lid]) * 10u + space_tag(gp));
    o[9] = (float)space_tag(g_window);
}

__kernel void program_scope_scratch(__global uint *out, __global const uint *in)
{
    const uint gid = get_global_id(0);
    /* each work-item owns its slice of the program-scope scratch buffer */
    global uint *mine = g_scratch + gid * SPAN;
    for (int i = 0; i < SPAN; i++)
        mine[i] = in[gid * SPAN + i] * k_mix[i & 3] + (uint)i;

    uint priv[SPAN];
    for (int i = 0; i < SPAN; i++)
        priv[i] = mine[SPAN - 1 - i] ^ in[(gid * SPAN + i + 2048) & 4095];

    __local uint lbuf[WG * SPAN];
    const uint lid = get_local_id(0);
    for (int i = 0; i < SPAN; i++)
        lbuf[lid * SPAN + i] = priv[i] + mine[i];
    barrier(CLK_LOCAL_MEM_FENCE);

    out[gid * 4 + 0] = span_hash(mine, SPAN);
    out[gid * 4 + 1] = span_hash(priv, SPAN);
    out[gid * 4 + 2] = span_hash(lbuf + ((lid + 5) & (WG - 1)) * SPAN, SPAN);
    out[gid * 4 + 3] = span_hash((const uint *)in + gid * 8, 8);
}
