// oclc-flags: -cl-std=CL2.0
// `#pragma OPENCL EXTENSION name : enable|disable` for a supported
// extension, for `all`, and for an unknown extension (ignored); malformed
// forms are warned about and ignored.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION all : disable
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_no_such_extension : enable
#pragma OPENCL EXTENSION cl_khr_fp64 : maybe
//~^ warning[W0103]: malformed `#pragma OPENCL EXTENSION`; ignoring pragma
#pragma OPENCL EXTENSION cl_khr_fp64
//~^ warning[W0103]: malformed `#pragma OPENCL EXTENSION`; ignoring pragma
#pragma OPENCL FP_CONTRACT ON
kernel void k(global double *p) { p[0] = 1.0; }
