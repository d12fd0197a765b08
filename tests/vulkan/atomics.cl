// Every integer atomic family on the Vulkan target, under contention from
// every work-item: counters with relaxed, acq_rel and seq_cst orders at
// work-group and device scope, min/max, bitwise, exchange and a
// compare-exchange loop. The host checks each result.

typedef struct {
    uint scale;
    int bias;
} Params;

kernel void families(global atomic_int *counters, global atomic_uint *bits,
                     global int *exchanged, Params p)
{
    int id = (int)get_global_id(0);
    atomic_fetch_add_explicit(&counters[0], 1, memory_order_relaxed, memory_scope_device);
    atomic_fetch_add(&counters[1], (int)p.scale);
    atomic_fetch_sub_explicit(&counters[2], 2, memory_order_acq_rel, memory_scope_device);
    atomic_fetch_max_explicit(&counters[3], id + p.bias, memory_order_release, memory_scope_device);
    atomic_fetch_min_explicit(&counters[4], id + p.bias, memory_order_acquire, memory_scope_device);
    atomic_fetch_or(&bits[0], 1u << (id % 32));
    atomic_fetch_and(&bits[1], ~(1u << (id % 32)));
    atomic_fetch_xor(&bits[2], 1u << (id % 32));
    exchanged[id] = atomic_exchange(&counters[5], id);
    // A compare-exchange loop: doubles counters[6] modulo 2^31 − 1, and
    // counts its attempts.
    int old = atomic_load_explicit(&counters[6], memory_order_relaxed, memory_scope_device);
    while (!atomic_compare_exchange_weak_explicit(&counters[6], &old, (old + 3) & 0x7fffffff,
                                                  memory_order_acq_rel, memory_order_relaxed,
                                                  memory_scope_device))
        ;
    // seq_cst loads and stores (read-modify-writes on Vulkan).
    atomic_store(&counters[7], 7);
    if (atomic_load(&counters[7]) != 7)
        atomic_fetch_add(&counters[8], 1);
    // Work-group scope on a per-group counter.
    atomic_fetch_add_explicit(&counters[16 + get_group_id(0)], 1, memory_order_relaxed,
                              memory_scope_work_group);
}
