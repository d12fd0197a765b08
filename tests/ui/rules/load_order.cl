// oclc-flags: -cl-std=CL2.0
// E0402 load-order: a load cannot release.
kernel void k(global atomic_int *p, global int *out) {
    out[0] = atomic_load_explicit(p, memory_order_release);
//                                   ^^^^^^^^^^^^^^^^^^^^ error[E0402]: atomic load cannot have `memory_order_release` ordering
    out[1] = atomic_load_explicit(p, memory_order_acq_rel, memory_scope_work_group);
//                                   ^^^^^^^^^^^^^^^^^^^^ error[E0402]: atomic load cannot have `memory_order_acq_rel` ordering
    // Near misses.
    out[2] = atomic_load_explicit(p, memory_order_acquire);
    out[3] = atomic_load_explicit(p, memory_order_relaxed);
    out[4] = atomic_load_explicit(p, memory_order_seq_cst);
}
