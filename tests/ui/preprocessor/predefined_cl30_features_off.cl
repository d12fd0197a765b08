// oclc-flags: -cl-std=CL3.0 -cl-ext=-__opencl_c_generic_address_space,-__opencl_c_atomic_order_seq_cst,-cl_khr_fp64,-__opencl_c_fp64
// `-cl-ext=-name` removes a feature or extension and its macro.
#if defined(__opencl_c_generic_address_space) || defined(__opencl_c_atomic_order_seq_cst) || defined(cl_khr_fp64) || defined(__opencl_c_fp64) || defined(M_PI)
#error "features turned off are still defined"
#endif
#if !defined(__opencl_c_atomic_order_acq_rel) || !defined(M_PI_F)
#error "features left on are not defined"
#endif
kernel void predefined(global int *p) { p[0] = 1; }
