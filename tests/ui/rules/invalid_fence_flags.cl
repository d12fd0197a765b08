// oclc-flags: -cl-std=CL2.0
// E0410 invalid-fence-flags: flags combine LOCAL (1), GLOBAL (2) and IMAGE (4).
kernel void k(global atomic_int *p) {
    barrier(8);
//          ^ error[E0410]: `8` is not a valid combination of memory fence flags
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE | 16, memory_order_acq_rel, memory_scope_device);
//                         ^^^^^^^^^^^^^^^^^^^^^^^^^ error[E0410]: `18` is not a valid combination
    // Near misses.
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    barrier(0);
}
