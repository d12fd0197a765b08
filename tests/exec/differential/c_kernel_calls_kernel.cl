// oclc-flags: -cl-std=CL1.2
// A __kernel reused as a helper by other kernels, as some real code does
// (a normalisation kernel that later pipeline kernels call first). SPIR-V
// forbids calling an entry point, so the called kernels get callable
// copies; the kernels themselves still run on their own.

__kernel void normalise(__global float *out, __global const float *in)
{
    int g = get_global_id(0);
    float4 v = vload4(g, in);
    float n = dot(v, v);
    vstore4(isfinite(n) && n > 0.0f ? v * rsqrt(n) : (float4)(0.0f), g, out);
}

__kernel void normalise_then_bias(__global float *out, __global const float *in)
{
    normalise(out, in);
    int g = get_global_id(0);
    out[g * 4] += 1.0f;
}

__kernel void pipeline(__global float *out, __global const float *in)
{
    normalise_then_bias(out, in);
    int g = get_global_id(0);
    out[g * 4 + 1] *= 2.0f;
}
