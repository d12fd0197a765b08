// oclc-flags: -cl-std=CL2.0
// E0407 image-fence: image fences are acq_rel, work-item scope, image flag only.
kernel void k(global int *out) {
    atomic_work_item_fence(CLK_IMAGE_MEM_FENCE, memory_order_seq_cst, memory_scope_work_item);
//                                              ^^^^^^^^^^^^^^^^^^^^ error[E0407]: an image fence must have order `memory_order_acq_rel`, not `memory_order_seq_cst`
    atomic_work_item_fence(CLK_IMAGE_MEM_FENCE, memory_order_acq_rel, memory_scope_work_group);
//                                                                    ^^^^^^^^^^^^^^^^^^^^^^^ error[E0407]: an image fence must have scope `memory_scope_work_item`
    atomic_work_item_fence(CLK_IMAGE_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_acq_rel, memory_scope_work_item);
//                         ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ error[E0407]: `CLK_IMAGE_MEM_FENCE` cannot be combined with other flags
    work_group_barrier(CLK_IMAGE_MEM_FENCE, memory_scope_device);
//                                          ^^^^^^^^^^^^^^^^^^^ error[E0407]: a barrier on image memory must have scope `memory_scope_work_group`
    // Near misses.
    atomic_work_item_fence(CLK_IMAGE_MEM_FENCE, memory_order_acq_rel, memory_scope_work_item);
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst, memory_scope_device);
    work_group_barrier(CLK_IMAGE_MEM_FENCE, memory_scope_work_group);
}
