// oclc-flags: -cl-std=CL1.2
// CLBlast/clBLAS-style tiled GEMM: an SGEMM that stages K-slices of A and B
// through local memory, a register-blocked float4 SGEMM-NT with alpha/beta,
// and a gemmlowp-style uint8 x int8 quantized GEMM with requantization.

#define WGS        16
#define MDIM       32
#define NDIM       32
#define KDIM       32
#define TILE_M     8          /* rows of C per work-group            */
#define TILE_K     8          /* K-slice staged per iteration        */
#define COLS_PER_WI 16        /* each work-item owns 16 columns of C */

typedef float real;

inline real sanitize(real x)
{
    return isfinite(x) ? clamp(x, -100.0f, 100.0f) : 0.0f;
}

/* A is row-major MDIM x KDIM at in[0], B row-major KDIM x NDIM at in[1024] */
#define A_AT(in, r, c) sanitize(as_float((in)[((r) * KDIM + (c)) & 1023]))
#define B_AT(in, r, c) sanitize(as_float((in)[1024 + (((r) * NDIM + (c)) & 1023)]))

__kernel __attribute__((reqd_work_group_size(WGS, 1, 1)))
void sgemm_tiled(__global float *out, __global const uint *in)
{
    __local real Asub[TILE_M][TILE_K];
    __local real Bsub[TILE_K][NDIM];

    const int lid = get_local_id(0);
    const int grp = get_group_id(0);
    const int row = grp * TILE_M + (lid >> 1);
    const int col0 = (lid & 1) * COLS_PER_WI;

    real acc[COLS_PER_WI];
    for (int j = 0; j < COLS_PER_WI; j++)
        acc[j] = 0.0f;

    for (int kt = 0; kt < KDIM; kt += TILE_K) {
        /* 64 A elements, 4 per work-item */
        for (int e = lid; e < TILE_M * TILE_K; e += WGS) {
            int r = e / TILE_K, c = e & (TILE_K - 1);
            Asub[r][c] = A_AT(in, grp * TILE_M + r, kt + c);
        }
        /* 256 B elements, 16 per work-item */
        for (int e = lid; e < TILE_K * NDIM; e += WGS) {
            int r = e / NDIM, c = e & (NDIM - 1);
            Bsub[r][c] = B_AT(in, kt + r, c);
        }
        barrier(CLK_LOCAL_MEM_FENCE);

        #pragma unroll
        for (int k = 0; k < TILE_K; k++) {
            real a = Asub[lid >> 1][k];
            #pragma unroll 4
            for (int j = 0; j < COLS_PER_WI; j++)
                acc[j] += a * Bsub[k][col0 + j];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    for (int j = 0; j < COLS_PER_WI; j++)
        out[row * NDIM + col0 + j] = acc[j];
}

/* ---- register-blocked NT kernel: C = alpha * A * B^T + beta * C ---- */
#define ALPHA 0.75f
#define BETA  -0.5f
#define RB    4               /* 4x4 register block per work-item */

__kernel void sgemm_nt_float4(__global float4 *out, __global const float4 *in)
{
    const int gid = get_global_id(0);
    /* 64 work-items tile a 32x32 C with 4x4 blocks: 8x8 blocks total */
    const int bi = gid >> 3;
    const int bj = gid & 7;

    __global const float4 *A = in;          /* 32 rows x 8 float4 (K = 32) */
    __global const float4 *B = in + 256;    /* 32 rows x 8 float4          */
    __global const float4 *C0 = in + 512;   /* 32 x 8 float4               */

    float4 c[RB];
    for (int i = 0; i < RB; i++)
        c[i] = (float4)(0.0f);

    for (int kk = 0; kk < KDIM / 4; kk++) {
        float4 a[RB], b[RB];
        for (int i = 0; i < RB; i++) {
            float4 va = A[(bi * RB + i) * 8 + kk];
            float4 vb = B[(bj * RB + i) * 8 + kk];
            a[i] = select((float4)(0.0f), clamp(va, -100.0f, 100.0f), isfinite(va));
            b[i] = select((float4)(0.0f), clamp(vb, -100.0f, 100.0f), isfinite(vb));
        }
        for (int i = 0; i < RB; i++) {
            c[i].x += dot(a[i], b[0]);
            c[i].y += dot(a[i], b[1]);
            c[i].z += dot(a[i], b[2]);
            c[i].w += dot(a[i], b[3]);
        }
    }

    for (int i = 0; i < RB; i++) {
        int idx = (bi * RB + i) * 8 + bj;
        float4 old = C0[idx];
        old = select((float4)(0.0f), clamp(old, -100.0f, 100.0f), isfinite(old));
        out[idx] = ALPHA * c[i] + BETA * old;
    }
}

/* ---- gemmlowp-style quantized GEMM ---- */
typedef struct {
    int a_zero_point;
    int b_zero_point;
    int out_multiplier;      /* Q31 fixed point */
    int out_shift;
    int out_zero_point;
} QuantParams;

__constant QuantParams qparams = { 128, 0, 1518500250, 7, 3 };

inline int saturating_rounding_doubling_high_mul(int a, int b)
{
    long ab = (long)a * (long)b;
    long nudge = ab >= 0 ? (1L << 30) : (1L - (1L << 30));
    return (int)((ab + nudge) >> 31);
}

inline int rounding_divide_by_pot(int x, int exponent)
{
    int mask = (1 << exponent) - 1;
    int remainder = x & mask;
    int threshold = (mask >> 1) + (x < 0 ? 1 : 0);
    return (x >> exponent) + (remainder > threshold ? 1 : 0);
}

__kernel __attribute__((reqd_work_group_size(WGS, 1, 1)))
void gemm_u8s8_requant(__global uchar *out, __global const uchar *in)
{
    __local uchar Ablk[WGS][KDIM];
    const int lid = get_local_id(0);
    const int gid = get_global_id(0);

    /* each work-group stages 16 rows of A (uint8, 32 deep) */
    for (int k = 0; k < KDIM; k++)
        Ablk[lid][k] = in[(gid * KDIM + k) & 8191];
    barrier(CLK_LOCAL_MEM_FENCE);

    __global const char *Bq = (__global const char *)(in + 8192);
    for (int n = 0; n < 64; n++) {
        int acc = 0;
        for (int k = 0; k < KDIM; k++) {
            int a = (int)Ablk[lid][k] - qparams.a_zero_point;
            int b = (int)Bq[(n * KDIM + k) & 8191] - qparams.b_zero_point;
            acc += a * b;
        }
        int scaled = saturating_rounding_doubling_high_mul(acc, qparams.out_multiplier);
        scaled = rounding_divide_by_pot(scaled, qparams.out_shift) + qparams.out_zero_point;
        out[gid * 64 + n] = convert_uchar_sat(scaled);
    }
}
