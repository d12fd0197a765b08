// Wire-format records declared under #pragma pack, and members declared
// packed: read from a byte buffer through struct pointers, modified, and
// written back, sizes and offsets as the host's compiler lays them out.
#pragma pack(push, 1)
typedef struct {
    uchar kind;
    uint length;
    double stamp;
    ushort port;
} wire_t;
#pragma pack(pop)

#pragma pack(2)
typedef struct {
    char tag;
    int value;
    float3 pos;
} half_packed_t;
#pragma pack()

typedef struct {
    char c;
    int i __attribute__((packed));
    short s;
    float4 v __attribute__((packed));
} member_packed_t;

typedef struct {
    uchar head;
    wire_t body;        /* a packed struct inside an ordinary one */
    int tail;
} outer_t;

kernel void wire(global uchar *out, global const uchar *in)
{
    const int g = get_global_id(0);
    global const wire_t *src = (global const wire_t *)(in + g * 64);
    global wire_t *dst = (global wire_t *)(out + g * 64);
    wire_t w = *src;
    w.length += 1u;
    w.port ^= (ushort)g;
    *dst = w;
    dst[1].kind = (uchar)sizeof(wire_t);
    dst[1].length = (uint)__builtin_offsetof(wire_t, stamp);
    dst[1].stamp = src->stamp * 2.0;
    dst[1].port = (ushort)__alignof__(wire_t);
}

kernel void half_packed(global uchar *out, global const uchar *in)
{
    const int g = get_global_id(0);
    global const half_packed_t *src = (global const half_packed_t *)(in + g * 64 + 2);
    half_packed_t h = *src;
    h.pos.y += 1.0f;
    global half_packed_t *dst = (global half_packed_t *)(out + g * 64 + 2);
    *dst = h;
    out[g * 64] = (uchar)sizeof(half_packed_t);
    out[g * 64 + 1] = (uchar)__builtin_offsetof(half_packed_t, pos);
}

kernel void member_packed(global uchar *out, global const uchar *in)
{
    const int g = get_global_id(0);
    global const member_packed_t *src = (global const member_packed_t *)(in + g * 64);
    member_packed_t m = *src;
    m.i = m.i * 3 + m.s;
    m.v.x = (float)m.c;
    *(global member_packed_t *)(out + g * 64) = m;
    outer_t o;
    o.head = 7;
    o.body.kind = (uchar)sizeof(member_packed_t);
    o.body.length = (uint)__builtin_offsetof(member_packed_t, v);
    o.body.stamp = 1.5;
    o.body.port = (ushort)sizeof(outer_t);
    o.tail = (int)__builtin_offsetof(outer_t, tail);
    *(global outer_t *)(out + g * 64 + 32) = o;
}
