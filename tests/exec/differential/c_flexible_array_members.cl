// C99 flexible array members as buffer headers use them: a count followed
// by its elements, read and written through a pointer into a global
// buffer; elements that raise the struct's alignment (float4, a struct);
// sizeof and offsetof leave the elements out.
typedef struct {
    uint count;
    float data[];
} samples_t;

typedef struct {
    uchar kind;
    float4 lanes[];
} packet_t;

typedef struct { short id; ushort weight; } edge_t;

typedef struct {
    uint node;
    uint degree;
    edge_t edges[];
} adjacency_t;

kernel void headers(global float *out, global const uint *in)
{
    const int g = get_global_id(0);
    global const samples_t *s = (global const samples_t *)(in + g * 16);
    const uint n = s->count % 8u;
    float sum = 0.0f;
    for (uint i = 0; i < n; ++i)
        sum += (float)as_uint(s->data[i]) * 0x1p-32f;
    out[g * 8 + 0] = sum;
    out[g * 8 + 1] = (float)sizeof(samples_t);
    out[g * 8 + 2] = (float)__builtin_offsetof(samples_t, data);
    out[g * 8 + 3] = (float)sizeof(packet_t);
    out[g * 8 + 4] = (float)__builtin_offsetof(packet_t, lanes);
    out[g * 8 + 5] = (float)sizeof(adjacency_t);
}

kernel void rewrite(global uint *out, global const uint *in)
{
    const int g = get_global_id(0);
    global adjacency_t *a = (global adjacency_t *)(out + g * 16);
    a->node = (uint)g;
    a->degree = in[g] % 6u;
    for (uint i = 0; i < a->degree; ++i) {
        a->edges[i].id = (short)(in[g + i] & 0x7fff);
        a->edges[i].weight = (ushort)(i * 3u + 1u);
    }
    global packet_t *p = (global packet_t *)(out + 1024 + g * 12);
    p->kind = (uchar)g;
    p->lanes[0] = (float4)(1.0f, 2.0f, 3.0f, (float)g);
    p->lanes[1] = as_float4(vload4(g, in) & (uint4)(0x3fffffffu));
}
