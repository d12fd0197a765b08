// oclc-flags: -cl-std=CL3.1
// Predefined macros under OpenCL C 3.1: the version is 310, and the six
// extensions 3.1 promotes to core are defined, even when -cl-ext removes
// them (see predefined_cl31_core.cl).
#if __OPENCL_VERSION__ != 310 || __OPENCL_C_VERSION__ != CL_VERSION_3_1 || CL_VERSION_3_0 != 300
#error "version macros"
#endif
#if !defined(cl_khr_extended_bit_ops) || !defined(cl_khr_integer_dot_product) || !defined(cl_khr_subgroup_extended_types) || !defined(cl_khr_subgroup_rotate) || !defined(cl_khr_subgroup_shuffle) || !defined(cl_khr_subgroup_shuffle_relative)
#error "extensions promoted to core"
#endif
#if !defined(__opencl_c_generic_address_space) || !defined(__opencl_c_atomic_order_seq_cst) || !defined(__opencl_c_atomic_scope_all_devices)
#error "3.0 feature macros"
#endif

kernel void predefined(global int *p) { p[0] = __OPENCL_C_VERSION__; }
