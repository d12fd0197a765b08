// oclc-flags: -cl-std=CL1.2
// 64-bit counters with cl_khr_int64_base_atomics as in GPU packet/byte
// accounting and storage-deduplication tools: atom_add/atom_sub/atom_inc/
// atom_dec on global and local long counters past 2^32, atom_xchg flags,
// and atom_cmpxchg loops for 64-bit max/min and a wrapping odd product.
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable

#define WG         16
#define N_FLOWS    8
#define BIG_UNIT   0x100000000L        /* 2^32: forces carries into the high word */

typedef long  i64;
typedef ulong u64;

typedef struct {
    u64 bytes;
    u64 packets;
} flow_ctr_t;

static inline u64 word64(global const uint *w)
{
    return upsample(w[1], w[0]);
}

/* 64-bit max through compare-and-swap: the final value is the maximum */
static inline void atom_max_u64(volatile global ulong *p, u64 v)
{
    u64 old = *p;
    while (old < v) {
        u64 seen = atom_cmpxchg(p, old, v);
        if (seen == old)
            break;
        old = seen;
    }
}

static inline void atom_min_i64_local(volatile local long *p, i64 v)
{
    i64 old = *p;
    while (v < old) {
        i64 seen = atom_cmpxchg(p, old, v);
        if (seen == old)
            break;
        old = seen;
    }
}

/* multiply into *p, which holds the product XOR 1 so that a zeroed buffer
 * reads as the identity; odd factors commute, so the final value does not
 * depend on the order */
static inline void atom_mul_u64(volatile global ulong *p, u64 f)
{
    u64 old = *p, seen;
    for (;;) {
        seen = atom_cmpxchg(p, old, ((old ^ 1ul) * f) ^ 1ul);
        if (seen == old)
            break;
        old = seen;
    }
}

kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void flow_bytes64(global ulong *out, global const uint *in)
{
    local long byte_budget;
    local long min_delta;
    local ulong pkt_count;
    local ulong remaining;
    const int lid = get_local_id(0);
    const int gid = get_global_id(0);
    if (lid == 0) {
        byte_budget = 0x7000000000000000L;
        min_delta = LONG_MAX;
        pkt_count = 0;
        remaining = 8 * WG;
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    volatile global ulong *flows = out;                  /* [N_FLOWS][2] */
    volatile global ulong *totals = out + 2 * N_FLOWS;
    for (int k = 0; k < 8; ++k) {
        global const uint *w = in + (gid * 8 + k) * 4;
        const u64 v = word64(w);
        const uint flow = w[2] & (N_FLOWS - 1);
        /* a jumbo frame counts as a multiple of 4 GiB to exercise the carry */
        const u64 bytes = (u64)(w[3] & 0xffffu) + ((w[2] & 0x100u) ? (u64)BIG_UNIT : 0ul);
        atom_add(&flows[2 * flow], bytes);
        atom_inc(&flows[2 * flow + 1]);
        atom_sub(&byte_budget, (i64)bytes);
        atom_add(&pkt_count, 1ul);
        atom_dec(&remaining);
        atom_max_u64(&totals[0], v);
        atom_min_i64_local(&min_delta, (i64)v);
        atom_mul_u64(&totals[1], (v | 1ul) & 0xffffull);
        if (v == 0ul)
            atom_xchg(&totals[2], 0xfeedfacecafebeefUL);   /* same value from anyone */
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0) {
        global ulong *g = out + 32 + 4 * get_group_id(0);
        g[0] = (ulong)byte_budget;
        g[1] = (ulong)min_delta;
        g[2] = pkt_count;
        g[3] = remaining | 0xa000000000000000UL;
        atom_add(&totals[3], pkt_count);
    }
}

/* content-addressed block store: 64-bit reference counts per hash bucket,
 * increments for new references, decrements for released ones */
#define BUCKETS 16

kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void dedup_refcounts(global long *out, global const uint *in)
{
    local long refs[BUCKETS];
    local long logical_bytes;
    local long dirty;
    const int lid = get_local_id(0);
    const int gid = get_global_id(0);
    refs[lid & (BUCKETS - 1)] = 0;
    if (lid == 0) {
        logical_bytes = 0;
        dirty = 0;
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    for (int k = 0; k < 12; ++k) {
        global const uint *w = in + 1024 + (gid * 12 + k) * 2;
        const uint h = (w[0] * 0x9e3779b1u) >> 28;          /* bucket */
        const uint op = w[1] & 3u;
        if (op == 0u) {
            atom_dec(&refs[h]);                             /* release */
        } else {
            atom_inc(&refs[h]);                             /* new reference */
            atom_add(&logical_bytes, (long)(w[1] >> 2) << 12); /* up to 2^42 */
        }
        if (op == 3u)
            atom_xchg(&dirty, 1L);
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    volatile global long *g = out;
    atom_add(&g[lid & (BUCKETS - 1)], refs[lid]);
    if (lid == 0) {
        atom_add(&g[BUCKETS], logical_bytes);
        atom_sub(&g[BUCKETS + 1], logical_bytes >> 8);
        atom_add(&g[BUCKETS + 2], dirty);
        /* global max of the group totals by a CAS loop, from a zero start */
        long old = g[BUCKETS + 3];
        while (old < logical_bytes) {
            long seen = atom_cmpxchg(&g[BUCKETS + 3], old, logical_bytes);
            if (seen == old)
                break;
            old = seen;
        }
        global long *mine = out + 32 + 4 * get_group_id(0);
        mine[0] = logical_bytes;
        mine[1] = dirty;
        mine[2] = refs[0] + refs[BUCKETS - 1];
        mine[3] = (long)BIG_UNIT * (long)(get_group_id(0) + 1);
    }
}
