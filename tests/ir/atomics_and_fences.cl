// oclc-flags: -cl-std=CL2.0
// Atomics keep their orders and scopes as constants in the IR; a runtime
// order is an operand; fences and barriers carry their flags.
kernel void counters(global atomic_int *c, global int *out, int order)
{
    int old = atomic_fetch_add_explicit(c, 1, memory_order_relaxed, memory_scope_work_group);
    atomic_store_explicit(c + 1, old, memory_order_release, memory_scope_device);
    out[0] = atomic_load_explicit(c + 1, order);
    int expected = 0;
    atomic_compare_exchange_strong(c + 2, &expected, 5);
    work_group_barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acq_rel, memory_scope_device);
}
