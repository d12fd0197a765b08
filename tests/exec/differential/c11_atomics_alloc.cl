// oclc-flags: -cl-std=CL2.0
// OpenCL 2.0 C11-style atomics: a lock-free bump allocator and a clz-driven
// bitmap slot allocator on global atomic_uint, a float max via
// compare-exchange loops at work-group and device scope, and a 64-bin
// histogram of upsample()d 16-bit samples with work-group-scope local atomics.

#define WORDS_PER_GROUP 32
#define BITMAP_WORDS    8            /* 64 claimants -> 8 per word, never full */
#define ARENA_CAPACITY  (1u << 24)
#define ALLOC_SIZE_MASK 1023u

/* layout of `out` for alloc_slots (in uint words) */
#define OUT_ARENA   0
#define OUT_BITMAP  16
#define OUT_SLOTSUM 32
#define OUT_ROUNDED 64

typedef struct {
    atomic_uint head;
    atomic_uint failed;
} bump_alloc_t;

inline uint bump_alloc(global bump_alloc_t *a, uint bytes)
{
    uint off = atomic_fetch_add_explicit(&a->head, bytes, memory_order_relaxed, memory_scope_device);
    if (off + bytes > ARENA_CAPACITY) {
        atomic_fetch_add_explicit(&a->failed, 1u, memory_order_relaxed, memory_scope_device);
        return 0xffffffffu;
    }
    return off;
}

/* bitmap allocator: find a free bit with clz, claim it with fetch_or */
inline int bitmap_claim(global atomic_uint *words, uint nwords, uint start)
{
    for (uint i = 0; i < nwords; i++) {
        uint w = (start + i) % nwords;
        uint cur = atomic_load_explicit(&words[w], memory_order_relaxed, memory_scope_device);
        while (cur != 0xffffffffu) {
            uint freeMask = ~cur;
            uint bit = 31u - clz(freeMask);
            uint prev = atomic_fetch_or_explicit(&words[w], 1u << bit,
                                                 memory_order_acq_rel, memory_scope_device);
            if (!(prev & (1u << bit)))
                return (int)(w * 32u + bit);
            cur = prev | (1u << bit);
        }
    }
    return -1;
}

/* offsets/slot ids depend on scheduling, so only order-independent
 * aggregates (arena head, bitmap, sum of claimed slots) are published */
kernel void alloc_slots(global uint *out, global const uint *in)
{
    size_t gid = get_global_id(0);
    global bump_alloc_t *arena = (global bump_alloc_t *)(out + OUT_ARENA);
    global atomic_uint *bitmap = (global atomic_uint *)(out + OUT_BITMAP);
    global atomic_uint *slotsum = (global atomic_uint *)(out + OUT_SLOTSUM);

    uint bytes = ((in[gid] & ALLOC_SIZE_MASK) + 15u) & ~15u;
    uint off = bump_alloc(arena, bytes);
    int slot = bitmap_claim(bitmap, BITMAP_WORDS, (uint)gid);
    if (slot >= 0)
        atomic_fetch_add_explicit(slotsum, (uint)slot, memory_order_relaxed, memory_scope_device);
    atomic_fetch_or_explicit(slotsum + 1, (off == 0xffffffffu) ? 1u : 2u,
                             memory_order_relaxed, memory_scope_device);
    out[OUT_ROUNDED + gid] = bytes;
}

kernel void count_used(global uint *out, global const uint *in)
{
    size_t i = get_global_id(0);
    global atomic_uint *used = (global atomic_uint *)out;
    const uint nwords = 4096u;
    for (size_t w = i; w < nwords; w += get_global_size(0))
        atomic_fetch_add_explicit(used, popcount(in[w]), memory_order_relaxed, memory_scope_device);
    out[1 + i] = popcount(in[i]);
}

inline void atomic_max_float(volatile global atomic_uint *addr, float v)
{
    uint old = atomic_load_explicit(addr, memory_order_relaxed, memory_scope_device);
    while (as_float(old) < v &&
           !atomic_compare_exchange_weak_explicit(addr, &old, as_uint(v),
                                                  memory_order_relaxed, memory_order_relaxed,
                                                  memory_scope_device))
        ;
}

kernel void max_reduce(global float *out, global const float *in)
{
    local atomic_uint lmax;
    if (get_local_id(0) == 0)
        atomic_init(&lmax, as_uint(-INFINITY));
    work_group_barrier(CLK_LOCAL_MEM_FENCE);

    const uint n = 4096u;
    for (size_t i = get_global_id(0); i < n; i += get_global_size(0)) {
        float v = in[i];
        v = isfinite(v) ? v + 0.0f : 0.0f;      /* drop NaN/inf, fold -0 into +0 */
        uint old = atomic_load_explicit(&lmax, memory_order_relaxed, memory_scope_work_group);
        while (as_float(old) < v &&
               !atomic_compare_exchange_strong_explicit(&lmax, &old, as_uint(v),
                                                        memory_order_relaxed, memory_order_relaxed,
                                                        memory_scope_work_group))
            ;
    }
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0) {
        float m = as_float(atomic_load(&lmax));
        out[1 + get_group_id(0)] = m;
        atomic_max_float((volatile global atomic_uint *)out, m);
    }
}

/* 64-bin histogram of 16-bit samples packed via upsample() */
kernel void hist64(global uint *out, global const uchar *in)
{
    const uint n = 8192u;
    global const uchar *hi = in;
    global const uchar *lo = in + n;
    global atomic_uint *hist = (global atomic_uint *)out;

    local atomic_uint lh[64];
    for (uint b = get_local_id(0); b < 64; b += get_local_size(0))
        atomic_store_explicit(&lh[b], 0u, memory_order_relaxed, memory_scope_work_group);
    work_group_barrier(CLK_LOCAL_MEM_FENCE);

    for (size_t i = get_global_id(0); i < n; i += get_global_size(0)) {
        ushort s = upsample(hi[i], lo[i]);
        atomic_fetch_add_explicit(&lh[s >> 10], 1u, memory_order_relaxed, memory_scope_work_group);
    }
    work_group_barrier(CLK_LOCAL_MEM_FENCE);

    for (uint b = get_local_id(0); b < 64; b += get_local_size(0)) {
        uint c = atomic_load_explicit(&lh[b], memory_order_relaxed, memory_scope_work_group);
        if (c)
            atomic_fetch_add_explicit(&hist[b], c, memory_order_relaxed, memory_scope_device);
    }
}
