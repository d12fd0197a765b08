// oclc-flags: -cl-std=CL3.1 -cl-ext=-cl_khr_subgroup_rotate
// An extension OpenCL C 3.1 makes core stays available under 3.1.
#ifndef cl_khr_subgroup_rotate
#error "core in 3.1"
#endif

kernel void predefined(global int *p) { p[0] = __OPENCL_C_VERSION__; }
