// oclc-flags: -cl-std=CL2.0
// Analytics primitives: blocked Bloom filter build (atomic_or into 512-bit
// blocks, mul_hi range reduction) and probe, uint16 popcount fill ratio with
// work_group_reduce_add, enum-driven selection predicates and stable stream
// compaction via work_group_scan_exclusive_add / work_group_broadcast.

#define BLOOM_BLOCK_BITS 512               /* one cache line */
#define BLOOM_WORDS_PER_BLOCK (BLOOM_BLOCK_BITS / 32)
#define NUM_HASHES 4
#define NUM_BLOCKS 64                      /* 64 * 16 words = 1024-word filter */
#define N_KEYS 4096

typedef enum { OP_LT, OP_LE, OP_EQ, OP_NE, OP_GE, OP_GT, OP_BETWEEN } cmp_op;

typedef struct {
    cmp_op op;
    int lo;
    int hi;
} predicate_t;

static inline uint2 hash2(uint key)
{
    uint h1 = key * 0x9E3779B1u;
    uint h2 = (key ^ (key >> 15)) * 0x85EBCA77u;
    h2 = rotate(h2, 13u) | 1u;    /* odd => full period step */
    return (uint2)(h1, h2);
}

kernel void bloom_insert(global uint *restrict out, global const uint *restrict in)
{
    const uint n = N_KEYS / 2;
    const uint num_blocks = NUM_BLOCKS;
    global volatile uint *filter = out;
    for (uint i = get_global_id(0); i < n; i += get_global_size(0)) {
        uint2 h = hash2(in[i]);
        uint block = mul_hi(h.x, num_blocks);          /* fast range reduction */
        global volatile uint *blk = filter + block * BLOOM_WORDS_PER_BLOCK;
        #pragma unroll
        for (uint k = 0; k < NUM_HASHES; ++k) {
            uint bit = (h.y + k * (h.x >> 9)) & (BLOOM_BLOCK_BITS - 1);
            atomic_or(&blk[bit >> 5], 1u << (bit & 31u));
        }
    }
}

/* probe keys [2048, 4096) against a filter image held in in[0..1024) */
kernel void bloom_probe(global uchar *restrict out, global const uint *restrict in)
{
    const uint num_blocks = NUM_BLOCKS;
    global const uint *filter = in;
    global const uint *keys = in + N_KEYS / 2;
    for (uint i = get_global_id(0); i < N_KEYS / 2; i += get_global_size(0)) {
        uint2 h = hash2(keys[i]);
        uint block = mul_hi(h.x, num_blocks);
        global const uint *blk = filter + block * BLOOM_WORDS_PER_BLOCK;
        bool hit = true;
        #pragma unroll
        for (uint k = 0; k < NUM_HASHES; ++k) {
            uint bit = (h.y + k * (h.x >> 9)) & (BLOOM_BLOCK_BITS - 1);
            hit &= (blk[bit >> 5] >> (bit & 31u)) & 1u;
        }
        out[i] = hit ? 0xA5 : 0x01;
    }
}

/* fill ratio, for sizing decisions on the host */
kernel void bloom_popcount(global uint *restrict out, global const uint16 *restrict in)
{
    const uint nvec = 256;
    uint c = 0;
    for (uint i = get_global_id(0); i < nvec; i += get_global_size(0)) {
        uint16 v = popcount(in[i]);
        uint8 a = v.lo + v.hi;
        uint4 b = a.lo + a.hi;
        uint2 d = b.even + b.odd;
        c += d.x + d.y;
    }
    c = work_group_reduce_add(c);
    if (get_local_id(0) == 0) {
        atomic_add(out, c);
        out[1 + get_group_id(0)] = c;
    }
}

static inline bool eval_pred(int v, const predicate_t p)
{
    switch (p.op) {
    case OP_LT: return v <  p.lo;
    case OP_LE: return v <= p.lo;
    case OP_EQ: return v == p.lo;
    case OP_NE: return v != p.lo;
    case OP_GE: return v >= p.lo;
    case OP_GT: return v >  p.lo;
    case OP_BETWEEN: return v >= p.lo && v <= p.hi;
    }
    return false;
}

/* query plan table: predicate operator per plan slot */
__constant int plan_ops[8] = { OP_LT, OP_LE, OP_EQ, OP_NE, OP_GE, OP_GT, OP_BETWEEN, OP_GE };

static inline predicate_t make_pred(uint sel)
{
    predicate_t p;
    p.op = (cmp_op)plan_ops[sel & 7u];
    p.lo = 250;
    p.hi = 750;
    return p;
}

/* pass 1: per-group count of qualifying rows (predicate chosen per group) */
kernel void select_count(global uint *restrict out, global const int *restrict in)
{
    const uint n = N_KEYS;
    const predicate_t pred = make_pred(get_group_id(0) + 3u);
    uint flag = 0;
    for (uint i = get_local_id(0); i < n; i += get_local_size(0))
        flag += eval_pred(in[i], pred) ? 1u : 0u;
    uint total = work_group_reduce_add(flag);
    if (get_local_id(0) == 0)
        out[get_group_id(0)] = total;
}

/* pass 2: exclusive scan of per-chunk counts, every group scans its own table */
kernel void scan_group_counts(global uint *restrict out, global const uint *restrict in)
{
    const uint ngroups = 256;
    global const uint *counts = in + get_group_id(0) * ngroups;
    global uint *dst = out + get_group_id(0) * ngroups;
    uint carry = 0;
    for (uint base = 0; base < ngroups; base += get_local_size(0)) {
        uint idx = base + get_local_id(0);
        uint v = idx < ngroups ? (counts[idx] & 0xFFFFu) : 0u;
        uint ex = work_group_scan_exclusive_add(v);
        uint tot = work_group_broadcast(ex + v, get_local_size(0) - 1);
        if (idx < ngroups)
            dst[idx] = carry + ex;
        carry += tot;
    }
}

/* pass 3: stable scatter of row ids; the group offset is recomputed in-kernel */
kernel void select_scatter(global uint *restrict out, global const int *restrict in)
{
    const uint n = 1024;
    const predicate_t pred = make_pred(6u);       /* BETWEEN */
    uint offset = 0;
    for (uint g = 0; g < get_group_id(0); ++g) {
        const uint i = g * get_local_size(0) * 16u;
        uint cnt = 0;
        for (uint k = get_local_id(0); k < get_local_size(0) * 16u; k += get_local_size(0))
            cnt += (i + k < n && eval_pred(in[i + k], pred)) ? 1u : 0u;
        offset += work_group_reduce_add(cnt);
    }
    const uint chunk = get_group_id(0) * get_local_size(0) * 16u;
    for (uint k = 0; k < 16u; ++k) {
        const uint i = chunk + k * get_local_size(0) + get_local_id(0);
        uint flag = (i < n && eval_pred(in[i], pred)) ? 1u : 0u;
        uint pos = work_group_scan_exclusive_add(flag);
        if (flag)
            out[offset + pos] = i + 1u;
        offset += work_group_reduce_add(flag);
    }
}
