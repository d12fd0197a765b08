// oclc-flags: -cl-std=CL2.0
// E0403 flag-clear-order: clearing a flag cannot acquire.
kernel void k(global atomic_flag *lock, global int *out) {
    while (atomic_flag_test_and_set_explicit(lock, memory_order_acquire)) {}
    out[0] += 1;
    atomic_flag_clear_explicit(lock, memory_order_acq_rel);
//                                   ^^^^^^^^^^^^^^^^^^^^ error[E0403]: `atomic_flag_clear` cannot have `memory_order_acq_rel` ordering
    atomic_flag_clear_explicit(lock, memory_order_acquire);
//                                   ^^^^^^^^^^^^^^^^^^^^ error[E0403]: `atomic_flag_clear` cannot have `memory_order_acquire` ordering
    // Near miss: the unlock releases.
    atomic_flag_clear_explicit(lock, memory_order_release);
}
