// oclc-flags: -cl-std=CL2.0
// W0401 relaxed-fence: a relaxed fence does nothing.
kernel void k(global int *data, global atomic_int *flag) {
    data[0] = 1;
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_relaxed, memory_scope_device);
//                                               ^^^^^^^^^^^^^^^^^^^^ warning[W0401]: `atomic_work_item_fence` with `memory_order_relaxed` has no effect
    // Near miss: a release fence before publishing.
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_device);
    atomic_store_explicit(flag, 1, memory_order_relaxed);
}
