// oclc-flags: -cl-std=CL1.2
// Rodinia hotspot: a 2-D thermal stencil with pyramid-style temporal blocking
// over 16x16 local tiles with halo; each work-item owns one tile column and
// the group advances PYRAMID_HEIGHT time steps between barriers.

#define BLOCK_SIZE 16
#define PYRAMID_HEIGHT 2                       /* "iteration" */
#define EXPAND_RATE 2
#define SMALL_BLOCK (BLOCK_SIZE - PYRAMID_HEIGHT * EXPAND_RATE)
#define BLOCKS_X 2                             /* 2x2 tiles -> 4 work-groups */
#define GRID_COLS (SMALL_BLOCK * BLOCKS_X)     /* 24 */
#define GRID_ROWS (SMALL_BLOCK * BLOCKS_X)
#define BORDER_COLS (PYRAMID_HEIGHT * EXPAND_RATE / 2)
#define BORDER_ROWS (PYRAMID_HEIGHT * EXPAND_RATE / 2)
#define POWER_OFFSET (GRID_COLS * GRID_ROWS)

/* chip parameters (Rodinia hotspot.c) */
#define MAX_PD       (3.0e6f)
#define PRECISION    0.001f
#define SPEC_HEAT_SI 1.75e6f
#define K_SI         100.0f
#define FACTOR_CHIP  0.5f
#define T_CHIP       0.0005f
#define CHIP_HEIGHT  0.016f
#define CHIP_WIDTH   0.016f
#define AMB_TEMP     80.0f

#define IN_RANGE(x, min, max) ((x) >= (min) && (x) <= (max))
#define CLAMP_RANGE(x, min, max) x = (x < (min)) ? min : ((x > (max)) ? max : x)
#define MIN(a, b) ((a) <= (b) ? (a) : (b))

inline float sanitize(uint bits)
{
    float x = as_float(bits);
    return isfinite(x) ? clamp(x, -100.0f, 100.0f) : 0.0f;
}

__kernel __attribute__((reqd_work_group_size(BLOCK_SIZE, 1, 1)))
void hotspot(__global float *out, __global const uint *in)
{
    local float temp_on_cuda[BLOCK_SIZE][BLOCK_SIZE];
    local float power_on_cuda[BLOCK_SIZE][BLOCK_SIZE];
    local float temp_t[BLOCK_SIZE][BLOCK_SIZE]; // saving temporary temperature result

    const int iteration = PYRAMID_HEIGHT;
    const int grid_cols = GRID_COLS, grid_rows = GRID_ROWS;
    const int border_cols = BORDER_COLS, border_rows = BORDER_ROWS;

    float grid_height = CHIP_HEIGHT / grid_rows;
    float grid_width = CHIP_WIDTH / grid_cols;
    float Cap = FACTOR_CHIP * SPEC_HEAT_SI * T_CHIP * grid_width * grid_height;
    float Rx = grid_width / (2.0f * K_SI * T_CHIP * grid_height);
    float Ry = grid_height / (2.0f * K_SI * T_CHIP * grid_width);
    float Rz = T_CHIP / (K_SI * grid_height * grid_width);
    float max_slope = MAX_PD / (FACTOR_CHIP * T_CHIP * SPEC_HEAT_SI);
    float step = PRECISION / max_slope;

    float amb_temp = AMB_TEMP;
    float step_div_Cap = step / Cap;
    float Rx_1 = 1 / Rx;
    float Ry_1 = 1 / Ry;
    float Rz_1 = 1 / Rz;

    int bx = get_group_id(0) % BLOCKS_X;
    int by = get_group_id(0) / BLOCKS_X;
    int tx = get_local_id(0);

    int small_block_rows = BLOCK_SIZE - iteration * 2; //EXPAND_RATE
    int small_block_cols = BLOCK_SIZE - iteration * 2; //EXPAND_RATE

    int blkY = small_block_rows * by - border_rows;
    int blkX = small_block_cols * bx - border_cols;
    int blkYmax = blkY + BLOCK_SIZE - 1;
    int blkXmax = blkX + BLOCK_SIZE - 1;

    int xidx = blkX + tx;

    /* each work-item loads one column of the tile */
    for (int ty = 0; ty < BLOCK_SIZE; ty++) {
        int yidx = blkY + ty;
        if (IN_RANGE(yidx, 0, grid_rows - 1) && IN_RANGE(xidx, 0, grid_cols - 1)) {
            int index = grid_cols * yidx + xidx;
            temp_on_cuda[ty][tx] = 323.0f + sanitize(in[index]);
            power_on_cuda[ty][tx] = 0.005f * fabs(sanitize(in[POWER_OFFSET + index]));
        } else {
            temp_on_cuda[ty][tx] = 0.0f;
            power_on_cuda[ty][tx] = 0.0f;
        }
        temp_t[ty][tx] = 0.0f;
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    int validYmin = (blkY < 0) ? -blkY : 0;
    int validYmax = (blkYmax > grid_rows - 1) ? BLOCK_SIZE - 1 - (blkYmax - grid_rows + 1) : BLOCK_SIZE - 1;
    int validXmin = (blkX < 0) ? -blkX : 0;
    int validXmax = (blkXmax > grid_cols - 1) ? BLOCK_SIZE - 1 - (blkXmax - grid_cols + 1) : BLOCK_SIZE - 1;

    int W = tx - 1;
    int E = tx + 1;
    W = (W < validXmin) ? validXmin : W;
    E = (E > validXmax) ? validXmax : E;

    uint computed = 0u;   /* one bit per tile row */
    for (int i = 0; i < iteration; i++) {
        computed = 0u;
        for (int ty = 0; ty < BLOCK_SIZE; ty++) {
            int N = ty - 1;
            int S = ty + 1;
            N = (N < validYmin) ? validYmin : N;
            S = (S > validYmax) ? validYmax : S;
            if (IN_RANGE(tx, i + 1, BLOCK_SIZE - i - 2) &&
                IN_RANGE(ty, i + 1, BLOCK_SIZE - i - 2) &&
                IN_RANGE(tx, validXmin, validXmax) &&
                IN_RANGE(ty, validYmin, validYmax)) {
                computed |= 1u << ty;
                temp_t[ty][tx] = temp_on_cuda[ty][tx] + step_div_Cap * (power_on_cuda[ty][tx] +
                                 (temp_on_cuda[S][tx] + temp_on_cuda[N][tx] - 2.0f * temp_on_cuda[ty][tx]) * Ry_1 +
                                 (temp_on_cuda[ty][E] + temp_on_cuda[ty][W] - 2.0f * temp_on_cuda[ty][tx]) * Rx_1 +
                                 (amb_temp - temp_on_cuda[ty][tx]) * Rz_1);
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);

        if (i == iteration - 1)
            break;
        for (int ty = 0; ty < BLOCK_SIZE; ty++)
            if (computed & (1u << ty)) //Assign the computation range
                temp_on_cuda[ty][tx] = temp_t[ty][tx];

        barrier(CLK_LOCAL_MEM_FENCE);
    }

    /* after the last iteration only the small block is written back */
    for (int ty = 0; ty < BLOCK_SIZE; ty++) {
        int yidx = blkY + ty;
        if ((computed & (1u << ty)) && IN_RANGE(yidx, 0, grid_rows - 1) && IN_RANGE(xidx, 0, grid_cols - 1)) {
            out[grid_cols * yidx + xidx] = temp_t[ty][tx];
        }
    }
}
