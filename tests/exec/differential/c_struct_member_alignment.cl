// oclc-flags: -cl-std=CL1.2
// Struct layouts with alignment attributes that real host/device shared
// headers carry: aligned(N) on members where it matches or restates the
// natural alignment (float4 at 16, ints at 4), aligned(N) on the whole
// struct (trailing padding), and records read through a global pointer
// with their offsets and sizes checked. (A member alignment that would
// move members is an error in oclc: tests/regressions/aligned_member_offset.cl.)

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
