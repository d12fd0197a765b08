// oclc-flags: -cl-std=CL2.0
// W0405 weak-cas-no-retry: weak compare-exchange may fail spuriously.
kernel void k(global atomic_int *owner, global int *out) {
    int expected = 0;
    atomic_compare_exchange_weak(owner, &expected, 1);
//  ^^^^^^^^^^^^^^^^^^^^^^^^^^^^ warning[W0405]: result of `atomic_compare_exchange_weak` is ignored
    if (atomic_compare_exchange_weak_explicit(owner, &expected, 2, memory_order_acq_rel, memory_order_acquire))
//      ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ warning[W0405]: `atomic_compare_exchange_weak_explicit` is not retried in a loop
        out[0] = 1;
    // Near misses: a retry loop, and the strong form.
    expected = atomic_load(owner);
    while (!atomic_compare_exchange_weak(owner, &expected, expected + 1)) {}
    if (atomic_compare_exchange_strong(owner, &expected, 3))
        out[1] = 1;
}
