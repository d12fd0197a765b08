// A work-group tree reduction through a `local` pointer argument (sized by
// the host with a specialization constant) and a kernel-scope `local`
// array, with work-group barriers; then one atomic add per group.

kernel void reduce(global const uint *in, global atomic_uint *total, local uint *scratch,
                   uint n, global uint *group_sums)
{
    local uint partial[64];
    uint lid = get_local_id(0);
    uint size = get_local_size(0);
    uint sum = 0;
    for (uint i = get_global_id(0); i < n; i += get_global_size(0))
        sum += in[i];
    scratch[lid] = sum;
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    for (uint stride = size / 2; stride > 0; stride /= 2) {
        if (lid < stride)
            scratch[lid] += scratch[lid + stride];
        work_group_barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) {
        partial[get_group_id(0) % 64] = scratch[0];
        group_sums[get_group_id(0)] = scratch[0];
    }
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0)
        atomic_fetch_add_explicit(total, partial[get_group_id(0) % 64], memory_order_relaxed,
                                  memory_scope_device);
}
