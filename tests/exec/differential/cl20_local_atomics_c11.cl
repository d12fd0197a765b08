// oclc-flags: -cl-std=CL2.0
// OpenCL 2.0 C11-style atomics on local memory with results that do not
// depend on the order of the work-items, as in shared-memory histograms,
// work-queue ticket counters and bounding-box reductions: atomic_init,
// fetch_add counts, fetch_min/fetch_max, fetch_or/and/xor masks,
// compare_exchange loops building a float maximum, atomic_flag, explicit
// memory orders and scopes, and atomic_work_item_fence.

__kernel void local_histogram(__global uint *out, __global const uint *in)
{
    __local atomic_uint bins[16];
    __local atomic_int lo, hi;
    __local atomic_uint mask_or, mask_and, mask_xor;
    const int lid = get_local_id(0), gid = get_global_id(0);
    if (lid < 16)
        atomic_init(&bins[lid], 0u);
    if (lid == 0) {
        atomic_init(&lo, INT_MAX);
        atomic_init(&hi, INT_MIN);
        atomic_init(&mask_or, 0u);
        atomic_init(&mask_and, ~0u);
        atomic_init(&mask_xor, 0u);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int i = 0; i < 8; i++) {
        uint v = in[gid * 16 + i];
        atomic_fetch_add_explicit(&bins[v & 15], 1u, memory_order_relaxed, memory_scope_work_group);
        atomic_fetch_min(&lo, (int)v);
        atomic_fetch_max_explicit(&hi, (int)v, memory_order_relaxed);
        atomic_fetch_or(&mask_or, v);
        atomic_fetch_and(&mask_and, v | 0x0f0f0000u);
        atomic_fetch_xor_explicit(&mask_xor, v, memory_order_acq_rel, memory_scope_work_group);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < 16)
        out[gid * 8] = atomic_load_explicit(&bins[lid], memory_order_relaxed);
    out[gid * 8 + 1] = (uint)atomic_load(&lo);
    out[gid * 8 + 2] = (uint)atomic_load(&hi);
    out[gid * 8 + 3] = atomic_load(&mask_or);
    out[gid * 8 + 4] = atomic_load(&mask_and);
    out[gid * 8 + 5] = atomic_load(&mask_xor);
}

inline void atomic_max_float(volatile __local atomic_uint *p, float v)
{
    uint old = atomic_load_explicit(p, memory_order_relaxed);
    while (as_float(old) < v &&
           !atomic_compare_exchange_weak_explicit(p, &old, as_uint(v), memory_order_relaxed, memory_order_relaxed))
        ;
}

__kernel void bounding_box(__global float *out, __global const float *in)
{
    __local atomic_uint bmax[3];
    __local atomic_uint count;
    __local atomic_flag once;
    __local atomic_int winners;
    const int lid = get_local_id(0), gid = get_global_id(0);
    if (lid == 0) {
        for (int k = 0; k < 3; k++)
            atomic_init(&bmax[k], as_uint(-INFINITY));
        atomic_init(&count, 0u);
        atomic_init(&winners, 0);
        atomic_flag_clear(&once);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    float3 p = vload3(gid, in);
    for (int k = 0; k < 3; k++) {
        float c = k == 0 ? p.x : k == 1 ? p.y : p.z;
        if (!isnan(c))
            atomic_max_float(&bmax[k], c);
    }
    if (isfinite(p.x) && isfinite(p.y))
        atomic_fetch_add_explicit(&count, 1u, memory_order_relaxed, memory_scope_work_group);
    if (!atomic_flag_test_and_set_explicit(&once, memory_order_relaxed, memory_scope_work_group))
        atomic_fetch_add(&winners, 1);
    atomic_work_item_fence(CLK_LOCAL_MEM_FENCE, memory_order_release, memory_scope_work_group);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[gid * 8 + 0] = as_float(atomic_load(&bmax[0]));
    out[gid * 8 + 1] = as_float(atomic_load(&bmax[1]));
    out[gid * 8 + 2] = as_float(atomic_load(&bmax[2]));
    out[gid * 8 + 3] = (float)atomic_load(&count);
    out[gid * 8 + 4] = (float)atomic_load(&winners);
}

/* ticket lock style: exchange and compare_exchange_strong with a known final value */
__kernel void tickets(__global int *out, __global const int *in)
{
    __local atomic_int ticket, slot_sum, maxseen;
    __local int order[16];
    const int lid = get_local_id(0), gid = get_global_id(0);
    if (lid == 0) {
        atomic_store(&ticket, 0);
        atomic_store(&slot_sum, 0);
        atomic_store(&maxseen, -1);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    int t = atomic_fetch_add(&ticket, 1);
    order[t] = 1;
    atomic_fetch_add(&slot_sum, t);
    int expected = atomic_load(&maxseen);
    while (expected < t && !atomic_compare_exchange_strong(&maxseen, &expected, t))
        ;
    barrier(CLK_LOCAL_MEM_FENCE);
    int filled = 0;
    for (int i = 0; i < 16; i++)
        filled += order[i];
    out[gid * 4 + 0] = atomic_load(&ticket);
    out[gid * 4 + 1] = atomic_load(&slot_sum);
    out[gid * 4 + 2] = atomic_load(&maxseen);
    out[gid * 4 + 3] = filled + atomic_exchange(&ticket, 16) * 0;
}
