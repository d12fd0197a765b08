// A spin lock on a program-scope atomic_flag guarding a plain counter.
global atomic_flag lock = ATOMIC_FLAG_INIT;
kernel void critical(global int *total) {
    while (atomic_flag_test_and_set_explicit(&lock, memory_order_acquire, memory_scope_device))
        ;
    *total += 1;
    atomic_flag_clear_explicit(&lock, memory_order_release, memory_scope_device);
}
