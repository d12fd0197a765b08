// `#pragma OPENCL FP_CONTRACT OFF`: no contraction, a separate multiply
// and addition.
#pragma OPENCL FP_CONTRACT OFF
kernel void separate(global float *o, global const float *a)
{
    o[0] = a[0] * a[1] + a[2];
    o[1] += a[0] * a[1];
}
