// oclc-flags: -cl-std=CL3.0
// Predefined macros under OpenCL C 3.0 (checked with `#if … #error`): the
// optional features a common device supports are defined (fp16 and its
// atomics, images and the sub-group extensions included, as clang's spir64
// target, and the extensions 3.1 makes core).
#if __OPENCL_VERSION__ != 300 || __OPENCL_C_VERSION__ != CL_VERSION_3_0
#error "version macros"
#endif
#if !defined(__opencl_c_generic_address_space) || !defined(__opencl_c_atomic_order_seq_cst) || !defined(__opencl_c_atomic_scope_all_devices) || !defined(__opencl_c_int64) || !defined(__opencl_c_fp64) || !defined(__opencl_c_program_scope_global_variables)
#error "3.0 feature macros"
#endif
#if !defined(cl_khr_subgroup_rotate) || !defined(CL_VERSION_3_1)
#error "3.1 extensions"
#endif
#if !defined(cl_khr_extended_bit_ops) || !defined(cl_khr_integer_dot_product) || !defined(__opencl_c_integer_dot_product_input_4x8bit)
#error "integer extensions"
#endif
#if !defined(__opencl_c_images) || !defined(__IMAGE_SUPPORT__) || !defined(__opencl_c_read_write_images) || !defined(__opencl_c_3d_image_writes) || !defined(__opencl_c_work_group_collective_functions)
#error "images and collectives"
#endif
#if !defined(cl_khr_subgroup_ballot) || !defined(cl_khr_subgroup_shuffle) || !defined(cl_khr_subgroup_clustered_reduce) || !defined(cl_khr_subgroup_extended_types)
#error "sub-group extensions"
#endif
#if !defined(cl_khr_fp16) || !defined(__opencl_c_ext_fp16_local_atomic_load_store) || !defined(__opencl_c_ext_fp16_global_atomic_add)
#error "fp16"
#endif
#if !defined(__opencl_c_ext_fp32_global_atomic_add) || !defined(cl_ext_float_atomics)
#error "float atomics"
#endif

kernel void predefined(global int *p) { p[0] = __OPENCL_C_VERSION__; }
