// Float atomics without any extension: exchange and compare-exchange retry
// loops on atomic_float (a compiler lowers these through the 32-bit integer
// bit pattern). Inputs are small integers, so every sum is exact and
// independent of order. The cl_ext_float_atomics builtins are in
// c11_float_fetch.cl.

kernel void exchange_chain(global atomic_float *slot, global const float *vals, global float *olds) {
    size_t i = get_global_id(0);
    olds[i] = atomic_exchange_explicit(slot, vals[i], memory_order_acq_rel);
}

float add_with_cas(atomic_float *sum, float v) {
    float expected = atomic_load_explicit(sum, memory_order_relaxed);
    while (!atomic_compare_exchange_weak_explicit(sum, &expected, expected + v,
                                                  memory_order_acq_rel, memory_order_relaxed)) {
    }
    return expected;
}

// Strong compare-exchange loop on a global float; `olds` gets the replaced values.
kernel void cas_sum(global atomic_float *sum, global const float *vals, global float *olds) {
    size_t i = get_global_id(0);
    float expected = atomic_load(sum);
    while (!atomic_compare_exchange_strong(sum, &expected, expected + vals[i])) {
    }
    olds[i] = expected;
}

// Weak compare-exchange loop through a generic pointer, on a local float per
// work-group; the group's sum goes to sums[group].
kernel void cas_sum_local(global const float *vals, global float *olds, global float *sums) {
    local atomic_float sum;
    size_t i = get_global_id(0);
    if (get_local_id(0) == 0) {
        atomic_init(&sum, 0.0f);
    }
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    olds[i] = add_with_cas(&sum, vals[i]);
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0) {
        sums[get_group_id(0)] = atomic_load_explicit(&sum, memory_order_relaxed, memory_scope_work_group);
    }
}
