// Floating-point accumulation with a compare-exchange loop on atomic_float
// (exchanged as 32-bit integers).
kernel void accumulate(global atomic_float *sum, global const float *values) {
    float v = values[get_global_id(0)];
    float expected = atomic_load_explicit(sum, memory_order_relaxed);
    while (!atomic_compare_exchange_weak_explicit(sum, &expected, expected + v,
                                                  memory_order_acq_rel, memory_order_relaxed))
        ;
}
