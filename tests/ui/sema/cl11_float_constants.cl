// oclc-flags: -cl-std=CL1.1
// OpenCL C 1.1 without `#pragma OPENCL EXTENSION cl_khr_fp64 : enable`:
// clang-15 leaves the `double` overloads of the built-ins out, so
// `pow(x, 2.5)` and `fmax(x, 0.0)` take the `float` ones. (Compilers
// built on clang's opencl-c.h, like Intel's runtime, declare them whenever
// the device has fp64 and find these calls ambiguous; a call they resolve,
// `sqrt(d)` on a `double`, resolves the same in oclc.)
kernel void k(global float *out, global const uint *in)
{
    size_t i = get_global_id(0);
    float x = (float)(in[i] & 0xffff) * 0.001;
    out[i] = pow(x, 2.5) + fmax(x - 0.5, 0.0) + clamp(x, 0.25, 0.75);
    double d = x;
    out[64 + i] = (float)sqrt(d) + sqrt(x);
}
