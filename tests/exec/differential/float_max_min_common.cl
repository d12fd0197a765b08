// oclc-flags: -cl-std=CL2.0
// ReLU and clipping written with the common functions max()/min() on
// float and half, fed NaN and signed zeros: the runtime's own compiler
// gives the second operand there (max(0.0f, NaN) is NaN, max(+0, -0) is
// -0), which neither OpenCL.std fmax nor fmax_common does on this runtime;
// oclc computes x > y ? x : y (docs/mapping.md).
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

kernel void relu_layer(global float *out, global const float *in)
{
    int gid = get_global_id(0);
    for (int k = 0; k < 64; ++k) {
        float x = in[gid * 64 + k];
        out[gid * 64 + k] = max(0.0f, x) + min(6.0f, x) * 0.0f;
    }
}

kernel void signed_zero_clip(global uint *out, global const uint *in)
{
    int i = get_global_id(0);
    uint z = in[i] & 0u;
    float pz = as_float(z), nz = as_float(z | 0x80000000u);
    half hp = (half)pz, hn = (half)nz;
    out[i * 8 + 0] = as_uint(max(pz, nz));
    out[i * 8 + 1] = as_uint(max(nz, pz));
    out[i * 8 + 2] = as_uint(min(pz, nz));
    out[i * 8 + 3] = as_uint(min(nz, pz));
    out[i * 8 + 4] = as_ushort(max(hp, hn)) | 0x10000u;
    out[i * 8 + 5] = as_ushort(min(hn, hp)) | 0x10000u;
    out[i * 8 + 6] = as_uint(fmax(pz, nz)) | 1u;   /* fmax agrees */
    out[i * 8 + 7] = as_uint(clamp(nz, pz, pz)) | 1u;
}
