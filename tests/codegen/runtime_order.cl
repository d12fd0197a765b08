// The order comes from the host: one switch arm per valid order.
kernel void store_with(global atomic_int *p, int order, int value) {
    atomic_store_explicit(p, value, (memory_order)order);
}
