// oclc-flags: -cl-std=CL2.0
// Lock-free structures on OpenCL 2.0 C11 atomics: a Treiber stack over an index-based
// node pool with an ABA tag packed into the head word (work-group scope, local memory),
// and a bitmap slab allocator using atomic_fetch_or + ctz() at device scope; only
// order-independent aggregates (counts, checksums, final bitmaps) are published.

#define NIL 0xFFFFu
#define PACK(tag, idx) (((uint)(tag) << 16) | ((uint)(idx) & 0xFFFFu))
#define HEAD_IDX(h)    ((uint)((h) & 0xFFFFu))
#define HEAD_TAG(h)    ((uint)((h) >> 16))
#define POOL_SIZE 16

#define SLAB_WORDS 64
#define SLAB_SPREAD 7u               /* 8 start words -> 8 claimants per word */

typedef struct node {
    uint next;
    uint key;
    float4 value;
} node_t;

typedef struct {
    atomic_uint head;     /* tag:idx */
    atomic_uint size;
} lf_stack_t;

void stack_push(local lf_stack_t *s, local node_t *pool, uint idx)
{
    uint old = atomic_load_explicit(&s->head, memory_order_relaxed, memory_scope_work_group);
    uint desired;
    do {
        pool[idx].next = HEAD_IDX(old);
        atomic_work_item_fence(CLK_LOCAL_MEM_FENCE, memory_order_release, memory_scope_work_group);
        desired = PACK(HEAD_TAG(old) + 1u, idx);
    } while (!atomic_compare_exchange_weak_explicit(&s->head, &old, desired,
                                                    memory_order_acq_rel, memory_order_relaxed,
                                                    memory_scope_work_group));
    atomic_fetch_add_explicit(&s->size, 1u, memory_order_relaxed, memory_scope_work_group);
}

uint stack_pop(local lf_stack_t *s, local const node_t *pool)
{
    uint old = atomic_load_explicit(&s->head, memory_order_acquire, memory_scope_work_group);
    for (;;) {
        uint idx = HEAD_IDX(old);
        if (idx == NIL)
            return NIL;
        uint next = pool[idx].next;
        uint desired = PACK(HEAD_TAG(old) + 1u, next);
        if (atomic_compare_exchange_strong_explicit(&s->head, &old, desired,
                                                    memory_order_acq_rel, memory_order_acquire,
                                                    memory_scope_work_group)) {
            atomic_fetch_sub_explicit(&s->size, 1u, memory_order_relaxed, memory_scope_work_group);
            return idx;
        }
    }
}

/* out layout per group g (uint words at g*16): [0] nodes on stack, [1] key sum,
 * [2] key xor, [3] head tag after pushes, [4] popped key sum, [5] final size,
 * [6] final tag, [8..11] float4 value sum bits of the traversal */
kernel void stack_push_drain(global uint *out, global const uint *in)
{
    local lf_stack_t s;
    local node_t pool[POOL_SIZE];
    local atomic_uint popped_sum;

    uint lid = get_local_id(0);
    uint gid = get_global_id(0);
    global uint *res = out + get_group_id(0) * 16;

    if (lid == 0) {
        atomic_init(&s.head, PACK(0u, NIL));
        atomic_init(&s.size, 0u);
        atomic_init(&popped_sum, 0u);
    }
    work_group_barrier(CLK_LOCAL_MEM_FENCE);

    pool[lid].key = in[gid];
    pool[lid].value = (float4)((float)(in[gid] & 0xFFu), (float)lid, 1.0f, 0.5f);
    stack_push(&s, pool, lid);
    work_group_barrier(CLK_LOCAL_MEM_FENCE);

    if (lid == 0) {
        uint h = atomic_load_explicit(&s.head, memory_order_acquire, memory_scope_work_group);
        uint n = 0, sum = 0, x = 0;
        uint cnt[POOL_SIZE];
        for (uint k = 0; k < POOL_SIZE; ++k) cnt[k] = 0;
        for (uint idx = HEAD_IDX(h); idx != NIL && n < POOL_SIZE; idx = pool[idx].next) {
            sum += pool[idx].key;
            x ^= pool[idx].key;
            cnt[idx] = 1;
            ++n;
        }
        /* order-independent value checksum: sum in index order, not list order */
        float4 vs = (float4)(0.0f);
        for (uint k = 0; k < POOL_SIZE; ++k)
            if (cnt[k]) vs += pool[k].value;
        res[0] = n;
        res[1] = sum;
        res[2] = x;
        res[3] = HEAD_TAG(h);
        vstore4(as_uint4(vs), 2, res);
    }
    work_group_barrier(CLK_LOCAL_MEM_FENCE);

    uint idx = stack_pop(&s, pool);
    if (idx != NIL)
        atomic_fetch_add_explicit(&popped_sum, pool[idx].key, memory_order_relaxed, memory_scope_work_group);
    work_group_barrier(CLK_LOCAL_MEM_FENCE);

    if (lid == 0) {
        res[4] = atomic_load_explicit(&popped_sum, memory_order_relaxed, memory_scope_work_group);
        res[5] = atomic_load_explicit(&s.size, memory_order_relaxed, memory_scope_work_group);
        res[6] = HEAD_TAG(atomic_load_explicit(&s.head, memory_order_relaxed, memory_scope_work_group));
    }
}

