// oclc-flags: -cl-std=CL2.0
// W0408 seq-cst-scope, negative: the default forms alone are all seq_cst
// at device scope, the case the total order covers; so are explicit
// device scopes in every family.
kernel void k(global atomic_int *x, global int *y, local atomic_int *l) {
    atomic_store(x, 1);
    y[0] = atomic_load(x) + atomic_fetch_add(x, 1) + atomic_exchange(l, 2);
    int expected = 0;
    y[1] = atomic_compare_exchange_strong(x, &expected, 3);
    atomic_store_explicit(x, 4, memory_order_seq_cst);
    atomic_store_explicit(x, 5, memory_order_seq_cst, memory_scope_device);
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst, memory_scope_device);
    y[2] = __atomic_load_n(y, __ATOMIC_SEQ_CST) + __sync_fetch_and_add(y, 1);
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    __sync_synchronize();
    __opencl_atomic_store(x, 6, __ATOMIC_SEQ_CST, __OPENCL_MEMORY_SCOPE_DEVICE);
    // Narrow scopes without seq_cst are not this rule's business.
    atomic_fetch_add_explicit(l, 1, memory_order_acq_rel, memory_scope_work_group);
}
