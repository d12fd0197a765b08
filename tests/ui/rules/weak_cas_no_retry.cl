// oclc-flags: -cl-std=CL2.0
// W0405 weak-cas-no-retry: weak compare-exchange may fail spuriously.
// Near misses: a retry loop, the strong form, a `try_lock` helper whose
// caller retries, and a `goto` back to a retry label.
bool try_lock(volatile global atomic_int *lock) {
    int expected = 0;
    return atomic_compare_exchange_weak(lock, &expected, 1);
}
void claim(volatile global atomic_int *lock) {
    int expected = 0;
    bool won = atomic_compare_exchange_weak(lock, &expected, 1);
//             ^^^^^^^^^^^^^^^^^^^^^^^^^^^^ warning[W0405]: `atomic_compare_exchange_weak` is not retried in a loop
    if (won) atomic_store(lock, 2);
}
kernel void k(global atomic_int *owner, global int *out) {
    int expected = 0;
    atomic_compare_exchange_weak(owner, &expected, 1);
//  ^^^^^^^^^^^^^^^^^^^^^^^^^^^^ warning[W0405]: result of `atomic_compare_exchange_weak` is ignored
    if (atomic_compare_exchange_weak_explicit(owner, &expected, 2, memory_order_acq_rel, memory_order_acquire))
//      ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ warning[W0405]: `atomic_compare_exchange_weak_explicit` is not retried in a loop
        out[0] = 1;
    expected = atomic_load(owner);
    while (!atomic_compare_exchange_weak(owner, &expected, expected + 1)) {}
    if (atomic_compare_exchange_strong(owner, &expected, 3))
        out[1] = 1;
    while (!try_lock(owner)) {}
    claim(owner);
}
kernel void counter(volatile global atomic_int *count) {
    int old = atomic_load(count);
retry:
    if (!atomic_compare_exchange_weak(count, &old, old + 1))
        goto retry;
}
