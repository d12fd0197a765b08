// oclc-flags: -cl-std=CL1.2 -cl-no-signed-zeros
// Built with -cl-no-signed-zeros only: code whose results never depend on
// the sign of zero (the sign is squashed before storing), plus the plain
// arithmetic the flag could let a compiler simplify (x + 0.0f, x * 1.0f,
// 0.0f - x) whose results are stored raw on data without zeros or NaNs.

__kernel void nsz(__global float *out, __global const float *in)
{
    const int gid = get_global_id(0);
    const int b = gid * 64;
    for (int i = 0; i < 16; i++) {
        float x = in[b + i];
        float nz = (x == 0.0f || isnan(x)) ? 1.0f : x;
        out[b + i] = nz + 0.0f;
        out[b + 16 + i] = nz * 1.0f - 0.0f;
        out[b + 32 + i] = 0.0f - nz;
        float r = x * 0.0f;
        out[b + 48 + i] = (r == 0.0f) ? 2.0f : (r != r ? 3.0f : 4.0f);
    }
}
