// clang's overloadable functions, as math helper libraries declare them:
// one name for several parameter types, chosen by the arguments (exact
// types first, then conversions within the same kind), with vector and
// pointer overloads and a prototype before its definition.

#define OVERLOAD __attribute__((overloadable))

OVERLOAD float square(float x) { return x * x; }
OVERLOAD int square(int x) { return x * x; }
OVERLOAD float4 square(float4 v) { return v * v; }
OVERLOAD uint square(uint x);

OVERLOAD float accumulate(global const float *p, int n)
{
    float s = 0.0f;
    for (int i = 0; i < n; i++)
        s += p[i];
    return s;
}

OVERLOAD float accumulate(local const float *p, int n)
{
    float s = 1.0f;
    for (int i = 0; i < n; i++)
        s *= 0.5f + p[i] * 0.001f;
    return s;
}

OVERLOAD uint square(uint x) { return x * x + 1u; }

kernel void overloads(global float *out, global const float *in)
{
    local float tile[16];
    int gid = get_global_id(0), lid = get_local_id(0);
    float x = in[gid];
    x = isfinite(x) ? clamp(x, -50.0f, 50.0f) : 0.25f;
    tile[lid] = x;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[4 * gid + 0] = square(x) + (float)square((int)x) + (float)square((uint)gid);
    out[4 * gid + 1] = square((float4)(x, 1.0f, 2.0f, x)).w + square((short)3);
    out[4 * gid + 2] = accumulate(in + (gid & 15), 4) * 0.0f + accumulate(tile, 4);
    out[4 * gid + 3] = square(0.5f) + square('a');
}
