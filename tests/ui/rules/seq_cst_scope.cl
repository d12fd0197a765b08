// oclc-flags: -cl-std=CL2.0
// W0408 seq-cst-scope: seq_cst operations must all have device scope (or
// all all_svm_devices scope) for their single total order to exist.
kernel void k(global atomic_int *x, local atomic_int *turn, global int *y) {
    atomic_store(x, 1);
    atomic_store_explicit(x, 2, memory_order_seq_cst, memory_scope_work_group);
//                                                    ^^^^^^^^^^^^^^^^^^^^^^^ warning[W0408]: seq_cst atomic operation at `memory_scope_work_group` is outside any single total order
    atomic_fetch_add_explicit(turn, 1, memory_order_seq_cst, memory_scope_work_group);
//                                                           ^^^^^^^^^^^^^^^^^^^^^^^ warning[W0408]: seq_cst atomic operation at `memory_scope_work_group`
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst, memory_scope_all_svm_devices);
//                                                                     ^^^^^^^^^^^^^^^^^^^^^^^^^^^^ warning[W0408]: seq_cst fence at `memory_scope_all_svm_devices` while other seq_cst operations use other scopes
    __opencl_atomic_exchange(x, 3, __ATOMIC_SEQ_CST, __OPENCL_MEMORY_SCOPE_WORK_GROUP);
//                                                   ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ warning[W0408]: seq_cst atomic operation at `__OPENCL_MEMORY_SCOPE_WORK_GROUP`
    // Near misses: seq_cst at device scope (written, implied, GNU), other
    // orders at any scope, and orders or scopes that are not constants.
    atomic_fetch_add_explicit(x, 1, memory_order_seq_cst, memory_scope_device);
    __atomic_fetch_add(y, 1, __ATOMIC_SEQ_CST);
    __sync_fetch_and_add(y, 1);
    atomic_fetch_add_explicit(turn, 1, memory_order_acq_rel, memory_scope_work_group);
    atomic_work_item_fence(CLK_LOCAL_MEM_FENCE, memory_order_acq_rel, memory_scope_work_group);
    atomic_fetch_add_explicit(x, 1, memory_order_seq_cst, get_local_id(0) > 0 ? memory_scope_device : memory_scope_work_group);
//                                                        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ warning[W0403]: memory scope argument is not a compile-time constant
}
