// oclc-flags: -cl-std=CL2.0
// Truth values and aggregate copies across address spaces as state
// machines and particle systems write them: bool from floats (NaN and -0
// included), logical operators on floats, bool arithmetic and arrays,
// constant tables of structs with vector members, struct copies between
// global, local, constant and private memory, structs passed by value
// from a global pointer and returned from helpers, and unions of vectors
// read from global memory.

typedef struct { float4 pos; int2 cell; bool alive; uchar kind; } Body;
typedef union { float4 f; uint4 u; uchar16 b; } Lanes;

constant Body presets[3] = {
    { (float4)(1.0f, 2.0f, 3.0f, 4.0f), (int2)(1, -1), true, 7 },
    { (float4)(-0.0f), (int2)(0), false, 200 },
    { (float4)(0.5f, 0.25f, 0.125f, 0.0625f), (int2)(9, 9), true, 1 },
};

inline Body advance(Body b, float dt)
{
    if (!b.alive)
        return b;
    b.pos += (float4)(dt, -dt, dt * 2.0f, 0.0f);
    b.cell = convert_int2_rtn(b.pos.xy);
    b.alive = b.pos.x < 100.0f;
    return b;
}

__kernel void truth_and_copies(__global uint *out, __global const float *in)
{
    __local Body shared[16];
    const int gid = get_global_id(0), lid = get_local_id(0);
    const int b = gid * 64;
    float x = in[b], y = in[b + 1];
    bool bx = x, by = y;
    bool flags[4] = { x, !y, x && y, x || !y };
    out[b + 0] = bx + by * 2 + flags[1] * 4 + flags[2] * 8 + flags[3] * 16;
    out[b + 1] = (bool)NAN + (bool)-0.0f * 2 + (bool)0.1f * 4 + sizeof(bool) * 8;
    out[b + 2] = !x + (x && 1) * 2 + (!!y) * 4 + (bx == by) * 8 + (bx ^ by) * 16;
    bool acc = false;
    for (int i = 0; i < 4; i++)
        acc |= flags[i];
    out[b + 3] = acc + (bx + bx + bx);

    Body p = presets[gid % 3];
    p.pos.w = isfinite(x) ? fmod(x, 10.0f) : 1.0f;
    shared[lid] = p;
    barrier(CLK_LOCAL_MEM_FENCE);
    Body q = advance(shared[(lid + 1) & 15], 0.5f);
    out[b + 4] = as_uint(q.pos.x) ^ as_uint(q.pos.w);
    out[b + 5] = (uint)q.cell.x + ((uint)q.cell.y << 16);
    out[b + 6] = q.alive + q.kind * 2u;
    out[b + 7] = sizeof(Body) * 100 + __alignof__(Body);
    Body r = advance(presets[(gid + 1) % 3], isfinite(y) ? fmod(y, 200.0f) : 1.0f);
    out[b + 8] = r.alive ? 1u : 2u;
    out[b + 9] = (uint)r.kind + (uint)r.cell.y;
    Lanes L = *(__global const Lanes *)(in + b + 16);
    out[b + 10] = L.u.x ^ L.u.w;
    out[b + 11] = L.b.s0 + L.b.sf * 256u;
    L.f = select(L.f, (float4)(0.0f), isnan(L.f));
    out[b + 12] = as_uint(L.f.y + L.f.z);
}
