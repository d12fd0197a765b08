// oclc-flags: -cl-std=CL2.0
// E0405 cas-failure-stronger: the failure order is at most the success order.
kernel void k(global atomic_int *p, global int *out) {
    int expected = 0;
    out[0] = atomic_compare_exchange_strong_explicit(p, &expected, 1, memory_order_relaxed, memory_order_acquire);
//                                                                                          ^^^^^^^^^^^^^^^^^^^^ error[E0405]: failure order `memory_order_acquire` is stronger than success order `memory_order_relaxed`
    out[1] = atomic_compare_exchange_strong_explicit(p, &expected, 1, memory_order_acq_rel, memory_order_seq_cst);
//                                                                                          ^^^^^^^^^^^^^^^^^^^^ error[E0405]: is stronger than success order `memory_order_acq_rel`
    // Near misses.
    out[2] = atomic_compare_exchange_strong_explicit(p, &expected, 1, memory_order_acquire, memory_order_acquire);
    out[3] = atomic_compare_exchange_strong_explicit(p, &expected, 1, memory_order_seq_cst, memory_order_seq_cst);
    out[4] = atomic_compare_exchange_strong_explicit(p, &expected, 1, memory_order_release, memory_order_relaxed);
    // "Stronger" follows relaxed < acquire < release < acq_rel < seq_cst,
    // as the conformance suite reads it: release may fail with acquire.
    out[5] = atomic_compare_exchange_strong_explicit(p, &expected, 1, memory_order_release, memory_order_acquire);
    out[6] = atomic_compare_exchange_strong_explicit(p, &expected, 1, memory_order_release, memory_order_seq_cst);
//                                                                                          ^^^^^^^^^^^^^^^^^^^^ error[E0405]: is stronger than success order `memory_order_release`
}
