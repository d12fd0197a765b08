// Tree reduction in local memory finished with an atomic update of a
// global accumulator; exercises vectors, casts, ternaries and
// program-scope atomics.

#ifndef GROUP
#define GROUP 128
#endif

global atomic_int groups_done = ATOMIC_VAR_INIT(0);
constant float weights[4] = { 0.1f, 0.2f, 0.3f, 0.4f, };

inline float weighted(float4 v)
{
    return dot(v, (float4)(weights[0], weights[1], weights[2], weights[3]));
}

__attribute__((reqd_work_group_size(GROUP, 1, 1)))
kernel void reduce(global const float4 *in, global atomic_int *sum_bits,
                   global float *partial, uint n)
{
    local float scratch[GROUP];
    uint lid = get_local_id(0);
    uint gid = get_global_id(0);

    scratch[lid] = gid < n ? weighted(in[gid]) : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);

    for (uint stride = GROUP / 2; stride > 0; stride >>= 1) {
        if (lid < stride)
            scratch[lid] += scratch[lid + stride];
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (lid == 0) {
        partial[get_group_id(0)] = scratch[0];
        int seen = atomic_load_explicit(sum_bits, memory_order_relaxed, memory_scope_device);
        int desired;
        do {
            desired = as_int(as_float(seen) + scratch[0]);
        } while (!atomic_compare_exchange_strong_explicit(sum_bits, &seen, desired,
                                                          memory_order_relaxed,
                                                          memory_order_relaxed,
                                                          memory_scope_device));
        int finished = atomic_fetch_add_explicit(&groups_done, 1, memory_order_acq_rel,
                                                 memory_scope_device) + 1;
        if (finished == (int)get_num_groups(0))
            atomic_store(&groups_done, 0);
    }
}
