// oclc-flags: -cl-std=CL1.2
// Predefined macros under OpenCL C 1.2 (checked with `#if … #error`).
#if __OPENCL_VERSION__ != 120 || __OPENCL_C_VERSION__ != 120
#error "version macros"
#endif
#if CL_VERSION_1_0 != 100 || CL_VERSION_1_1 != 110 || CL_VERSION_1_2 != 120 || CL_VERSION_2_0 != 200 || CL_VERSION_3_0 != 300
#error "CL_VERSION_* macros"
#endif
#if !defined(__ENDIAN_LITTLE__) || !defined(__SPIR__) || !defined(__SPIR64__) || defined(__SPIR32__)
#error "target macros"
#endif
#if !defined(cl_khr_fp64) || !defined(cl_khr_global_int32_base_atomics) || !defined(cl_khr_int64_base_atomics) || !defined(cl_khr_fp16) || !defined(cl_khr_subgroup_rotate) || !defined(cl_khr_extended_bit_ops)
#error "extension macros"
#endif
// The OpenCL C 3.0 feature macros and the 2.0 atomics macros do not exist
// before 2.0.
#if defined(__opencl_c_generic_address_space) || defined(__opencl_c_atomic_order_seq_cst) || defined(ATOMIC_VAR_INIT) || defined(CLK_IMAGE_MEM_FENCE)
#error "2.0 macros under 1.2"
#endif
#if CLK_LOCAL_MEM_FENCE != 1 || CLK_GLOBAL_MEM_FENCE != 2 || INT_MAX != 2147483647 || CHAR_BIT != 8
#error "fence flags and limits"
#endif
#if __LINE__ != 23
#error "__LINE__"
#endif

__kernel_exec(64, int) void predefined(global int *p) {
    p[0] = __OPENCL_C_VERSION__ + __LINE__;
    barrier(CLK_LOCAL_MEM_FENCE);
}
