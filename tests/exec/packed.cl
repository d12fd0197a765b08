// Packed structs in buffers, as file formats and network records lay them
// out: a 7-byte record (`char`, `int`, `short` at offsets 0, 1, 5) and a
// 9-byte one with the attribute after the definition.
typedef struct __attribute__((packed)) {
    char tag;
    int value;
    short delta;
} record;

struct sample {
    char channel;
    double reading;
} __attribute__((packed));

kernel void decode(global const record *in, global const struct sample *samples,
                   global int *out)
{
    int i = get_global_id(0);
    out[3 * i] = in[i].value + in[i].delta;
    out[3 * i + 1] = in[i].tag + samples[i].channel;
    out[3 * i + 2] = (int)samples[i].reading + (int)(sizeof(record) * 10 + sizeof(struct sample));
}

// Over-aligned structs: 12 bytes of floats padded to 16 (an array stride
// of 16), and one holding it after a 16-byte member.
typedef struct __attribute__((aligned(16))) {
    float x, y, z;
} point;

typedef struct {
    float4 colour;
    point where;
} vertex;

kernel void points(global const point *in, global const vertex *vertices, global float *out)
{
    int i = get_global_id(0);
    out[3 * i] = in[i].x + in[i].y + in[i].z;
    out[3 * i + 1] = vertices[i].colour.w + vertices[i].where.z;
    out[3 * i + 2] = (float)(sizeof(point) * 100 + sizeof(vertex));
}
