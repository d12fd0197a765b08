// oclc-flags: -cl-std=CL1.2 -cl-fp32-correctly-rounded-divide-sqrt
// Built with -cl-fp32-correctly-rounded-divide-sqrt, as geometry and
// statistics codes that need reproducible results request: float division
// and sqrt (scalar and vector), reciprocal through 1/x, and divisions
// inside normalize-style helpers on finite data.

__kernel void cr_div_sqrt(__global float *out, __global const float *in)
{
    const int gid = get_global_id(0);
    const int b = gid * 64;
    for (int i = 0; i < 8; i++) {
        float x = in[b + i], y = in[b + 8 + i];
        out[b + i * 6 + 0] = x / y;
        out[b + i * 6 + 1] = sqrt(x);
        out[b + i * 6 + 2] = 1.0f / y;
        out[b + i * 6 + 3] = sqrt(fabs(x) * 3.0f) / (fabs(y) + 1.0f);
        float4 v = (float4)(x, y, x + y, x - y);
        float4 d = v / (float4)(y, x, 3.0f, 7.0f);
        out[b + i * 6 + 4] = d.x + d.y + d.z + d.w;
        out[b + i * 6 + 5] = sqrt(v).z;
    }
}