/* ---- bitmap slab allocator ------------------------------------------- */

/* out layout: [0..SLAB_WORDS) bitmap, [64] handle sum, [65] failures, [66] claims */
kernel void slab_alloc(global uint *out, global const uint *in)
{
    global atomic_uint *bitmap = (global atomic_uint *)out;
    global atomic_uint *stats = (global atomic_uint *)(out + SLAB_WORDS);
    const uint nreq = get_global_size(0);
    const uint hint_seed = in[0];

    local atomic_uint lfails;
    if (get_local_id(0) == 0)
        atomic_init(&lfails, 0u);
    work_group_barrier(CLK_LOCAL_MEM_FENCE);

    uint gid = get_global_id(0);
    uint h = 0xFFFFFFFFu;
    if (gid < nreq) {
        uint w = ((gid * 2654435761u) ^ hint_seed) & SLAB_SPREAD;
        for (uint tries = 0; tries < SLAB_WORDS && h == 0xFFFFFFFFu; ++tries, w = (w + 1) & (SLAB_WORDS - 1)) {
            uint cur = atomic_load_explicit(&bitmap[w], memory_order_relaxed, memory_scope_device);
            while (cur != 0xFFFFFFFFu) {
                uint bit = ctz(~cur);
                uint prev = atomic_fetch_or_explicit(&bitmap[w], 1u << bit,
                                                     memory_order_acq_rel, memory_scope_device);
                if (!(prev & (1u << bit))) {
                    h = w * 32u + bit;
                    break;
                }
                cur = prev | (1u << bit);
            }
        }
        if (h == 0xFFFFFFFFu)
            atomic_fetch_add_explicit(&lfails, 1u, memory_order_relaxed, memory_scope_work_group);
        else
            atomic_fetch_add_explicit(&stats[0], h, memory_order_relaxed, memory_scope_device);
        atomic_fetch_add_explicit(&stats[2], 1u, memory_order_relaxed, memory_scope_device);
    }
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0)
        atomic_fetch_add_explicit(&stats[1],
                                  atomic_load_explicit(&lfails, memory_order_relaxed, memory_scope_work_group),
                                  memory_order_relaxed, memory_scope_device);
}

kernel void slab_free(global uint *out, global const uint *in)
{
    /* bitmap starts fully allocated (copied from the input), handles free bits */
    global atomic_uint *bitmap = (global atomic_uint *)out;
    const uint n = 1024;
    for (uint w = get_global_id(0); w < SLAB_WORDS; w += get_global_size(0))
        atomic_store_explicit(&bitmap[w], in[w] | 0x80000001u, memory_order_relaxed, memory_scope_device);
    barrier(CLK_GLOBAL_MEM_FENCE);   /* only orders this group's own stores */
    for (uint i = get_global_id(0); i < n; i += get_global_size(0)) {
        uint h = in[SLAB_WORDS + i];
        if (h == 0xFFFFFFFFu)
            continue;
        h &= SLAB_WORDS * 32u - 1u;
        /* a word is only touched by the work-group that initialised it */
        if ((h >> 5) / get_local_size(0) == get_group_id(0)) {
            atomic_fetch_and_explicit(&bitmap[h >> 5], ~(1u << (h & 31u)),
                                      memory_order_release, memory_scope_device);
        }
    }
}
