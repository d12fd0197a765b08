// oclc-flags: -cl-std=CL1.2
// Edge-preserving denoisers from image-processing pipelines: a 5x5
// bilateral filter with a precomputed spatial Gaussian and an exp() range
// kernel, and the classic 19-exchange median-of-9 sorting network (Devillard)
// applied to 3x3 windows, both on uchar4 lanes and on float pixels.

#define W        64
#define H        64
#define RADIUS   2
#define SIGMA_R  0.12f

__constant float spatial_w[2 * RADIUS + 1][2 * RADIUS + 1] = {
    {0.367879441f, 0.535261429f, 0.606530660f, 0.535261429f, 0.367879441f},
    {0.535261429f, 0.778800783f, 0.882496903f, 0.778800783f, 0.535261429f},
    {0.606530660f, 0.882496903f, 1.000000000f, 0.882496903f, 0.606530660f},
    {0.535261429f, 0.778800783f, 0.882496903f, 0.778800783f, 0.535261429f},
    {0.367879441f, 0.535261429f, 0.606530660f, 0.535261429f, 0.367879441f},
};

/* intensities in [0,1] from the low byte of each word */
inline float pixel(__global const uint *img, int x, int y)
{
    x = clamp(x, 0, W - 1);
    y = clamp(y, 0, H - 1);
    return (float)(img[y * W + x] & 0xffu) * (1.0f / 255.0f);
}

__kernel void bilateral5x5(__global float *out, __global const uint *in)
{
    const int y = get_global_id(0);
    const float inv2sr2 = 1.0f / (2.0f * SIGMA_R * SIGMA_R);

    for (int x = 0; x < W; x++) {
        float center = pixel(in, x, y);
        float wsum = 0.0f, vsum = 0.0f;
        for (int dy = -RADIUS; dy <= RADIUS; dy++) {
            for (int dx = -RADIUS; dx <= RADIUS; dx++) {
                float v = pixel(in, x + dx, y + dy);
                float d = v - center;
                float w = spatial_w[dy + RADIUS][dx + RADIUS] * exp(-d * d * inv2sr2);
                wsum += w;
                vsum += w * v;
            }
        }
        out[y * W + x] = vsum / wsum;
    }
}

/* ------------------------- median of 9 networks ------------------------- */
#define PIX_SORT_U(a, b) { uchar4 t_ = min(a, b); b = max(a, b); a = t_; }
#define PIX_SORT_F(a, b) { float  t_ = fmin(a, b); b = fmax(a, b); a = t_; }

#define MEDIAN9(SORT, p)                                                    \
    SORT(p[1], p[2]); SORT(p[4], p[5]); SORT(p[7], p[8]);                   \
    SORT(p[0], p[1]); SORT(p[3], p[4]); SORT(p[6], p[7]);                   \
    SORT(p[1], p[2]); SORT(p[4], p[5]); SORT(p[7], p[8]);                   \
    SORT(p[0], p[3]); SORT(p[5], p[8]); SORT(p[4], p[7]);                   \
    SORT(p[3], p[6]); SORT(p[1], p[4]); SORT(p[2], p[5]);                   \
    SORT(p[4], p[7]); SORT(p[4], p[2]); SORT(p[6], p[4]);                   \
    SORT(p[4], p[2]);

/* image of 64 rows x 64 uchar4 pixels (16 KiB) */
__kernel void median3x3_uchar4(__global uchar4 *out, __global const uchar4 *in)
{
    const int y = get_global_id(0);
    for (int x = 0; x < 64; x++) {
        uchar4 p[9];
        int k = 0;
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                int sx = clamp(x + dx, 0, 63), sy = clamp(y + dy, 0, 63);
                p[k++] = in[sy * 64 + sx];
            }
        MEDIAN9(PIX_SORT_U, p)
        out[y * 64 + x] = p[4];
    }
}

inline float clean_px(float v)
{
    return isfinite(v) ? clamp(v, -100.0f, 100.0f) : 0.0f;
}

__kernel void median3x3_float(__global float *out, __global const float *in)
{
    const int y = get_global_id(0);
    for (int x = 0; x < W; x++) {
        float p[9];
        int k = 0;
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                int sx = clamp(x + dx, 0, W - 1), sy = clamp(y + dy, 0, H - 1);
                p[k++] = clean_px(in[sy * W + sx]);
            }
        MEDIAN9(PIX_SORT_F, p)
        out[y * W + x] = p[4];
    }
}
