// oclc-flags: -cl-std=CL3.0 -cl-ext=-__opencl_c_ext_fp16_local_atomic_load_store,-__opencl_c_ext_fp16_global_atomic_add
// E0417 unavailable: each atomic_half operation needs its feature for the
// address space used.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
kernel void k(global atomic_half *p, local atomic_half *l, global half *out) {
    atomic_store_explicit(l, (half)1.0f, memory_order_relaxed, memory_scope_work_group);
//  ^^^^^^^^^^^^^^^^^^^^^ error[E0417]: `atomic_store_explicit` on `atomic_half` requires the `__opencl_c_ext_fp16_local_atomic_load_store` feature
    out[0] = atomic_fetch_add_explicit(p, (half)2.0f, memory_order_relaxed, memory_scope_device);
//           ^^^^^^^^^^^^^^^^^^^^^^^^^ error[E0417]: `atomic_fetch_add_explicit` on `atomic_half` requires the `__opencl_c_ext_fp16_global_atomic_add` feature
    // Near misses: the global load/store and local add features remain.
    atomic_store_explicit(p, (half)1.0f, memory_order_relaxed, memory_scope_device);
    out[1] = atomic_fetch_add_explicit(l, (half)2.0f, memory_order_relaxed, memory_scope_work_group);
}
