// oclc-flags: -cl-std=CL1.2
// DSP and vision filtering kernels: a 31-tap Hamming-windowed low-pass FIR
// staged through local memory with a halo, a 4:1 polyphase decimator, a
// 5x5 Gaussian convolution with a constant mask and clamp-to-edge sampling,
// and an 8-bit Laplacian-of-Gaussian with saturating output.

#define NTAPS      31
#define HALF_TAPS  15
#define WG         16
#define OUT_PER_WI 16
#define BLOCK      (WG * OUT_PER_WI)

__constant float fir_taps[NTAPS] = {
    -0.000000000f, -0.001950955f, -0.001727011f, 0.002622041f,
    0.006402518f, -0.000000000f, -0.013407896f, -0.011526449f,
    0.015748327f, 0.034483286f, -0.000000000f, -0.064285771f,
    -0.056995127f, 0.089999365f, 0.300257411f, 0.400760525f,
    0.300257411f, 0.089999365f, -0.056995127f, -0.064285771f,
    -0.000000000f, 0.034483286f, 0.015748327f, -0.011526449f,
    -0.013407896f, -0.000000000f, 0.006402518f, 0.002622041f,
    -0.001727011f, -0.001950955f, -0.000000000f
};

#define SAMPLE(in, i) sanitize_sample((in)[(i) & 4095])

inline float sanitize_sample(float x)
{
    return isfinite(x) ? clamp(x, -100.0f, 100.0f) : 0.0f;
}

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void fir_lowpass_local(__global float *out, __global const float *in)
{
    __local float tile[BLOCK + NTAPS - 1];
    const int lid = get_local_id(0);
    const int blockStart = get_group_id(0) * BLOCK;

    /* cooperative load with a HALF_TAPS halo on both sides (zero padded) */
    for (int i = lid; i < BLOCK + NTAPS - 1; i += WG) {
        int src = blockStart + i - HALF_TAPS;
        tile[i] = (src >= 0 && src < 4096) ? SAMPLE(in, src) : 0.0f;
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    for (int k = 0; k < OUT_PER_WI; k++) {
        int o = lid + k * WG;            /* coalesced output pattern */
        float acc = 0.0f;
        #pragma unroll
        for (int t = 0; t < NTAPS; t++)
            acc = mad(fir_taps[t], tile[o + t], acc);
        out[blockStart + o] = acc;
    }
}

#define DECIM 4
#define PHASE_LEN ((NTAPS + DECIM - 1) / DECIM)

__kernel void fir_polyphase_decimate(__global float *out, __global const float *in)
{
    const int gid = get_global_id(0);
    /* each work-item produces 16 decimated outputs */
    for (int k = 0; k < 16; k++) {
        int n = (gid * 16 + k) * DECIM;          /* input index of output sample */
        float acc = 0.0f;
        for (int p = 0; p < DECIM; p++) {
            float branch = 0.0f;
            for (int m = 0; m < PHASE_LEN; m++) {
                int t = m * DECIM + p;
                if (t < NTAPS) {
                    int src = n - t;
                    float x = (src >= 0) ? SAMPLE(in, src) : 0.0f;
                    branch += fir_taps[t] * x;
                }
            }
            acc += branch;
        }
        out[gid * 16 + k] = acc;
    }
}

/* ------------------------------ 2-D filters ------------------------------ */
#define IMG_W 64
#define IMG_H 64
#define MASK_R 2
#define MASK_W (2 * MASK_R + 1)

__constant float gauss5x5[MASK_W * MASK_W] = {
    1.0f / 273,  4.0f / 273,  7.0f / 273,  4.0f / 273, 1.0f / 273,
    4.0f / 273, 16.0f / 273, 26.0f / 273, 16.0f / 273, 4.0f / 273,
    7.0f / 273, 26.0f / 273, 41.0f / 273, 26.0f / 273, 7.0f / 273,
    4.0f / 273, 16.0f / 273, 26.0f / 273, 16.0f / 273, 4.0f / 273,
    1.0f / 273,  4.0f / 273,  7.0f / 273,  4.0f / 273, 1.0f / 273,
};

inline float fetch_clamped(__global const float *img, int x, int y)
{
    x = clamp(x, 0, IMG_W - 1);
    y = clamp(y, 0, IMG_H - 1);
    return SAMPLE(img, y * IMG_W + x);
}

__kernel void conv2d_gauss5x5(__global float *out, __global const float *in)
{
    const int y = get_global_id(0);
    for (int x = 0; x < IMG_W; x++) {
        float sum = 0.0f;
        for (int dy = -MASK_R; dy <= MASK_R; dy++)
            for (int dx = -MASK_R; dx <= MASK_R; dx++)
                sum += gauss5x5[(dy + MASK_R) * MASK_W + (dx + MASK_R)] *
                       fetch_clamped(in, x + dx, y + dy);
        out[y * IMG_W + x] = sum;
    }
}

__constant char log5x5[25] = {
     0,  0, -1,  0,  0,
     0, -1, -2, -1,  0,
    -1, -2, 16, -2, -1,
     0, -1, -2, -1,  0,
     0,  0, -1,  0,  0,
};

/* 128 x 128 8-bit image read as bytes; output 64 rows of 128 bytes, every other source row */
__kernel void conv2d_log_u8(__global uchar *out, __global const uchar *in)
{
    const int y = get_global_id(0) * 2;
    for (int x = 0; x < 128; x++) {
        int acc = 0;
        for (int j = 0; j < 5; j++) {
            int sy = clamp(y + j - 2, 0, 127);
            for (int i = 0; i < 5; i++) {
                int sx = clamp(x + i - 2, 0, 127);
                acc += (int)log5x5[j * 5 + i] * (int)in[sy * 128 + sx];
            }
        }
        out[get_global_id(0) * 128 + x] = convert_uchar_sat(abs(acc) >> 1);
    }
}
