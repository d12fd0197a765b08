// oclc-flags: -cl-std=CL2.0 -target vulkan1.2
// W0407 vulkan-seq-cst-weakened: fences and compare-exchange failures
// cannot keep seq_cst on Vulkan.
kernel void k(global atomic_int *flag, global atomic_int *slot, global int *out) {
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst, memory_scope_device);
//                                               ^^^^^^^^^^^^^^^^^^^^ warning[W0407]: the Vulkan target weakens this seq_cst fence to acquire-release
    int expected = 0;
    atomic_compare_exchange_strong(slot, &expected, 1);
//  ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ warning[W0407]: the Vulkan target weakens this seq_cst failure order to acquire
    atomic_compare_exchange_strong_explicit(slot, &expected, 1, memory_order_seq_cst,
                                            memory_order_seq_cst, memory_scope_device);
//                                          ^^^^^^^^^^^^^^^^^^^^ warning[W0407]: the Vulkan target weakens this seq_cst failure order to acquire
    // Near misses: seq_cst loads, stores and read-modify-writes are kept
    // (as read-modify-writes), and so is a seq_cst success order with an
    // acquire failure order.
    out[0] = atomic_load(flag);
    atomic_store(flag, 1);
    atomic_fetch_add(flag, 1);
    atomic_compare_exchange_strong_explicit(slot, &expected, 2, memory_order_seq_cst,
                                            memory_order_acquire, memory_scope_device);
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acq_rel, memory_scope_device);
}
