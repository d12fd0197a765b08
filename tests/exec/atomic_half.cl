// atomic_half (cl_ext_float_atomics with cl_khr_fp16), as the conformance
// suite's c11_atomics test uses it: store, exchange and load on a local
// object, and fetch_add on a global one.

#pragma OPENCL EXTENSION cl_khr_fp16 : enable

// atomic_half in local memory (load/store/exchange need
// __opencl_c_ext_fp16_local_atomic_load_store): every work-item exchanges
// its own value into one slot; the values handed back plus the last one
// are exactly the values put in.
kernel void half_exchange(global const half *in, global half *olds, global half *last) {
    local atomic_half slot;
    if (get_local_id(0) == 0) {
        atomic_store_explicit(&slot, (half)-1.0f, memory_order_relaxed, memory_scope_work_group);
    }
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    size_t gid = get_global_id(0);
    olds[gid] = atomic_exchange_explicit(&slot, in[gid], memory_order_relaxed,
                                         memory_scope_work_group);
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0) {
        last[get_group_id(0)] = atomic_load_explicit(&slot, memory_order_relaxed,
                                                     memory_scope_work_group);
    }
}

// atomic_half fetch_add on a global object (small integers: exact in half).
kernel void half_sum(global atomic_half *total, global const half *in, global half *olds) {
    size_t gid = get_global_id(0);
    olds[gid] = atomic_fetch_add_explicit(total, in[gid], memory_order_relaxed,
                                          memory_scope_device);
}
