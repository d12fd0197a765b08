// oclc-flags: -cl-std=CL2.0
// E0409 invalid-scope-value: only the memory_scope enumerators.
kernel void k(global atomic_int *p) {
    atomic_fetch_add_explicit(p, 1, memory_order_relaxed, (memory_scope)9);
//                                                        ^^^^^^^^^^^^^^^ error[E0409]: `9` is not a valid memory scope
    work_group_barrier(CLK_GLOBAL_MEM_FENCE, (memory_scope)-1);
//                                           ^^^^^^^^^^^^^^^^ error[E0409]: `-1` is not a valid memory scope
    // Near miss: 2 is memory_scope_device.
    atomic_fetch_add_explicit(p, 1, memory_order_relaxed, (memory_scope)2);
}
