// oclc-flags: -cl-std=CL2.0 -target vulkan1.2
// E0418 vulkan-all-devices-scope: Vulkan has no scope wider than the device.
kernel void k(global atomic_int *c, global int *data) {
    atomic_fetch_add_explicit(c, 1, memory_order_relaxed, memory_scope_all_svm_devices);
//                                                        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^ error[E0418]: `memory_scope_all_svm_devices` has no meaning on the Vulkan target
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_all_svm_devices);
//                                                                     ^^^^^^^^^^^^^^^^^^^^^^^^^^^^ error[E0418]: `memory_scope_all_svm_devices` has no meaning on the Vulkan target
    // Near misses: device and work-group scope.
    atomic_fetch_add_explicit(c, 1, memory_order_relaxed, memory_scope_device);
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_work_group);
    data[0] = 1;
}
