// oclc-flags: -cl-std=CL1.2
// GPU hash join: radix-partition histogram with local atomic_inc, an
// open-addressing build with atomic_cmpxchg (murmur3 fmix32 hashing, linear
// probing) and a probe pass with per-group match counting, using a
// work-group-local hash table so build and probe can share one launch.

#define EMPTY_KEY 0xFFFFFFFFu
#define RADIX_BITS 6
#define NUM_PARTITIONS (1 << RADIX_BITS)
#define HASH_BIT_MODULO(K, MASK, NBITS) (((K) & (MASK)) >> (NBITS))

#define N_TUPLES 2048                 /* the input is 2048 (key, payload) pairs */
#define RADIX_SHIFT 4
#define TABLE_SIZE 64                 /* per-group local table, power of two */
#define BUILD_PER_ITEM 2
#define PROBE_PER_ITEM 4
#define KEY_DOMAIN 127u               /* small key domain -> duplicates and hits */

typedef struct {
    uint key;
    uint payload;
} tuple_t;

typedef struct {
    uint capacity_mask;     /* table size - 1, power of two */
    uint max_probes;
    uint out_capacity;
    uint seed;
} join_cfg_t;

static inline uint murmur3_fmix32(uint h)
{
    h ^= h >> 16;
    h *= 0x85ebca6bu;
    h ^= h >> 13;
    h *= 0xc2b2ae35u;
    h ^= h >> 16;
    return h;
}

__kernel void radix_histogram(__global uint *out, __global const uint *in)
{
    __local uint lhist[NUM_PARTITIONS];
    __global const tuple_t *rel = (__global const tuple_t *)in;
    __global uint *hist = out;
    const uint n = N_TUPLES;
    const uint shift = RADIX_SHIFT;

    const uint lid = get_local_id(0);
    for (uint i = lid; i < NUM_PARTITIONS; i += get_local_size(0))
        lhist[i] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);

    for (uint i = get_global_id(0); i < n; i += get_global_size(0)) {
        uint p = HASH_BIT_MODULO(rel[i].key, (NUM_PARTITIONS - 1) << shift, shift);
        atomic_inc(&lhist[p]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    /* layout: hist[partition * numGroups + group] for a later exclusive scan */
    for (uint i = lid; i < NUM_PARTITIONS; i += get_local_size(0))
        hist[i * get_num_groups(0) + get_group_id(0)] = lhist[i];
}

/* Build side: group g inserts tuples [g*32, g*32+32); probe side: tuples
 * from the second half of the input.  Duplicate keys keep the max payload,
 * so the table contents do not depend on insertion order. */
__kernel void build_probe(__global uint2 *out, __global const uint *in)
{
    __local uint table_keys[TABLE_SIZE];
    __local uint table_vals[TABLE_SIZE];
    __local uint lcount;
    __local uint overflow;

    __global const tuple_t *rel = (__global const tuple_t *)in;
    const join_cfg_t cfg = { TABLE_SIZE - 1, TABLE_SIZE, 256, 0x9747b28cu };
    volatile __global uint *out_count = (volatile __global uint *)out;
    __global uint2 *out_pairs = out + 1;

    const uint lid = get_local_id(0);
    const uint lsz = get_local_size(0);
    const uint grp = get_group_id(0);

    for (uint s = lid; s < TABLE_SIZE; s += lsz) {
        table_keys[s] = EMPTY_KEY;
        table_vals[s] = 0;
    }
    if (lid == 0) {
        lcount = 0;
        overflow = 0;
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    /* ---- build ---- */
    for (uint b = 0; b < BUILD_PER_ITEM; ++b) {
        const uint i = grp * lsz * BUILD_PER_ITEM + b * lsz + lid;
        tuple_t t = rel[i];
        t.key &= KEY_DOMAIN;
        uint slot = murmur3_fmix32(t.key ^ cfg.seed) & cfg.capacity_mask;
        uint probe = 0;
        for (; probe < cfg.max_probes; ++probe) {
            uint prev = atomic_cmpxchg(&table_keys[slot], EMPTY_KEY, t.key);
            if (prev == EMPTY_KEY || prev == t.key) {
                atomic_max(&table_vals[slot], t.payload);
                break;
            }
            slot = (slot + 1) & cfg.capacity_mask;
        }
        if (probe == cfg.max_probes)
            atomic_inc(&overflow);
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    /* ---- probe ---- */
    for (uint p = 0; p < PROBE_PER_ITEM; ++p) {
        const uint i = N_TUPLES / 2 + grp * lsz * PROBE_PER_ITEM + p * lsz + lid;
        tuple_t t = rel[i];
        t.key &= KEY_DOMAIN;
        uint2 result = (uint2)(EMPTY_KEY, t.payload);
        uint slot = murmur3_fmix32(t.key ^ cfg.seed) & cfg.capacity_mask;
        for (uint q = 0; q < cfg.max_probes; ++q) {
            uint k = table_keys[slot];
            if (k == t.key) {
                atomic_inc(&lcount);
                result.x = table_vals[slot];
                break;
            }
            if (k == EMPTY_KEY)
                break;
            slot = (slot + 1) & cfg.capacity_mask;
        }
        /* slot-stable output position: one row per probe tuple */
        uint dst = (i - N_TUPLES / 2);
        if (dst < cfg.out_capacity)
            out_pairs[dst] = result;
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    /* one global atomic per group */
    if (lid == 0) {
        atomic_add(out_count, lcount);
        atomic_add(out_count + 1, overflow);
    }
}
