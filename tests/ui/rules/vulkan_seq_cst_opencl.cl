// oclc-flags: -cl-std=CL2.0
// W0407 applies to Vulkan builds only: OpenCL keeps seq_cst fences.
kernel void k(global atomic_int *slot) {
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst, memory_scope_device);
    int expected = 0;
    atomic_compare_exchange_strong(slot, &expected, 1);
}
