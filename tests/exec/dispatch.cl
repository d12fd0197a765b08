// Orders and scopes that are kernel arguments, not constants: the compiler
// must select the SPIR-V semantics at run time. `enum_values` reports the
// values of the enumerators so the host passes exactly what the kernel
// source means.

kernel void enum_values(global int *out) {
    out[0] = memory_order_relaxed;
    out[1] = memory_order_acquire;
    out[2] = memory_order_release;
    out[3] = memory_order_acq_rel;
    out[4] = memory_order_seq_cst;
    out[5] = memory_scope_work_group;
    out[6] = memory_scope_device;
    out[7] = memory_scope_all_svm_devices;
}

kernel void fetch_add(global atomic_int *counter, global int *olds, int order, int scope) {
    olds[get_global_id(0)] =
        atomic_fetch_add_explicit(counter, 1, (memory_order)order, (memory_scope)scope);
}

kernel void store_load(global atomic_int *cells, global int *loaded, int store_order, int load_order) {
    size_t i = get_global_id(0);
    atomic_store_explicit(&cells[i], (int)i + 1, (memory_order)store_order);
    loaded[i] = atomic_load_explicit(&cells[i], (memory_order)load_order);
}

kernel void compare_exchange(global atomic_int *counter, global int *olds, int success, int failure) {
    int expected = atomic_load_explicit(counter, memory_order_relaxed);
    while (!atomic_compare_exchange_strong_explicit(counter, &expected, expected + 1,
                                                    (memory_order)success, (memory_order)failure,
                                                    memory_scope_device)) {
    }
    olds[get_global_id(0)] = expected;
}

// The same through a local counter per work-group with a scope argument.
kernel void fetch_add_local(global int *olds, global int *finals, int order, int scope) {
    local atomic_int counter;
    if (get_local_id(0) == 0) {
        atomic_init(&counter, 0);
    }
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    olds[get_global_id(0)] =
        atomic_fetch_add_explicit(&counter, 1, (memory_order)order, (memory_scope)scope);
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0) {
        finals[get_group_id(0)] = atomic_load(&counter);
    }
}
