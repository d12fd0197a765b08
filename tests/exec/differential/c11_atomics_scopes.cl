// oclc-flags: -cl-std=CL2.0
// OpenCL 2.0 C11 atomics with explicit memory orders and scopes: the
// "last work-group finishes the reduction" pattern (acq_rel ticket at
// device scope), release/acquire publication inside a work-group, and
// compare-exchange loops for commutative read-modify-write operators.

#define WG          16
#define NGROUPS     4
#define WORDS_PER_WI 64

/* layout of `out` for last_group_reduce (uint words) */
#define OFF_PARTIAL  0
#define OFF_TICKET   8
#define OFF_FINAL    9
#define OFF_ORS      16
#define OFF_PERGROUP 32

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void last_group_reduce(__global uint *out, __global const uint *in)
{
    __local atomic_uint l_sum;
    __local atomic_uint l_xor;
    __local uint l_is_last;
    const uint lid = get_local_id(0);
    const uint grp = get_group_id(0);
    const uint gid = get_global_id(0);

    global atomic_uint *partial = (global atomic_uint *)(out + OFF_PARTIAL);
    global atomic_uint *ticket = (global atomic_uint *)(out + OFF_TICKET);
    global atomic_uint *ors = (global atomic_uint *)(out + OFF_ORS);

    if (lid == 0) {
        atomic_init(&l_sum, 0u);
        atomic_init(&l_xor, 0u);
    }
    work_group_barrier(CLK_LOCAL_MEM_FENCE);

    uint s = 0, x = 0;
    for (uint k = 0; k < WORDS_PER_WI; k++) {
        uint w = in[gid * WORDS_PER_WI + k];
        s += w;
        x ^= rotate(w, k);
    }
    atomic_fetch_add_explicit(&l_sum, s, memory_order_relaxed, memory_scope_work_group);
    atomic_fetch_xor_explicit(&l_xor, x, memory_order_relaxed, memory_scope_work_group);
    atomic_fetch_or_explicit(&ors[lid], x & 0x0f0f0f0fu, memory_order_relaxed, memory_scope_device);
    work_group_barrier(CLK_LOCAL_MEM_FENCE);

    if (lid == 0) {
        uint gs = atomic_load_explicit(&l_sum, memory_order_relaxed, memory_scope_work_group);
        uint gx = atomic_load_explicit(&l_xor, memory_order_relaxed, memory_scope_work_group);
        out[OFF_PERGROUP + grp * 2] = gs;
        out[OFF_PERGROUP + grp * 2 + 1] = gx;
        atomic_store_explicit(&partial[grp], gs, memory_order_relaxed, memory_scope_device);
        /* publish the partial, and find out whether we are the last group */
        uint t = atomic_fetch_add_explicit(ticket, 1u, memory_order_acq_rel, memory_scope_device);
        l_is_last = (t == NGROUPS - 1);
    }
    work_group_barrier(CLK_LOCAL_MEM_FENCE);

    if (l_is_last && lid == 0) {
        uint total = 0;
        for (uint g = 0; g < NGROUPS; g++)
            total += atomic_load_explicit(&partial[g], memory_order_acquire, memory_scope_device);
        out[OFF_FINAL] = total;
        out[OFF_FINAL + 1] = total ^ 0xA5A5A5A5u;
    }
}

/* -------- release/acquire publication of a lookup table in local memory -------- */
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void publish_local_table(__global uint *out, __global const uint *in)
{
    __local uint table[64];
    __local atomic_uint ready;
    __local atomic_int  version;
    __local atomic_uint slots[WG];
    const uint lid = get_local_id(0);
    const uint gid = get_global_id(0);

    if (lid == 0) {
        atomic_init(&ready, 0u);
        atomic_init(&version, 0);
    }
    work_group_barrier(CLK_LOCAL_MEM_FENCE);

    if (lid == 0) {
        uint seed = in[get_group_id(0) * 97];
        for (int i = 0; i < 64; i++) {
            seed = seed * 1664525u + 1013904223u;
            table[i] = seed >> 8;
        }
        atomic_fetch_add_explicit(&version, 3, memory_order_relaxed, memory_scope_work_group);
        atomic_store_explicit(&ready, 1u, memory_order_release, memory_scope_work_group);
    }
    work_group_barrier(CLK_LOCAL_MEM_FENCE);

    uint r = atomic_load_explicit(&ready, memory_order_acquire, memory_scope_work_group);
    int v = atomic_load_explicit(&version, memory_order_relaxed, memory_scope_work_group);
    uint acc = 0;
    for (int k = 0; k < 32; k++) {
        uint w = in[(gid * 32 + k) & 4095];
        acc += table[w & 63u] ^ (w >> 6);
    }
    out[gid * 4 + 0] = acc;
    out[gid * 4 + 1] = r | ((uint)v << 8);

    /* exchange on a private-per-WI slot: the old value is deterministic */
    atomic_init(&slots[lid], lid * 7u);
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    uint old = atomic_exchange_explicit(&slots[lid], acc, memory_order_acq_rel, memory_scope_work_group);
    atomic_work_item_fence(CLK_LOCAL_MEM_FENCE, memory_order_release, memory_scope_work_group);
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    uint neighbour = atomic_load_explicit(&slots[(lid + 1) & (WG - 1)], memory_order_seq_cst, memory_scope_work_group);
    out[gid * 4 + 2] = old;
    out[gid * 4 + 3] = neighbour;
}

