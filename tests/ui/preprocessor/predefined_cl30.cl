// oclc-flags: -cl-std=CL3.0
// Predefined macros under OpenCL C 3.0 (checked with `#if … #error`): the
// optional features a common device supports are defined (fp16 and its
// atomics included); images and the extensions OpenCL C 3.1 promotes to core
// are not.
#if __OPENCL_VERSION__ != 300 || __OPENCL_C_VERSION__ != CL_VERSION_3_0
#error "version macros"
#endif
#if !defined(__opencl_c_generic_address_space) || !defined(__opencl_c_atomic_order_seq_cst) || !defined(__opencl_c_atomic_scope_all_devices) || !defined(__opencl_c_int64) || !defined(__opencl_c_fp64) || !defined(__opencl_c_program_scope_global_variables)
#error "3.0 feature macros"
#endif
#if defined(__opencl_c_images) || defined(__IMAGE_SUPPORT__) || defined(cl_khr_subgroup_rotate) || !defined(CL_VERSION_3_1)
#error "unsupported features"
#endif
#if !defined(cl_khr_fp16) || !defined(__opencl_c_ext_fp16_local_atomic_load_store) || !defined(__opencl_c_ext_fp16_global_atomic_add)
#error "fp16"
#endif
#if !defined(__opencl_c_ext_fp32_global_atomic_add) || !defined(cl_ext_float_atomics)
#error "float atomics"
#endif

kernel void predefined(global int *p) { p[0] = __OPENCL_C_VERSION__; }
