// oclc-flags: -cl-std=CL3.0 -cl-ext=-__opencl_c_fp64,-cl_khr_fp64
// E0417: `double` and its vectors need `cl_khr_fp64` or `__opencl_c_fp64`;
// this target has neither. Near miss: `float`.
kernel void k(global float *out)
{
    double d = out[0];
//  ^^^^^^ error[E0417]: `double` requires the `cl_khr_fp64` extension or the `__opencl_c_fp64` feature
    double2 pair = (double2)(1.0f, 2.0f);
//  ^^^^^^^ error[E0417]: `double` requires the `cl_khr_fp64` extension or the `__opencl_c_fp64` feature
//                  ^^^^^^^ error[E0417]: `double` requires the `cl_khr_fp64` extension or the `__opencl_c_fp64` feature
    float f = out[1];
    out[2] = f;
}
