// oclc-flags: -cl-std=CL2.0 -Wdeprecated-atomics
// W0406 deprecated-atomics (off by default): OpenCL 1.x atomics and fences.
kernel void k(global int *legacy, global atomic_int *counter) {
    atomic_inc(legacy);
//  ^^^^^^^^^^ warning[W0406]: `atomic_inc` is deprecated since OpenCL C 2.0
    mem_fence(CLK_GLOBAL_MEM_FENCE);
//  ^^^^^^^^^ warning[W0406]: `mem_fence` is deprecated since OpenCL C 2.0
    // Near misses: the C11 replacements, and barrier (not deprecated).
    atomic_fetch_add_explicit(counter, 1, memory_order_relaxed);
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acq_rel, memory_scope_work_group);
    barrier(CLK_GLOBAL_MEM_FENCE);
}
