// oclc-flags: -cl-std=CL1.2
// Iterative linear solvers as in PETSc/ViennaCL tutorials: a dense Jacobi
// solve for diagonally dominant systems held in local memory, a 2-D 5-point
// Jacobi relaxation sweep on a 64x64 grid, and red-black Gauss-Seidel with
// over-relaxation plus a fixed-tree residual norm.

#define WG      16
#define NX      64
#define NY      64
#define SWEEPS  12
#define OMEGA   1.25f

typedef float  real_t;
typedef float4 real4_t;

static inline real_t clean(real_t x, real_t lim)
{
    return isfinite(x) ? clamp(x, -lim, lim) : 0.0f;
}

static inline real_t word_as_real(__global const uint *in, uint idx)
{
    return clean(as_float(in[idx & 4095u]), 100.0f);
}

/* --------------------------------------------------------------------- */
/* Dense Jacobi: A x = b with A (16x16) made strictly diagonally dominant */
/* --------------------------------------------------------------------- */
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void jacobi_dense(__global float *out, __global const uint *in)
{
    __local real_t A[WG][WG + 1];       /* +1 pad against bank conflicts */
    __local real_t x[2][WG];

    const int i = get_local_id(0);
    const int g = get_group_id(0);
    const uint base = (uint)g * 272u;

    real_t rowsum = 0.0f;
    for (int j = 0; j < WG; j++) {
        real_t a = word_as_real(in, base + i * WG + j) * 0.01f;
        A[i][j] = a;
        if (j != i)
            rowsum += fabs(a);
    }
    A[i][i] = rowsum + 1.0f + fabs(A[i][i]);
    real_t b = word_as_real(in, base + 256 + i);
    x[0][i] = 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);

    int cur = 0;
    for (int it = 0; it < 24; it++) {
        real_t sigma = 0.0f;
        for (int j = 0; j < WG; j++)
            if (j != i)
                sigma += A[i][j] * x[cur][j];
        x[cur ^ 1][i] = (b - sigma) / A[i][i];
        barrier(CLK_LOCAL_MEM_FENCE);
        cur ^= 1;
    }

    /* residual r_i = b_i - (A x)_i */
    real_t ax = 0.0f;
    for (int j = 0; j < WG; j++)
        ax += A[i][j] * x[cur][j];
    out[get_global_id(0)] = x[cur][i];
    out[64 + get_global_id(0)] = b - ax;
}

/* --------------------------------------------------------------------- */
/* One 5-point Jacobi sweep for -lap(u) = f on a 64x64 grid, 1 row per WI */
/* --------------------------------------------------------------------- */
#define IDX(r, c) ((r) * NX + (c))

__kernel void jacobi_sweep_2d(__global float *out, __global const uint *in)
{
    const int r = get_global_id(0);
    const real_t h2 = 1.0f / (real_t)((NX - 1) * (NX - 1));

    for (int c = 0; c < NX; c++) {
        real_t u = word_as_real(in, IDX(r, c)) * 0.25f;
        real_t res;
        if (r == 0 || r == NY - 1 || c == 0 || c == NX - 1) {
            res = u;                      /* Dirichlet boundary kept */
        } else {
            real_t n = word_as_real(in, IDX(r - 1, c)) * 0.25f;
            real_t s = word_as_real(in, IDX(r + 1, c)) * 0.25f;
            real_t w = word_as_real(in, IDX(r, c - 1)) * 0.25f;
            real_t e = word_as_real(in, IDX(r, c + 1)) * 0.25f;
            real_t f = (real_t)((in[IDX(r, c) ^ 1] & 0xffu)) * (1.0f / 255.0f);
            res = 0.25f * (n + s + w + e + h2 * f);
        }
        out[IDX(r, c)] = res;
    }
}

/* --------------------------------------------------------------------- */
/* Red-black SOR on a 16x16 tile per work-group, residual by fixed tree   */
/* --------------------------------------------------------------------- */
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void redblack_sor(__global float *out, __global const uint *in)
{
    __local real_t u[WG + 2][WG + 2];
    __local real_t partial[WG];

    const int row = get_local_id(0) + 1;
    const int g = get_group_id(0);
    const uint base = (uint)g * 1024u;

    /* zero boundary + interior initial guess */
    for (int c = 0; c < WG + 2; c++)
        u[row][c] = 0.0f;
    if (row == 1)
        for (int c = 0; c < WG + 2; c++) { u[0][c] = 1.0f; u[WG + 1][c] = 0.0f; }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int c = 1; c <= WG; c++)
        u[row][c] = word_as_real(in, base + (row - 1) * WG + (c - 1)) * 0.01f;
    barrier(CLK_LOCAL_MEM_FENCE);

    for (int sweep = 0; sweep < SWEEPS; sweep++) {
        for (int color = 0; color < 2; color++) {
            for (int c = 1 + ((row + color) & 1); c <= WG; c += 2) {
                real_t gs = 0.25f * (u[row - 1][c] + u[row + 1][c] + u[row][c - 1] + u[row][c + 1]);
                u[row][c] = (1.0f - OMEGA) * u[row][c] + OMEGA * gs;
            }
            barrier(CLK_LOCAL_MEM_FENCE);
        }
    }

    real_t rsq = 0.0f;
    for (int c = 1; c <= WG; c++) {
        real_t r = u[row - 1][c] + u[row + 1][c] + u[row][c - 1] + u[row][c + 1] - 4.0f * u[row][c];
        rsq += r * r;
    }
    partial[row - 1] = rsq;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = WG / 2; s > 0; s >>= 1) {
        if (row - 1 < s)
            partial[row - 1] += partial[row - 1 + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    const int gid = get_global_id(0);
    for (int c = 1; c <= WG; c++)
        out[gid * WG + (c - 1)] = u[row][c];
    if (row == 1)
        out[1024 + g] = sqrt(partial[0]);
}
