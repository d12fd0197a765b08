// oclc-flags: -cl-std=CL2.0
// W0402 local-scope-too-wide: local memory never needs more than work-group scope.
kernel void k(local atomic_int *bins, global atomic_int *total) {
    atomic_fetch_add_explicit(bins, 1, memory_order_relaxed, memory_scope_device);
//                                                           ^^^^^^^^^^^^^^^^^^^ warning[W0402]: scope `memory_scope_device` is wider than needed for an atomic on `local` memory
    // Near misses: work-group scope on local memory, device scope on global
    // memory, and the implied scope of the short form.
    atomic_fetch_add_explicit(bins, 1, memory_order_relaxed, memory_scope_work_group);
    atomic_fetch_add_explicit(total, 1, memory_order_relaxed, memory_scope_device);
    atomic_fetch_add_explicit(bins, 1, memory_order_relaxed);
}
