// Members of packed structs, as wire-format records declare them: a
// member below its natural alignment is loaded and stored with `Aligned`
// and the alignment it has (1 here), as llvm-spirv marks them, so that a
// consumer never assumes the natural alignment; members of ordinary
// structs keep plain accesses.
typedef struct __attribute__((packed)) {
    uchar kind;
    uint length;
    float4 value;
} record_t;

typedef struct {
    int count;
    float scale;
} header_t;

kernel void decode(global record_t *records, global float *out, global header_t *header)
{
    size_t i = get_global_id(0);
    uint length = records[i].length;
    records[i].length = length + 1u;
    records[i].value.y *= header->scale;
    out[i] = (float)length + records[i].value.y;
    header->count = (int)records[i].kind;
}
