// oclc-flags: -cl-std=CL3.1
// atomic_half (cl_ext_float_atomics with cl_khr_fp16): load, store,
// exchange and fetch add/sub/min/max; no compare-exchange.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
kernel void k(global atomic_half *p, local atomic_half *l, global half *out) {
    atomic_store_explicit(p, (half)1.0f, memory_order_relaxed, memory_scope_device);
    out[0] = atomic_exchange_explicit(l, out[1], memory_order_relaxed, memory_scope_work_group);
    out[1] = atomic_fetch_add_explicit(p, (half)2.0f, memory_order_relaxed, memory_scope_device);
    out[2] = atomic_fetch_max(l, out[3]);
    half expected = 0;
    atomic_compare_exchange_strong(p, &expected, out[4]);
//                                 ^ error[E0310]: expected a pointer to an atomic object with a compare-exchange (`atomic_half` has none), found `global atomic_half *`
}
