// oclc-flags: -cl-std=CL2.0
// Predefined macros under OpenCL C 2.0 (checked with `#if … #error`).
#if __OPENCL_VERSION__ != 200 || __OPENCL_C_VERSION__ != CL_VERSION_2_0
#error "version macros"
#endif
// 2.0 makes these 3.0 features mandatory, and clang defines their macros.
#if !defined(__opencl_c_generic_address_space) || !defined(__opencl_c_atomic_order_acq_rel) || !defined(__opencl_c_atomic_order_seq_cst) || !defined(__opencl_c_atomic_scope_device) || !defined(__opencl_c_program_scope_global_variables)
#error "2.0 feature macros"
#endif
#if !defined(ATOMIC_VAR_INIT) || !defined(ATOMIC_FLAG_INIT) || CLK_IMAGE_MEM_FENCE != 4
#error "2.0 atomics macros"
#endif
#if __ATOMIC_RELAXED != 0 || __ATOMIC_SEQ_CST != 5 || __OPENCL_MEMORY_SCOPE_DEVICE != 2
#error "clang's atomic macros"
#endif
#if !defined(cl_khr_int64_base_atomics) || !defined(cl_khr_int64_extended_atomics) || !defined(cl_khr_subgroups)
#error "extension macros"
#endif
#if __LINE__ != 19
#error "__LINE__"
#endif

global atomic_int counter = ATOMIC_VAR_INIT(0);

kernel void predefined(global int *p) {
    p[0] = __LINE__ + atomic_load(&counter);
}
