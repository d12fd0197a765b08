// cl_ext_float_atomics: atomic_fetch_add/min/max on atomic_float, on global
// floats shared by the whole NDRange and on local floats per work-group.
// Inputs are small integers, so every sum is exact and independent of order.

// acc[0] += v, acc[1] = min, acc[2] = max over the whole NDRange.
kernel void fetch_global(global atomic_float *acc, global const float *vals, global float *olds) {
    size_t i = get_global_id(0);
    olds[i] = atomic_fetch_add_explicit(&acc[0], vals[i], memory_order_relaxed, memory_scope_device);
    atomic_fetch_min(&acc[1], vals[i]);
    atomic_fetch_max_explicit(&acc[2], vals[i], memory_order_relaxed);
}

// The same per work-group on local floats, starting from init[0..3];
// results to acc[3 * group + k].
kernel void fetch_local(global const float *init, global float *acc, global const float *vals,
                        global float *olds) {
    local atomic_float local_acc[3];
    size_t i = get_global_id(0);
    if (get_local_id(0) == 0) {
        for (int k = 0; k < 3; k++) {
            atomic_init(&local_acc[k], init[k]);
        }
    }
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    olds[i] = atomic_fetch_add_explicit(&local_acc[0], vals[i], memory_order_relaxed,
                                        memory_scope_work_group);
    atomic_fetch_min_explicit(&local_acc[1], vals[i], memory_order_relaxed, memory_scope_work_group);
    atomic_fetch_max(&local_acc[2], vals[i]);
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0) {
        for (int k = 0; k < 3; k++) {
            acc[3 * get_group_id(0) + k] = atomic_load_explicit(&local_acc[k], memory_order_relaxed,
                                                                 memory_scope_work_group);
        }
    }
}
