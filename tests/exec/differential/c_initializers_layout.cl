// oclc-flags: -cl-std=CL2.0
// C initializer and layout rules as ported C code relies on them:
// designated initializers for arrays, nested structs and unions, fully
// braced multi-dimensional arrays, partially initialized aggregates
// (the rest zero), char arrays from string literals, enums with negative
// and explicit values, packed structs, and struct views over a
// global buffer (as network-packet and file-format parsers do).

typedef enum { RED = -2, GREEN, BLUE = 7, ALPHA } Channel;

typedef struct { short tag; int value; char name[6]; } Field;
typedef struct { Field f[2]; float w; } Record;
typedef union { uint u; float f; uchar b[4]; } Word;

typedef struct __attribute__((packed)) { uchar kind; uint len; ushort port; } PackedHdr;
typedef struct { ushort src, dst; uint seq; uchar flags, window; short csum; } TcpLike;

__constant int sparse[10] = { [2] = 5, [7] = -3, 11, [0] = 1 };
__constant char banner[] = "oclc\0probe";

__kernel void initializers(__global int *out, __global const int *in)
{
    const int gid = get_global_id(0);
    int v = in[gid * 64];
    int grid[3][4] = { { 1, 2, 3, 4 }, { 5 }, { 9, 10 } };
    Record r = { .f[1] = { .value = v, .tag = 3 }, .w = 0.5f, .f[0].name = { 'a', 'b' } };
    Word w = { .f = 1.5f };
    char msg[8] = "hi";
    int sum = 0;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 4; j++)
            sum = sum * 3 + grid[i][j];
    out[gid * 32 + 0] = sum;
    out[gid * 32 + 1] = r.f[0].tag + r.f[0].value + r.f[0].name[0] + r.f[0].name[1] * 3 + r.f[0].name[2] * 5;
    out[gid * 32 + 2] = r.f[1].tag * 100 + r.f[1].name[5];
    out[gid * 32 + 3] = r.f[1].value;
    out[gid * 32 + 4] = as_int(r.w);
    out[gid * 32 + 5] = (int)w.u + w.b[3];
    out[gid * 32 + 6] = msg[0] + msg[1] * 256 + msg[2] + msg[7];
    for (int i = 0; i < 10; i++)
        out[gid * 32 + 7 + i] = sparse[i];
    out[gid * 32 + 17] = sizeof(banner) * 100 + banner[4] + banner[5];
    out[gid * 32 + 18] = RED * 1000 + GREEN * 100 + BLUE * 10 + ALPHA;
    out[gid * 32 + 19] = sizeof(Channel) + sizeof(Record) * 10;
    Channel c = (Channel)(v & 3);
    switch (c) {
    case RED: out[gid * 32 + 20] = 1; break;
    case GREEN: out[gid * 32 + 20] = 2; break;
    default: out[gid * 32 + 20] = (int)c + 10;
    }
    int4 iv = (int4)(v);
    int8 wide = (int8)(iv.xy, 7, iv.zw, (int2)(8, 9), 10);
    out[gid * 32 + 21] = wide.s0 + wide.s2 * 2 + wide.s5 * 3 + wide.s7 * 4;
}

__kernel void packed_views(__global uint *out, __global const uchar *in)
{
    const int gid = get_global_id(0);
    __global const uchar *p = in + gid * 256;
    __global const TcpLike *t = (__global const TcpLike *)(p + 16);
    PackedHdr ph;
    out[gid * 16 + 0] = sizeof(PackedHdr) * 100 + sizeof(TcpLike);
    out[gid * 16 + 1] = __alignof__(TcpLike) * 100 + __alignof__(PackedHdr);
    out[gid * 16 + 2] = (uint)((char *)&ph.port - (char *)&ph) * 100 + (uint)((char *)&ph.len - (char *)&ph);
    out[gid * 16 + 3] = sizeof(TcpLike);
    out[gid * 16 + 4] = ((uint)t->src << 16) | t->dst;
    out[gid * 16 + 5] = t->seq;
    out[gid * 16 + 6] = (uint)t->flags | (uint)t->window << 8 | (uint)(ushort)t->csum << 16;
    PackedHdr h;
    h.kind = p[0];
    h.len = ((uint)p[1] << 24) | ((uint)p[2] << 16) | ((uint)p[3] << 8) | p[4];
    h.port = (ushort)(p[5] | (p[6] << 8));
    PackedHdr copy = h;
    out[gid * 16 + 7] = copy.kind + copy.len + copy.port;
    __global const Word *wp = (__global const Word *)(p + 32);
    out[gid * 16 + 8] = wp[0].b[1] + wp[1].u;
    out[gid * 16 + 9] = isnan(wp[2].f) ? 1u : as_uint(wp[2].f * 2.0f);
}
