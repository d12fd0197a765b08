// oclc-flags: -cl-std=CL1.2
// E0417 unavailable: C11 atomics need OpenCL C 2.0.
kernel void k(global atomic_int *p, global int *q) {
//                   ^^^^^^^^^^ error[E0417]: `atomic_int` requires OpenCL C 2.0 or later
    atomic_store_explicit(p, 1, memory_order_release);
//  ^^^^^^^^^^^^^^^^^^^^^ error[E0417]: `atomic_store_explicit` requires OpenCL C 2.0 or later
//                              ^^^^^^^^^^^^^^^^^^^^ error[E0417]: `memory_order_release` requires OpenCL C 2.0 or later
    // Near miss: the OpenCL 1.x functions.
    atomic_xchg(q, 1);
    barrier(CLK_GLOBAL_MEM_FENCE);
}

// The address-space queries need the generic address space of 2.0.
kernel void queries(global int *g) {
    g[0] = to_global(g) != 0;
//         ^^^^^^^^^ error[E0417]: `to_global` requires OpenCL C 2.0 or later
}
