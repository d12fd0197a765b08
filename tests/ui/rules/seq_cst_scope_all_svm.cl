// oclc-flags: -cl-std=CL2.0
// W0408 seq-cst-scope, negative: all seq_cst operations at
// memory_scope_all_svm_devices also have a single total order.
kernel void k(global atomic_int *x) {
    atomic_store_explicit(x, 1, memory_order_seq_cst, memory_scope_all_svm_devices);
    atomic_fetch_add_explicit(x, 1, memory_order_seq_cst, memory_scope_all_svm_devices);
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst, memory_scope_all_svm_devices);
    atomic_store_explicit(x, 2, memory_order_release, memory_scope_work_group);
}
