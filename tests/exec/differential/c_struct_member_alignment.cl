// oclc-flags: -cl-std=CL1.2
// Struct layouts with alignment attributes that real host/device shared
// headers carry: aligned(N) on members where it matches or restates the
// natural alignment (float4 at 16, ints at 4), aligned(N) on the whole
// struct (trailing padding), and records read through a global pointer
// with their offsets and sizes checked; and member alignments that move
// the members after them (a wire header whose length field sits at 16),
// in nested structs, constant tables, private arrays and through global
// pointers: oclc gives them explicit padding members, as clang does.

typedef struct {
    float4 position __attribute__((aligned(16)));
    float4 velocity;
    int id __attribute__((aligned(4)));
    float mass;
} Particle;

typedef struct __attribute__((aligned(16))) {
    uint key;
    ushort len;
    uchar flags;
} Slot;

kernel void aligned_member_fine(global float *out, global const float *in)
{
    const int gid = get_global_id(0);
    Particle p;
    p.position = vload4(gid * 4, in);
    p.velocity = vload4(gid * 4 + 1, in);
    p.id = gid * 3;
    p.mass = in[gid * 16 + 9] * 0.5f;
    global float *d = out + gid * 16;
    d[0] = (float)sizeof(Particle);
    d[1] = (float)__alignof__(Particle);
    d[2] = (float)((char *)&p.id - (char *)&p);
    d[3] = (float)((char *)&p.mass - (char *)&p);
    float4 next = p.position + p.velocity * p.mass;
    vstore4(next, 1, d);
    d[8] = (float)p.id;
    d[9] = (float)sizeof(Slot);
    d[10] = (float)__alignof__(Slot);
}

kernel void slot_table(global uint *out, global const uint *in)
{
    const int gid = get_global_id(0);
    Slot table[4];
    for (int i = 0; i < 4; ++i) {
        table[i].key = in[gid * 64 + i] * 2654435761u;
        table[i].len = (ushort)(in[gid * 64 + 4 + i] & 0xffff);
        table[i].flags = (uchar)i;
    }
    global uint *d = out + gid * 16;
    for (int i = 0; i < 4; ++i) {
        d[i * 3 + 0] = table[i].key;
        d[i * 3 + 1] = table[i].len;
        d[i * 3 + 2] = (uint)((char *)&table[i] - (char *)&table[0]);
    }
    d[12] = (uint)sizeof(table);
}

/* A record whose `len` the attribute moves from 4 to 16, and a struct
 * holding it after a byte and before another moved member. */
typedef struct {
    uchar kind;
    uint len __attribute__((aligned(16)));
    ushort port;
} Header;

typedef struct {
    char tag;
    Header h;
    float weight __attribute__((aligned(8)));
    uchar tail[3];
} Frame;

__constant Header defaults[3] = {
    {1, 100u, 80},
    {2, 200u, 443},
    {3, 300u, 8080},
};

static uint frame_sum(const Frame *f)
{
    return f->tag + f->h.kind + f->h.len + f->h.port + (uint)f->weight + f->tail[2];
}

kernel void moved_members(global uint *out, global const uint *in)
{
    const int gid = get_global_id(0);
    /* Headers read from the input buffer by their own layout. */
    global const Header *wire = (global const Header *)in;
    Header h = wire[gid];
    Frame frames[2];
    for (int i = 0; i < 2; ++i) {
        frames[i].tag = (char)(gid + i);
        frames[i].h = (i == 0) ? h : defaults[gid % 3];
        frames[i].h.len += (uint)i;
        frames[i].weight = (float)(in[gid * 64 + 10 + i] & 0xff);
        frames[i].tail[0] = 1;
        frames[i].tail[1] = 2;
        frames[i].tail[2] = (uchar)gid;
    }
    global uint *d = out + gid * 16;
    d[0] = (uint)sizeof(Header);
    d[1] = (uint)__alignof__(Header);
    d[2] = (uint)__builtin_offsetof(Header, len);
    d[3] = (uint)__builtin_offsetof(Header, port);
    d[4] = (uint)sizeof(Frame);
    d[5] = (uint)__builtin_offsetof(Frame, h);
    d[6] = (uint)__builtin_offsetof(Frame, weight);
    d[7] = (uint)__builtin_offsetof(Frame, tail);
    d[8] = h.kind;
    d[9] = h.len;
    d[10] = h.port;
    d[11] = frame_sum(&frames[0]);
    d[12] = frame_sum(&frames[1]);
    d[13] = (uint)((char *)&frames[1].h.port - (char *)&frames[0]);
    /* Headers written back through a global pointer, after the words above. */
    global Header *back = (global Header *)(out + 1024);
    back[gid] = frames[gid & 1].h;
    back[gid].port ^= 0x5a5a;
}

/* Variables declared `aligned(N)`, and of a type declared so: the address
 * honours it (code reads such buffers as wider words), in private and
 * local memory. */
typedef struct __attribute__((aligned(32))) { uint a; uchar b; } block_t;

kernel void aligned_variables(global uint *out, global const uint *in)
{
    const int g = get_global_id(0);
    char pad = (char)in[g];
    char buf[4] __attribute__((aligned(32)));
    __attribute__((aligned(64))) uchar4 v;
    block_t blk;
    local uint tile[8] __attribute__((aligned(128)));
    buf[0] = pad;
    v = (uchar4)(pad);
    blk.a = in[g + 64];
    blk.b = 3;
    tile[get_local_id(0) % 8] = in[2];
    barrier(CLK_LOCAL_MEM_FENCE);
    global uint *d = out + g * 8;
    d[0] = ((uintptr_t)buf & 31) == 0;
    d[1] = ((uintptr_t)&v & 63) == 0;
    d[2] = buf[0] + v.x;
    d[3] = ((uintptr_t)&blk & 31) == 0;
    d[4] = ((uintptr_t)tile & 127) == 0;
    d[5] = blk.a + blk.b + tile[0];
}

/* C11 `_Alignas`, with a value and with a type, on members and variables. */
typedef struct { _Alignas(16) float a; char b; _Alignas(double) int c; } alas_t;

kernel void alignas_c11(global int *out, global const int *in)
{
    const int g = get_global_id(0);
    _Alignas(32) int x = in[g];
    alas_t s = { (float)x, 1, x };
    out[g * 4 + 0] = (int)sizeof(alas_t) * 100 + (int)_Alignof(alas_t);
    out[g * 4 + 1] = (int)__builtin_offsetof(alas_t, c);
    out[g * 4 + 2] = ((uintptr_t)&x & 31) == 0;
    out[g * 4 + 3] = s.c + s.b;
}
