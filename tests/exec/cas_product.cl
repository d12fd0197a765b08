// Compare-exchange retry loops multiplying every input into one global value
// shared by all work-groups. Built with -DT=<uint|ulong> -DA=<atomic type>.
// Odd factors keep the product (mod 2^32 or 2^64) from collapsing to zero.

kernel void product_strong(global A *product, global const T *factors) {
    T factor = factors[get_global_id(0)];
    T expected = atomic_load_explicit(product, memory_order_relaxed);
    while (!atomic_compare_exchange_strong_explicit(product, &expected, expected * factor,
                                                    memory_order_acq_rel, memory_order_acquire)) {
    }
}

kernel void product_weak(global A *product, global const T *factors) {
    T factor = factors[get_global_id(0)];
    T expected = atomic_load_explicit(product, memory_order_relaxed);
    while (!atomic_compare_exchange_weak_explicit(product, &expected, expected * factor,
                                                  memory_order_relaxed, memory_order_relaxed,
                                                  memory_scope_device)) {
    }
}
