// oclc-flags: -cl-std=CL2.0
// Program-scope and static storage in OpenCL 2.0 as ported C libraries use
// it: global variables with and without initializers (zero-initialized
// arrays, structs, vectors), function-scope static globals, constant
// tables declared static inside a helper, per-work-item scratch slots in a
// program-scope array, and pointers to program-scope data through generic
// pointers.

typedef struct { int seed; float scale; int4 lanes; } Config;

global Config config = { 12345, 0.5f, (int4)(1, 2, 3, 4) };
global int scratch[64];
global float4 accum[64] = { (float4)(1.0f, 2.0f, 3.0f, 4.0f) };
global uint zeroed_words[8];
global long big = -5000000000L;
global int *global cursor = scratch;

inline int next_rand(int *state)
{
    *state = (int)((uint)*state * 1103515245u + 12345u);
    return (*state >> 16) & 0x7fff;
}

float table_weight(int i)
{
    static constant float weights[5] = { 0.0625f, 0.25f, 0.375f, 0.25f, 0.0625f };
    return weights[i % 5];
}

__kernel void write_scratch(__global int *out, __global const int *in)
{
    const int gid = get_global_id(0);
    int st = config.seed ^ in[gid * 64];
    scratch[gid] = next_rand(&st);
    accum[gid] += (float4)(config.scale) * convert_float4(config.lanes);
    out[gid * 8 + 0] = scratch[gid];
    out[gid * 8 + 1] = as_int(accum[gid].x) ^ as_int(accum[gid].w);
    out[gid * 8 + 2] = (int)zeroed_words[gid & 7] + 7;
    out[gid * 8 + 3] = (int)(big >> 8);
    out[gid * 8 + 4] = as_int(table_weight(gid) + table_weight(gid + 2));
    out[gid * 8 + 5] = cursor[gid];
}

__kernel void static_counter(__global int *out, __global const int *in)
{
    static global int hits[64];
    static global float gain = 1.5f;
    const int gid = get_global_id(0);
    hits[gid] += in[gid * 64 + 1] & 3;
    hits[gid] += 1;
    int *p = &hits[gid];            /* generic pointer to program-scope data */
    *p *= 2;
    out[gid * 4 + 0] = hits[gid];
    out[gid * 4 + 1] = as_int(gain * (float)hits[gid]);
    out[gid * 4 + 2] = scratch[gid] + 1;     /* persists from write_scratch */
    out[gid * 4 + 3] = as_int(accum[gid].y);
}

/* generic helpers that are handed program-scope, local and private data */
inline int span_sum(const int *p, int n)
{
    int s = 0;
    for (int i = 0; i < n; i++)
        s += p[i];
    return s;
}

inline void span_fill(int *p, int n, int v)
{
    for (int i = 0; i < n; i++)
        p[i] = v + i;
}

__kernel void generic_spans(__global int *out, __global const int *in)
{
    __local int tile[64];
    const int gid = get_global_id(0), lid = get_local_id(0);
    int priv[4];
    span_fill(priv, 4, in[gid * 64 + 2] & 0xffff);
    span_fill(tile + lid * 4, 4, lid * 10);
    barrier(CLK_LOCAL_MEM_FENCE);
    int a = span_sum(priv, 4);
    int b = span_sum(tile, 64);
    int c = span_sum(scratch + (gid & ~7), 8);
    int d = span_sum((const int *)&config.lanes, 4);
    int *g = (gid & 1) ? (int *)priv : (int *)(tile + lid);
    out[gid * 8 + 0] = a;
    out[gid * 8 + 1] = b;
    out[gid * 8 + 2] = c;
    out[gid * 8 + 3] = d;
    out[gid * 8 + 4] = *g;
    out[gid * 8 + 5] = to_private(g) != 0 ? 1 : (to_local(g) != 0 ? 2 : 3);
    out[gid * 8 + 6] = to_global((int *)&scratch[gid]) == &scratch[gid];
}
