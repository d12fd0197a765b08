// A histogram with a work-group-local copy: each work-group counts into
// local memory with work-group scope, then merges into the global
// histogram with device scope. Compile with:
//
//     oclc examples/histogram.cl -o histogram.spv
//
// and check it with `oclc lint examples/histogram.cl`.

#define BINS 64

kernel void histogram(global const uint *data, uint n, global atomic_uint *bins)
{
    local atomic_uint local_bins[BINS];

    for (uint b = get_local_id(0); b < BINS; b += get_local_size(0))
        atomic_init(&local_bins[b], 0);
    work_group_barrier(CLK_LOCAL_MEM_FENCE);

    for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
        atomic_fetch_add_explicit(&local_bins[data[i] % BINS], 1,
                                  memory_order_relaxed, memory_scope_work_group);
    work_group_barrier(CLK_LOCAL_MEM_FENCE);

    for (uint b = get_local_id(0); b < BINS; b += get_local_size(0)) {
        uint count = atomic_load_explicit(&local_bins[b], memory_order_relaxed,
                                          memory_scope_work_group);
        if (count != 0)
            atomic_fetch_add_explicit(&bins[b], count, memory_order_relaxed,
                                      memory_scope_device);
    }
}
