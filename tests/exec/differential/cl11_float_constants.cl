// oclc-flags: -cl-std=CL1.1
// OpenCL C 1.1 without `#pragma OPENCL EXTENSION cl_khr_fp64 : enable`
// on a device with fp64: the runtime's own compiler keeps unsuffixed
// floating constants `double` (clang-15 casts them to `float`, with a
// warning), so `x * 3.14159265358979` is computed in double precision and
// rounded once; oclc computes as the runtime does.
kernel void k(global float *out, global const uint *in)
{
    size_t i = get_global_id(0);
    float x = (float)(in[i] & 0xffff) * 0.001;
    out[i] = x * 3.14159265358979 + (x > 0.5 ? 1.1 : -0.7) + 1e-3 / (x + 0.3);
    out[64 + i] = (x - 0.1) * (x + 0.2) * 1.7;
}
