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
