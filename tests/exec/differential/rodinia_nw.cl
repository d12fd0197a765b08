// oclc-flags: -cl-std=CL1.2
// Rodinia Needleman-Wunsch: diagonal-wavefront dynamic programming over a
// BLOCK_SIZE tile held in local memory (17x17 score tile + 16x16 reference),
// batched so each work-group aligns its own pair of sequences.

#define BLOCK_SIZE 16
#define TILE_DIM (BLOCK_SIZE + 1)
#define TILE_WORDS (TILE_DIM * TILE_DIM)          /* 289 */
#define NUM_PROBLEMS 4
#define REF_OFFSET (NUM_PROBLEMS * TILE_WORDS)     /* 1156 */
#define PENALTY 10

int maximum(int a, int b, int c)
{
    int k;
    if (a <= b)
        k = b;
    else
        k = a;
    if (k <= c)
        return (c);
    else
        return (k);
}

/* BLOSUM-like substitution score in [-10, 10] */
inline int ref_score(uint w)
{
    return (int)(w % 21u) - 10;
}

/* initial scores: row/column 0 carry the gap penalties, interior is seeded */
inline int item_score(uint w)
{
    return (int)(w & 1023u) - 512;
}

__kernel __attribute__((reqd_work_group_size(BLOCK_SIZE, 1, 1)))
void nw_kernel1(__global int *out, __global const uint *in)
{
    __local int input_itemsets_l[TILE_WORDS];
    __local int reference_l[BLOCK_SIZE * BLOCK_SIZE];

    const int cols = TILE_DIM;
    const int penalty = PENALTY;
    const int blk = 1;

    // Block index
    int bx = 0;
    // Thread index
    int tx = get_local_id(0);

    // Base elements: one independent alignment problem per work-group
    int base = get_group_id(0) * TILE_WORDS;
    int ref_base = REF_OFFSET + get_group_id(0) * BLOCK_SIZE * BLOCK_SIZE;

    int b_index_x = bx;
    int b_index_y = blk - 1 - bx;

    int index    = base + cols * BLOCK_SIZE * b_index_y + BLOCK_SIZE * b_index_x + tx + (cols + 1);
    int index_n  = base + cols * BLOCK_SIZE * b_index_y + BLOCK_SIZE * b_index_x + tx + (1);
    int index_w  = base + cols * BLOCK_SIZE * b_index_y + BLOCK_SIZE * b_index_x + (cols);
    int index_nw = base + cols * BLOCK_SIZE * b_index_y + BLOCK_SIZE * b_index_x;

    if (tx == 0)
        input_itemsets_l[tx * (BLOCK_SIZE + 1)] = item_score(in[index_nw]);

    for (int ty = 0; ty < BLOCK_SIZE; ty++)
        reference_l[tx + ty * BLOCK_SIZE] = ref_score(in[ref_base + tx + ty * BLOCK_SIZE]);

    barrier(CLK_LOCAL_MEM_FENCE);

    input_itemsets_l[(tx + 1) * (BLOCK_SIZE + 1)] = -penalty * (tx + 1) + item_score(in[index_w + cols * tx]) / 64;

    barrier(CLK_LOCAL_MEM_FENCE);

    input_itemsets_l[(tx + 1)] = -penalty * (tx + 1) + item_score(in[index_n]) / 64;

    barrier(CLK_LOCAL_MEM_FENCE);

    for (int m = 0; m < BLOCK_SIZE; m++) {
        if (tx <= m) {
            int t_index_x = tx + 1;
            int t_index_y = m - tx + 1;

            input_itemsets_l[t_index_y * (BLOCK_SIZE + 1) + t_index_x] = maximum(
                input_itemsets_l[(t_index_y - 1) * (BLOCK_SIZE + 1) + t_index_x - 1] + reference_l[(t_index_y - 1) * BLOCK_SIZE + t_index_x - 1],
                input_itemsets_l[t_index_y * (BLOCK_SIZE + 1) + t_index_x - 1] - (penalty),
                input_itemsets_l[(t_index_y - 1) * (BLOCK_SIZE + 1) + t_index_x] - (penalty));
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    for (int m = BLOCK_SIZE - 2; m >= 0; m--) {
        if (tx <= m) {
            int t_index_x = tx + BLOCK_SIZE - m;
            int t_index_y = BLOCK_SIZE - tx;

            input_itemsets_l[t_index_y * (BLOCK_SIZE + 1) + t_index_x] = maximum(
                input_itemsets_l[(t_index_y - 1) * (BLOCK_SIZE + 1) + t_index_x - 1] + reference_l[(t_index_y - 1) * BLOCK_SIZE + t_index_x - 1],
                input_itemsets_l[t_index_y * (BLOCK_SIZE + 1) + t_index_x - 1] - (penalty),
                input_itemsets_l[(t_index_y - 1) * (BLOCK_SIZE + 1) + t_index_x] - (penalty));
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    for (int ty = 0; ty < BLOCK_SIZE; ty++)
        out[index + cols * ty] = input_itemsets_l[(ty + 1) * (BLOCK_SIZE + 1) + tx + 1];

    /* boundary row/column are copied through so the tile is complete */
    out[index_n] = input_itemsets_l[tx + 1];
    out[index_w + cols * tx] = input_itemsets_l[(tx + 1) * (BLOCK_SIZE + 1)];
    if (tx == 0)
        out[index_nw] = input_itemsets_l[0];
}
