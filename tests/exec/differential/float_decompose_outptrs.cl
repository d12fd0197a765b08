// oclc-flags: -cl-std=CL2.0
// Argument reduction and decomposition as in math libraries ported to
// OpenCL (SLEEF-, Cephes-style): fmod/remainder/remquo, frexp/ldexp,
// modf/fract and sincos whose pointer outputs land in private, local and
// global memory (and through generic pointers), on inputs with NaN, ±inf,
// ±0 and denormals. Results are stored raw, NaN payloads included.

__kernel void decompose_private(__global uint *out, __global const float *in)
{
    const int gid = get_global_id(0);
    const int b = gid * 64;
    for (int i = 0; i < 4; i++) {
        float x = in[b + i], y = in[b + 4 + i];
        int e, q;
        float ip, fl, c;
        float m = frexp(x, &e);
        float r = remquo(x, y, &q);
        float f = modf(x, &ip);
        float fr = fract(x, &fl);
        float s = sincos(x, &c);
        out[b + i * 12 + 0] = as_uint(m);
        out[b + i * 12 + 1] = (uint)e;
        out[b + i * 12 + 2] = as_uint(r);
        out[b + i * 12 + 3] = (uint)q;
        out[b + i * 12 + 4] = as_uint(f);
        out[b + i * 12 + 5] = as_uint(ip);
        out[b + i * 12 + 6] = as_uint(fr);
        out[b + i * 12 + 7] = as_uint(fl);
        out[b + i * 12 + 8] = as_uint(s) ^ as_uint(c);
        out[b + i * 12 + 9] = as_uint(fmod(x, y));
        out[b + i * 12 + 10] = as_uint(remainder(x, y));
        out[b + i * 12 + 11] = as_uint(ldexp(x, (int)(as_uint(y) % 300u) - 150));
    }
}

__kernel void decompose_local(__global uint *out, __global const float4 *in)
{
    __local int4 exps[16];
    __local float4 whole[16];
    __local int4 quos[16];
    const int lid = get_local_id(0), gid = get_global_id(0);
    float4 x = in[gid], y = in[gid + 64];
    float4 m = frexp(x, &exps[lid]);
    float4 f = modf(y, &whole[lid]);
    float4 r = remquo(x, y, &quos[lid]);
    barrier(CLK_LOCAL_MEM_FENCE);
    int o = (lid + 3) & 15;
    vstore4(as_uint4(m), gid * 8 + 0, out);
    vstore4(as_uint4(exps[o]), gid * 8 + 1, out);
    vstore4(as_uint4(f), gid * 8 + 2, out);
    vstore4(as_uint4(whole[o]), gid * 8 + 3, out);
    vstore4(as_uint4(r), gid * 8 + 4, out);
    vstore4(as_uint4(quos[o]), gid * 8 + 5, out);
    vstore4(as_uint4(ldexp(m, exps[lid])), gid * 8 + 6, out);
    vstore4(as_uint4(ldexp(x, 3)), gid * 8 + 7, out);
}

__kernel void decompose_global(__global float *out, __global const float *in)
{
    const int gid = get_global_id(0);
    __global float *o = out + gid * 64;
    for (int i = 0; i < 8; i++) {
        float x = in[gid * 64 + i];
        o[i] = fract(x, o + 8 + i);
        o[16 + i] = sincos(x * 0.5f, o + 24 + i);
        o[32 + i] = modf(-x, o + 40 + i);
        o[48 + i] = frexp(x * 3.0f, (__global int *)(o + 56 + i));
    }
}

inline float split(float x, float *whole, int *exponent)
{
    float m = frexp(x, exponent);
    return modf(m * 1024.0f, whole);
}

__kernel void decompose_generic(__global uint *out, __global const float *in)
{
    __local float lw[16];
    __local int le[16];
    const int lid = get_local_id(0), gid = get_global_id(0);
    float pw; int pe;
    float x = in[gid * 64 + 9];
    float a = split(x, &pw, &pe);
    float c = split(-x * 7.0f, &lw[lid], &le[lid]);
    float d = split(x + 1.0f, (__global float *)out + gid * 64 + 10, (__global int *)out + gid * 64 + 11);
    out[gid * 64 + 0] = as_uint(a);
    out[gid * 64 + 1] = as_uint(pw);
    out[gid * 64 + 2] = pe;
    out[gid * 64 + 3] = as_uint(c);
    out[gid * 64 + 4] = as_uint(lw[lid]);
    out[gid * 64 + 5] = le[lid];
    out[gid * 64 + 6] = as_uint(d);
}
