// oclc-flags: -cl-std=CL1.2 -cl-ext=-cl_khr_subgroups
// Built-ins of OpenCL C 2.0 and of the sub-group extension, used where the
// target lacks them: each is E0417 naming what provides it (as clang, which
// declares none of them here).
kernel void k(global uint *out) {
    out[0] = get_enqueued_local_size(0);
//           ^^^^^^^^^^^^^^^^^^^^^^^ error[E0417]: `get_enqueued_local_size` requires OpenCL C 2.0 or later
    out[1] = get_global_linear_id();
//           ^^^^^^^^^^^^^^^^^^^^ error[E0417]: `get_global_linear_id` requires OpenCL C 2.0 or later
    out[2] = get_sub_group_size();
//           ^^^^^^^^^^^^^^^^^^ error[E0417]: `get_sub_group_size` requires the `cl_khr_subgroups` extension or the `__opencl_c_subgroups` feature
    sub_group_barrier(CLK_LOCAL_MEM_FENCE);
//  ^^^^^^^^^^^^^^^^^ error[E0417]: `sub_group_barrier` requires the `cl_khr_subgroups` extension or the `__opencl_c_subgroups` feature
    out[3] = work_group_reduce_add(1u);
//           ^^^^^^^^^^^^^^^^^^^^^ error[E0417]: `work_group_reduce_add` requires OpenCL C 2.0 or later
    out[4] = sub_group_reduce_add(2u);
//           ^^^^^^^^^^^^^^^^^^^^ error[E0417]: `sub_group_reduce_add` requires the `cl_khr_subgroups` extension or the `__opencl_c_subgroups` feature
    out[6] = ctz(out[0]);
//           ^^^ error[E0417]: `ctz` requires OpenCL C 2.0 or later
    // Near misses: the OpenCL 1.x work-item functions and barrier, clz.
    out[7] = clz(out[1]);
    out[5] = get_local_size(0) + get_global_id(0);
    barrier(CLK_LOCAL_MEM_FENCE);
}

// The C11-style atomic types and functions came with OpenCL C 2.0; the
// 1.x `atomic_*` functions on plain integers are their near miss.
kernel void c11_atomics(global atomic_int *a, global int *p) {
//                             ^^^^^^^^^^ error[E0417]: `atomic_int` requires OpenCL C 2.0 or later
    atomic_store(a, 1);
//  ^^^^^^^^^^^^ error[E0417]: `atomic_store` requires OpenCL C 2.0 or later
    atomic_add(p, 1);
}
