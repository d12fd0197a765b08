// oclc-flags: -cl-std=CL1.2
// Apple/AMD OpenCL FFT sample style complex transforms on float2: a batched
// 32-point radix-2 decimation-in-time FFT in local memory with sincos
// twiddles, a register-resident radix-4 16-point FFT using a constant twiddle
// table, and an inverse Stockham radix-2 pass that round-trips the data.

#define FFT_N      32
#define LOG2_N     5
#define BATCHES    8
#define WG         16
#define M_2PI_F    6.283185307179586f

typedef float2 cfloat;

#define cmul(a, b)  ((cfloat)((a).x * (b).x - (a).y * (b).y, (a).x * (b).y + (a).y * (b).x))
#define cconj(a)    ((cfloat)((a).x, -(a).y))
#define mul_mj(a)   ((cfloat)((a).y, -(a).x))       /* multiply by -i */

inline cfloat load_c(__global const float2 *in, int idx)
{
    float2 v = in[idx & 2047];
    return select((float2)(0.0f), clamp(v, -100.0f, 100.0f) * 0.03125f, isfinite(v));
}

inline uint bitrev5(uint x)
{
    x = ((x & 0x15u) << 1) | ((x >> 1) & 0x15u);   /* swap pairs    */
    x = ((x & 0x33u) << 2) | ((x >> 2) & 0x33u);   /* swap nibbles  */
    x = ((x & 0x0fu) << 4) | ((x >> 4) & 0x0fu);   /* swap bytes    */
    return (x >> 3) & 0x1fu;
}

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void fft32_radix2_batched(__global float2 *out, __global const float2 *in)
{
    __local cfloat buf[FFT_N];
    const int lid = get_local_id(0);
    const int grp = get_group_id(0);

    for (int b = 0; b < BATCHES; b++) {
        const int base = (grp * BATCHES + b) * FFT_N;
        /* bit-reversed load: each work-item loads two points */
        buf[bitrev5(lid)] = load_c(in, base + lid);
        buf[bitrev5(lid + WG)] = load_c(in, base + lid + WG);
        barrier(CLK_LOCAL_MEM_FENCE);

        for (int s = 1; s <= LOG2_N; s++) {
            const int hspan = 1 << (s - 1);
            const int j = lid & (hspan - 1);
            const int i0 = ((lid >> (s - 1)) << s) + j;
            const int i1 = i0 + hspan;
            float c, sn;
            sn = sincos(-M_2PI_F * (float)j / (float)(hspan << 1), &c);
            cfloat w = (cfloat)(c, sn);
            cfloat a = buf[i0];
            cfloat t = cmul(w, buf[i1]);
            barrier(CLK_LOCAL_MEM_FENCE);
            buf[i0] = a + t;
            buf[i1] = a - t;
            barrier(CLK_LOCAL_MEM_FENCE);
        }
        out[base + lid] = buf[lid];
        out[base + lid + WG] = buf[lid + WG];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
}

/* --------------------- radix-4, 16 points in registers --------------------- */
__constant float2 tw16[16] = {
    (float2)( 1.000000000f,  0.000000000f), (float2)( 0.923879533f, -0.382683432f),
    (float2)( 0.707106781f, -0.707106781f), (float2)( 0.382683432f, -0.923879533f),
    (float2)( 0.000000000f, -1.000000000f), (float2)(-0.382683432f, -0.923879533f),
    (float2)(-0.707106781f, -0.707106781f), (float2)(-0.923879533f, -0.382683432f),
    (float2)(-1.000000000f,  0.000000000f), (float2)(-0.923879533f,  0.382683432f),
    (float2)(-0.707106781f,  0.707106781f), (float2)(-0.382683432f,  0.923879533f),
    (float2)( 0.000000000f,  1.000000000f), (float2)( 0.382683432f,  0.923879533f),
    (float2)( 0.707106781f,  0.707106781f), (float2)( 0.923879533f,  0.382683432f),
};

#define FFT4(a0, a1, a2, a3)                         \
    {                                                \
        cfloat t0 = a0 + a2, t1 = a0 - a2;           \
        cfloat t2 = a1 + a3, t3 = mul_mj(a1 - a3);   \
        a0 = t0 + t2; a2 = t0 - t2;                  \
        a1 = t1 + t3; a3 = t1 - t3;                  \
    }

__kernel void fft16_radix4(__global float2 *out, __global const float2 *in)
{
    const int gid = get_global_id(0);
    cfloat v[16];
    for (int k = 0; k < 16; k++)
        v[k] = load_c(in, gid * 16 + k);

    /* stage 1: four 4-point DFTs on stride-4 columns */
    for (int c = 0; c < 4; c++)
        FFT4(v[c], v[c + 4], v[c + 8], v[c + 12]);
    /* twiddle: element (row r, col c) by W16^(r*c) */
    for (int c = 1; c < 4; c++)
        for (int r = 1; r < 4; r++)
            v[c + 4 * r] = cmul(v[c + 4 * r], tw16[(r * c) & 15]);
    /* stage 2: 4-point DFTs on rows */
    for (int r = 0; r < 4; r++)
        FFT4(v[4 * r], v[4 * r + 1], v[4 * r + 2], v[4 * r + 3]);

    /* output in digit-reversed order: X[c*4 + r] sits at v[4r + c] */
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 4; c++)
            out[gid * 16 + c * 4 + r] = v[4 * r + c];
}

/* ------------ Stockham auto-sort inverse FFT (ping-pong in local) ------------ */
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void ifft32_stockham(__global float2 *out, __global const float2 *in)
{
    __local cfloat pp[2][FFT_N];
    const int lid = get_local_id(0);
    const int grp = get_group_id(0);
    const int base = grp * FFT_N * 4;

    for (int b = 0; b < 4; b++) {
        pp[0][lid] = load_c(in, base + b * FFT_N + lid);
        pp[0][lid + WG] = load_c(in, base + b * FFT_N + lid + WG);
        barrier(CLK_LOCAL_MEM_FENCE);

        int src = 0;
        for (int Ns = 1; Ns < FFT_N; Ns <<= 1) {
            const int j = lid;
            const int k = j & (Ns - 1);
            float c, sn;
            sn = sincos(M_2PI_F * (float)k / (float)(2 * Ns), &c);
            cfloat a = pp[src][j];
            cfloat bb = cmul(pp[src][j + WG], ((cfloat)(c, sn)));
            const int idx = ((j - k) << 1) + k;
            pp[src ^ 1][idx] = a + bb;
            pp[src ^ 1][idx + Ns] = a - bb;
            barrier(CLK_LOCAL_MEM_FENCE);
            src ^= 1;
        }
        out[base + b * FFT_N + lid] = pp[src][lid] * (1.0f / FFT_N);
        out[base + b * FFT_N + lid + WG] = pp[src][lid + WG] * (1.0f / FFT_N);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
}
