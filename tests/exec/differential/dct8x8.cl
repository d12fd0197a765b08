// oclc-flags: -cl-std=CL1.2
// AMD SDK DCT: 8x8 forward/inverse Discrete Cosine Transform as two matrix
// products through local memory (Y = A * X * A^T), plus a fixed-size variant
// using float8 rows, vload8 from the __constant basis and dot().

#define BLOCK_DIM 8
#define BLOCK_ELEMS (BLOCK_DIM * BLOCK_DIM)
#define IMG_WIDTH 32                 /* 32x32 image = 16 blocks, 4 per group */
#define BLOCKS_PER_ROW (IMG_WIDTH / BLOCK_DIM)
#define NUM_BLOCKS (BLOCKS_PER_ROW * BLOCKS_PER_ROW)

/* DCT-II basis, row-major, precomputed cos((2j+1) i pi / 16) * c(i) */
__constant float dct8x8[64] = {
    0.353553f,  0.353553f,  0.353553f,  0.353553f,  0.353553f,  0.353553f,  0.353553f,  0.353553f,
    0.490393f,  0.415735f,  0.277785f,  0.097545f, -0.097545f, -0.277785f, -0.415735f, -0.490393f,
    0.461940f,  0.191342f, -0.191342f, -0.461940f, -0.461940f, -0.191342f,  0.191342f,  0.461940f,
    0.415735f, -0.097545f, -0.490393f, -0.277785f,  0.277785f,  0.490393f,  0.097545f, -0.415735f,
    0.353553f, -0.353553f, -0.353553f,  0.353553f,  0.353553f, -0.353553f, -0.353553f,  0.353553f,
    0.277785f, -0.490393f,  0.097545f,  0.415735f, -0.415735f, -0.097545f,  0.490393f, -0.277785f,
    0.191342f, -0.461940f,  0.461940f, -0.191342f, -0.191342f,  0.461940f, -0.461940f,  0.191342f,
    0.097545f, -0.277785f,  0.415735f, -0.490393f,  0.490393f, -0.415735f,  0.277785f, -0.097545f
};

inline float pixel(__global const float *p, uint idx)
{
    float v = p[idx];
    return isfinite(v) ? clamp(v, -255.0f, 255.0f) : 0.0f;
}

inline float8 sanitize8(float8 v)
{
    return select((float8)(0.0f), clamp(v, -255.0f, 255.0f), isfinite(v));
}

uint getIdx(uint blockIdx, uint blockIdy, uint localIdx, uint localIdy,
            uint blockWidth, uint globalWidth)
{
    uint globalIdx = blockIdx * blockWidth + localIdx;
    uint globalIdy = blockIdy * blockWidth + localIdy;
    return (globalIdy * globalWidth + globalIdx);
}

/* one 8x8 block per pass; 16 work-items each own 4 (i,j) coefficients */
void dct_block(__global float *output, __global const float *input, __local float *inter,
               uint groupIdx, uint groupIdy, const uint width, const uint blockWidth,
               const uint inverse)
{
    uint lid = get_local_id(0);

    /* first matrix multiplication: inter = A * X  (or A^T * X for inverse) */
    for (uint e = lid; e < BLOCK_ELEMS; e += get_local_size(0)) {
        uint i = e % BLOCK_DIM, j = e / BLOCK_DIM;
        float acc = 0.0f;
        for (uint k = 0; k < blockWidth; k++) {
            uint index1 = (inverse) ? i * blockWidth + k : k * blockWidth + i;
            uint index2 = getIdx(groupIdx, groupIdy, j, k, blockWidth, width);
            acc += dct8x8[index1] * pixel(input, index2);
        }
        inter[j * blockWidth + i] = acc;
    }

    barrier(CLK_LOCAL_MEM_FENCE);

    /* second: Y = inter * A^T */
    for (uint e = lid; e < BLOCK_ELEMS; e += get_local_size(0)) {
        uint i = e % BLOCK_DIM, j = e / BLOCK_DIM;
        float acc = 0.0f;
        for (uint k = 0; k < blockWidth; k++) {
            uint index1 = i * blockWidth + k;
            uint index2 = (inverse) ? j * blockWidth + k : k * blockWidth + j;
            acc += inter[index1] * dct8x8[index2];
        }
        output[getIdx(groupIdx, groupIdy, i, j, blockWidth, width)] = acc;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
}

__kernel __attribute__((reqd_work_group_size(16, 1, 1)))
void DCT(__global float *out, __global const float *in)
{
    __local float inter[BLOCK_ELEMS];
    for (uint b = get_group_id(0); b < NUM_BLOCKS; b += get_num_groups(0))
        dct_block(out, in, inter, b % BLOCKS_PER_ROW, b / BLOCKS_PER_ROW, IMG_WIDTH, BLOCK_DIM, 0);
}

__kernel __attribute__((reqd_work_group_size(16, 1, 1)))
void IDCT(__global float *out, __global const float *in)
{
    __local float inter[BLOCK_ELEMS];
    for (uint b = get_group_id(0); b < NUM_BLOCKS; b += get_num_groups(0))
        dct_block(out, in, inter, b % BLOCKS_PER_ROW, b / BLOCKS_PER_ROW, IMG_WIDTH, BLOCK_DIM, 1);
}

/* Fixed 8x8 version using the constant table and float8 rows. */
__kernel __attribute__((reqd_work_group_size(16, 1, 1)))
void DCT8x8_const(__global float *out, __global const float *in)
{
    __local float blk[BLOCK_DIM][BLOCK_DIM + 1];
    const uint stride = IMG_WIDTH;

    for (uint b = get_group_id(0); b < NUM_BLOCKS; b += get_num_groups(0)) {
        uint base = (b / BLOCKS_PER_ROW) * BLOCK_DIM * stride + (b % BLOCKS_PER_ROW) * BLOCK_DIM;

        for (uint e = get_local_id(0); e < BLOCK_ELEMS; e += get_local_size(0)) {
            uint lx = e & 7u, ly = e >> 3;
            float8 row = sanitize8(vload8(0, in + base + ly * stride));
            float8 c = vload8(lx, dct8x8);
            float s = dot(row.lo, c.lo) + dot(row.hi, c.hi);
            blk[ly][lx] = s;
        }
        barrier(CLK_LOCAL_MEM_FENCE);

        for (uint e = get_local_id(0); e < BLOCK_ELEMS; e += get_local_size(0)) {
            uint lx = e & 7u, ly = e >> 3;
            float acc = 0.0f;
#pragma unroll
            for (uint k = 0; k < BLOCK_DIM; k++)
                acc = fma(dct8x8[ly * BLOCK_DIM + k], blk[k][lx], acc);
            out[base + ly * stride + lx] = acc;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
}
