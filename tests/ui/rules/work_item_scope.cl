// oclc-flags: -cl-std=CL2.0
// E0406 work-item-scope: only the image fence may use work-item scope.
kernel void k(global atomic_int *p, local atomic_int *l) {
    atomic_fetch_add_explicit(p, 1, memory_order_relaxed, memory_scope_work_item);
//                                                        ^^^^^^^^^^^^^^^^^^^^^^ error[E0406]: `memory_scope_work_item` cannot be used with an atomic operation
    atomic_fetch_add_explicit(l, 1, memory_order_relaxed, memory_scope_work_item);
//                                                        ^^^^^^^^^^^^^^^^^^^^^^ error[E0406]: `memory_scope_work_item` cannot be used with an atomic operation
    work_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_work_item);
//                                          ^^^^^^^^^^^^^^^^^^^^^^ error[E0406]: cannot be used with `work_group_barrier`
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acq_rel, memory_scope_work_item);
//                                                                     ^^^^^^^^^^^^^^^^^^^^^^ error[E0406]: cannot be used with a fence on global or local memory
    // Near misses.
    atomic_fetch_add_explicit(p, 1, memory_order_relaxed, memory_scope_device);
    atomic_fetch_add_explicit(l, 1, memory_order_relaxed, memory_scope_work_group);
    work_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_work_group);
    atomic_work_item_fence(CLK_IMAGE_MEM_FENCE, memory_order_acq_rel, memory_scope_work_item);
}
