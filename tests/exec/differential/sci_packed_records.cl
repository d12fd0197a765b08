// packed on-disk / network record layouts read directly from a byte stream
typedef struct __attribute__((packed)) { uchar tag; float4 pos; short id; double m; int2 cell; } PRec;
typedef struct __attribute__((packed)) { char c; int i; } Tiny;
typedef struct { char c; Tiny t; short s; } Outer;   // Tiny is 1-aligned
kernel void packed_records(global uint *out, global const uchar *in)
{
    int g = get_global_id(0);
    global const PRec *r = (global const PRec *)(in + g * 37);
    PRec p = *r;
    float4 pos = p.pos;
    pos = select(pos, (float4)(0.0f), isnan(pos));
    out[g * 12 + 0] = p.tag;
    out[g * 12 + 1] = as_uint(pos.x) ^ as_uint(pos.w);
    out[g * 12 + 2] = (uint)p.id;
    out[g * 12 + 3] = (uint)as_ulong(p.m) ^ (uint)(as_ulong(p.m) >> 32);
    out[g * 12 + 4] = p.cell.x + p.cell.y;
    out[g * 12 + 5] = sizeof(PRec) | (sizeof(Outer) << 8) | (__alignof__(PRec) << 16) | (__builtin_offsetof(Outer, s) << 24);
    global PRec *w = (global PRec *)((global uchar *)(out + 1024) + g * 37);
    w->tag = p.tag + 1; w->pos = pos * 2.0f; w->id = p.id; w->m = (double)p.tag; w->cell = p.cell.yx;
    Outer o = { 'a', { 'b', r->id }, (short)g };
    global Outer *go = (global Outer *)(out + 2048);
    go[g] = o;
    out[g * 12 + 6] = r->cell.y;
}
