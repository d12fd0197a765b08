// oclc-flags: -cl-std=CL2.0 -cl-ext=-cl_khr_int64_extended_atomics
// E0417 unavailable: features of OpenCL C 3.0 and 64-bit atomics.
kernel void k(global atomic_int *p, global atomic_long *wide) {
//                                         ^^^^^^^^^^^ error[E0417]: `atomic_long` requires the `cl_khr_int64_extended_atomics` extension
    atomic_fetch_add_explicit(p, 1, memory_order_relaxed, memory_scope_all_devices);
//                                                        ^^^^^^^^^^^^^^^^^^^^^^^^ error[E0417]: `memory_scope_all_devices` requires OpenCL C 3.0 or later
    atomic_fetch_add(wide, 1);
//  ^^^^^^^^^^^^^^^^ error[E0417]: `atomic_fetch_add` on a 64-bit integer requires
    // Near miss: OpenCL C 2.0 spells the scope memory_scope_all_svm_devices.
    atomic_fetch_add_explicit(p, 1, memory_order_relaxed, memory_scope_all_svm_devices);
}
