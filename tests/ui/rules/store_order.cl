// oclc-flags: -cl-std=CL2.0
// E0401 store-order: a store cannot acquire.
kernel void k(global atomic_int *p) {
    atomic_store_explicit(p, 1, memory_order_acquire);
//                              ^^^^^^^^^^^^^^^^^^^^ error[E0401]: atomic store cannot have `memory_order_acquire` ordering
    atomic_store_explicit(p, 2, memory_order_acq_rel, memory_scope_device);
//                              ^^^^^^^^^^^^^^^^^^^^ error[E0401]: atomic store cannot have `memory_order_acq_rel` ordering
    // Near misses: every other order.
    atomic_store_explicit(p, 3, memory_order_release);
    atomic_store_explicit(p, 4, memory_order_relaxed);
    atomic_store_explicit(p, 5, memory_order_seq_cst, memory_scope_device);
    atomic_store(p, 6);
}
