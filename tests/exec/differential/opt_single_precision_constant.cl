// oclc-flags: -cl-std=CL1.2 -cl-single-precision-constant
// The same C-ported float code built with -cl-single-precision-constant,
// as many projects pass to avoid accidental double arithmetic: unsuffixed
// literals become float, so x * 0.1 is a float multiply (and fuses with an
// add), and comparisons against 0.1 are float compares. (A double variable
// initialized from an unsuffixed constant is left out: the runtime's
// compiler keeps such a constant double, oclc makes it float as clang's
// option says.)

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void single_constants(__global float *out, __global const float *in)
{
    const int gid = get_global_id(0);
    const int b = gid * 64;
    for (int i = 0; i < 4; i++) {
        float x = in[b + i], y = in[b + 4 + i];
        out[b + i * 10 + 0] = x * 0.1;
        out[b + i * 10 + 1] = x * 0.1 + y;
        out[b + i * 10 + 2] = x / 3.0 - y * 1e-3;
        out[b + i * 10 + 3] = (x > 0.1) + (x == 0.1) * 2 + (x < 16777217.0) * 4;
        out[b + i * 10 + 4] = sqrt(x * 2.0);
        out[b + i * 10 + 5] = x * 1e-40;
        out[b + i * 10 + 6] = 16777217.0 + x;
        double d = 0.1f;
        out[b + i * 10 + 7] = (float)(d * x);
        out[b + i * 10 + 8] = x * 3.141592653589793 + 2.718281828459045;
        out[b + i * 10 + 9] = sizeof(0.5) + sizeof(1e300) * 10;
    }
}