/* ---------- compare-exchange loops implementing commutative operators ---------- */
inline uint atomic_mul_u32(volatile global atomic_uint *p, uint factor)
{
    uint expected = atomic_load_explicit(p, memory_order_relaxed, memory_scope_device);
    while (!atomic_compare_exchange_weak_explicit(p, &expected, expected * factor,
                                                  memory_order_relaxed, memory_order_relaxed,
                                                  memory_scope_device))
        ;
    return expected;
}

inline uint atomic_add_sat_u32(volatile local atomic_uint *p, uint v)
{
    uint expected = atomic_load_explicit(p, memory_order_relaxed, memory_scope_work_group);
    uint desired;
    do {
        desired = add_sat(expected, v);
    } while (!atomic_compare_exchange_strong_explicit(p, &expected, desired,
                                                      memory_order_acq_rel, memory_order_acquire,
                                                      memory_scope_work_group));
    return expected;
}

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void cas_commutative_ops(__global uint *out, __global const uint *in)
{
    __local atomic_uint sat_acc[4];
    __local atomic_int  imin, imax;
    __local atomic_uint land;
    const uint lid = get_local_id(0);
    const uint gid = get_global_id(0);
    const uint grp = get_group_id(0);
    global atomic_uint *prod = (global atomic_uint *)(out + 64);

    if (lid < 4)
        atomic_init(&sat_acc[lid], 0u);
    if (lid == 0) {
        atomic_init(&imin, INT_MAX);
        atomic_init(&imax, INT_MIN);
        atomic_init(&land, 0xffffffffu);
    }
    /* products start at 1: one work-item per slot seeds it before anyone multiplies */
    if (gid < 16)
        atomic_store_explicit(&prod[gid], 1u, memory_order_relaxed, memory_scope_device);
    work_group_barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);

    for (uint k = 0; k < 16; k++) {
        uint w = in[gid * 16 + k];
        atomic_add_sat_u32(&sat_acc[k & 3], w >> 4);
        atomic_fetch_min_explicit(&imin, (int)w, memory_order_relaxed, memory_scope_work_group);
        atomic_fetch_max_explicit(&imax, (int)w, memory_order_release, memory_scope_work_group);
        atomic_fetch_and_explicit(&land, w | 0x0f0f0000u, memory_order_acq_rel, memory_scope_work_group);
        /* odd factors keep the product invertible mod 2^32; group 0 only so
         * the seed above is ordered before every multiply by the barrier */
        if (grp == 0)
            atomic_mul_u32(&prod[k], w | 1u);
    }
    work_group_barrier(CLK_LOCAL_MEM_FENCE);

    if (lid < 4)
        out[grp * 8 + lid] = atomic_load_explicit(&sat_acc[lid], memory_order_acquire, memory_scope_work_group);
    if (lid == 4)
        out[grp * 8 + 4] = (uint)atomic_load(&imin);
    if (lid == 5)
        out[grp * 8 + 5] = (uint)atomic_load(&imax);
    if (lid == 6)
        out[grp * 8 + 6] = atomic_load_explicit(&land, memory_order_relaxed, memory_scope_work_group);
    /* device-wide bit accumulation: or and xor each commute with themselves */
    atomic_fetch_or_explicit((global atomic_uint *)(out + 96 + lid), in[gid] << 8, memory_order_seq_cst, memory_scope_device);
    atomic_fetch_xor_explicit((global atomic_uint *)(out + 112 + lid), in[gid + 64], memory_order_release, memory_scope_device);
}
