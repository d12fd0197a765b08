// oclc-flags: -cl-std=CL3.0 -cl-ext=-__opencl_c_atomic_order_seq_cst
// E0417 unavailable: the short forms imply seq_cst and device scope.
kernel void k(global atomic_int *p) {
    atomic_store(p, 1);
//  ^^^^^^^^^^^^ error[E0417]: `atomic_store` (which implies `memory_order_seq_cst` and `memory_scope_device`) requires
    atomic_store_explicit(p, 2, memory_order_seq_cst, memory_scope_device);
//                              ^^^^^^^^^^^^^^^^^^^^ error[E0417]: `memory_order_seq_cst` requires the `__opencl_c_atomic_order_seq_cst` feature
    // Near misses: explicit orders the device supports.
    atomic_store_explicit(p, 3, memory_order_release, memory_scope_device);
    atomic_store_explicit(p, 4, memory_order_relaxed);
}
