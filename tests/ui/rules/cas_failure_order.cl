// oclc-flags: -cl-std=CL2.0
// E0404 cas-failure-order: a failed compare-exchange only loads.
kernel void k(global atomic_int *p, global int *out) {
    int expected = 0;
    out[0] = atomic_compare_exchange_strong_explicit(p, &expected, 1, memory_order_acq_rel, memory_order_release);
//                                                                                          ^^^^^^^^^^^^^^^^^^^^ error[E0404]: compare-exchange failure order cannot be `memory_order_release`
    out[1] = atomic_compare_exchange_strong_explicit(p, &expected, 1, memory_order_seq_cst, memory_order_acq_rel);
//                                                                                          ^^^^^^^^^^^^^^^^^^^^ error[E0404]: compare-exchange failure order cannot be `memory_order_acq_rel`
    // Near miss: acquire is the strongest failure order acq_rel allows.
    out[2] = atomic_compare_exchange_strong_explicit(p, &expected, 1, memory_order_acq_rel, memory_order_acquire);
}
