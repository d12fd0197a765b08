// Program-scope atomics initialised with ATOMIC_VAR_INIT.
global atomic_int hits = ATOMIC_VAR_INIT(0);
global atomic_uint high_water = ATOMIC_VAR_INIT(5u);
kernel void record(uint value) {
    atomic_fetch_add_explicit(&hits, 1, memory_order_relaxed);
    atomic_fetch_max_explicit(&high_water, value, memory_order_release, memory_scope_all_svm_devices);
}
