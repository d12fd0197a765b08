// oclc-flags: -cl-std=CL1.2
// Photo pipeline stages on byte buffers: a BT.709 luma histogram of RGBA
// pixels (local atomic_inc, merged with global atomic_add), per-tile CLAHE
// (clip, redistribute, scan, remap), and bilinear/box RGBA resamplers that
// round with convert_uchar4_sat_rte, _sat and _sat_rtz.

#define BINS        256
#define WG          16
#define TILE_BYTES  4096
#define CLIP_LIMIT  40u

/* BT.709 luma in Q8: (54 R + 183 G + 19 B + 128) >> 8 */
inline uint luma709(uchar4 p)
{
    return (54u * p.x + 183u * p.y + 19u * p.z + 128u) >> 8;
}

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void luma_histogram_atomic(__global uint *out, __global const uchar4 *in)
{
    __local uint lhist[BINS];
    __local uint lclip[2];
    const int lid = get_local_id(0);
    const int gid = get_global_id(0);

    for (int b = lid; b < BINS; b += WG)
        lhist[b] = 0;
    if (lid < 2)
        lclip[lid] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);

    /* 64 RGBA pixels per work-item; count clipped shadows/highlights too */
    for (int i = 0; i < 64; i++) {
        uchar4 p = in[gid * 64 + i];
        uint y = luma709(p);
        atomic_inc(&lhist[y]);
        if (y < 8u || any(p.xyz == (uchar3)(255)))
            atomic_inc(&lclip[y < 8u ? 0 : 1]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    for (int b = lid; b < BINS; b += WG) {
        uint c = lhist[b];
        if (c)
            atomic_add(&out[b], c);
        out[BINS + get_group_id(0) * BINS + b] = c;   /* per-group partials */
        atomic_max(&out[BINS * 5], c);                /* tallest bin anywhere */
    }
    if (lid < 2)
        atomic_add(&out[BINS * 5 + 1 + lid], lclip[lid]);
}

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void clahe_tile_equalize(__global uchar *out, __global const uchar *in)
{
    __local uint hist[BINS];
    __local uint cdf[BINS];
    __local uint excess;
    const int lid = get_local_id(0);
    const int tile = get_group_id(0);
    __global const uchar *src = in + tile * TILE_BYTES;

    for (int b = lid; b < BINS; b += WG)
        hist[b] = 0;
    if (lid == 0)
        excess = 0;
    barrier(CLK_LOCAL_MEM_FENCE);

    for (int i = lid; i < TILE_BYTES; i += WG)
        atomic_inc(&hist[src[i]]);
    barrier(CLK_LOCAL_MEM_FENCE);

    /* clip: collect the excess over CLIP_LIMIT */
    for (int b = lid; b < BINS; b += WG) {
        uint h = hist[b];
        if (h > CLIP_LIMIT) {
            atomic_add(&excess, h - CLIP_LIMIT);
            hist[b] = CLIP_LIMIT;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    /* redistribute uniformly, remainder to the lowest bins */
    const uint ex = excess;
    const uint each = ex >> 8;
    const uint rem = ex & (BINS - 1);
    for (int b = lid; b < BINS; b += WG)
        hist[b] += each + ((uint)b < rem ? 1u : 0u);
    barrier(CLK_LOCAL_MEM_FENCE);

    /* inclusive scan: 16 sequential chunks of 16, then chunk offsets */
    uint run = 0;
    for (int k = 0; k < 16; k++) {
        run += hist[lid * 16 + k];
        cdf[lid * 16 + k] = run;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    uint offset = 0;
    for (int c = 0; c < lid; c++)
        offset += cdf[c * 16 + 15];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < 16; k++)
        cdf[lid * 16 + k] += offset;
    barrier(CLK_LOCAL_MEM_FENCE);

    uint cdf_min = 0;
    for (int b = 0; b < BINS; b++) {
        if (cdf[b]) { cdf_min = cdf[b]; break; }
    }
    const uint denom = max((uint)TILE_BYTES - cdf_min, 1u);

    for (int i = lid; i < TILE_BYTES; i += WG) {
        uint v = cdf[src[i]];
        uint num = (v - cdf_min) * 255u + (denom >> 1);
        out[tile * TILE_BYTES + i] = (uchar)min(num / denom, 255u);
    }
}

/* ---------------------- bilinear resize 32x32 -> 64x64 ---------------------- */
#define SRC_W 32
#define SRC_H 32
#define DST_W 64
#define DST_H 64

inline float4 texel(__global const uchar4 *img, int x, int y)
{
    x = clamp(x, 0, SRC_W - 1);
    y = clamp(y, 0, SRC_H - 1);
    return convert_float4(img[y * SRC_W + x]);
}

__kernel void resize_bilinear_rgba(__global uchar4 *out, __global const uchar4 *in)
{
    const int dy = get_global_id(0);
    const float sx_scale = (float)SRC_W / (float)DST_W;
    const float sy_scale = (float)SRC_H / (float)DST_H;

    float fy = ((float)dy + 0.5f) * sy_scale - 0.5f;
    float y0f = floor(fy);
    float wy = fy - y0f;
    int y0 = (int)y0f;

    for (int dx = 0; dx < DST_W; dx++) {
        float fx = ((float)dx + 0.5f) * sx_scale - 0.5f;
        float x0f = floor(fx);
        float wx = fx - x0f;
        int x0 = (int)x0f;

        float4 top = mix(texel(in, x0, y0), texel(in, x0 + 1, y0), wx);
        float4 bot = mix(texel(in, x0, y0 + 1), texel(in, x0 + 1, y0 + 1), wx);
        float4 px = mix(top, bot, wy);
        /* premultiplied alpha-ish tone tweak so rounding mode matters */
        px = px * 1.0625f - (float4)(3.5f, 3.5f, 3.5f, 0.0f);
        out[dy * DST_W + dx] = convert_uchar4_sat_rte(px);
    }
}

__kernel void downscale_box2x_rgba(__global uchar4 *out, __global const uchar4 *in)
{
    /* 64x64 source -> 32x32 destination, two destination rows per group of WIs */
    const int gid = get_global_id(0);
    const int dy = gid >> 1;
    const int half_row = gid & 1;
    for (int i = 0; i < 16; i++) {
        int dx = half_row * 16 + i;
        uchar4 a = in[(2 * dy) * 64 + 2 * dx];
        uchar4 b = in[(2 * dy) * 64 + 2 * dx + 1];
        uchar4 c = in[(2 * dy + 1) * 64 + 2 * dx];
        uchar4 d = in[(2 * dy + 1) * 64 + 2 * dx + 1];
        uchar4 avg_rh = rhadd(rhadd(a, b), rhadd(c, d));
        uint4 sum = convert_uint4(a) + convert_uint4(b) + convert_uint4(c) + convert_uint4(d);
        out[dy * 32 + dx] = avg_rh;
        out[1024 + dy * 32 + dx] = convert_uchar4_sat((sum + 2u) >> 2);
        out[2048 + dy * 32 + dx] = convert_uchar4_sat_rtz(convert_float4(sum) * 0.25f);
    }
}
