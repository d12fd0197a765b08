// oclc-flags: -cl-std=CL2.0
// E0418 applies to Vulkan builds only: on OpenCL the scope is valid.
kernel void k(global atomic_int *c) {
    atomic_fetch_add_explicit(c, 1, memory_order_relaxed, memory_scope_all_svm_devices);
}
