// oclc-flags: -cl-std=CL1.2
// Struct layouts of SDK samples: packed, aligned and nested records.
typedef struct { char c; long l; short s; float3 v; uchar t[3]; } mix_t;
typedef struct __attribute__((packed)) { char c; int i; short s; long l; } pk_t;
typedef struct { pk_t p; char tail; } wrap_t;
typedef struct __attribute__((aligned(32))) { float a; int2 b; } al_t;
typedef struct { float4 m[2]; uchar2 k; ushort3 h; } vecs_t;
typedef struct { int n; struct { short a, b; } in[3]; char z; } nest_t;

__kernel void layout(__global int *out, __global const uchar *in)
{
    int gid = get_global_id(0);
    __global const mix_t *m = (__global const mix_t *)in;
    __global const pk_t *p = (__global const pk_t *)(in + 1);
    __global const wrap_t *w = (__global const wrap_t *)(in + 2048);
    __global const al_t *a = (__global const al_t *)(in + 4096);
    __global const vecs_t *v = (__global const vecs_t *)(in + 8192);
    __global const nest_t *n = (__global const nest_t *)(in + 12288);
    __global int *o = out + gid * 32;
    o[0] = sizeof(mix_t) | (sizeof(pk_t) << 8) | (sizeof(wrap_t) << 16) | (sizeof(al_t) << 24);
    o[1] = sizeof(vecs_t) | (sizeof(nest_t) << 8);
    mix_t mm = m[gid];
    o[2] = mm.c; o[3] = (int)(mm.l >> 7); o[4] = mm.s; o[5] = as_int(mm.v.z); o[6] = mm.t[2];
    pk_t pp = p[gid];
    o[7] = pp.c; o[8] = pp.i; o[9] = pp.s; o[10] = (int)(pp.l >> 20);
    o[11] = w[gid].p.i ^ w[gid].tail;
    al_t aa = a[gid];
    o[12] = as_int(aa.a) ^ aa.b.y;
    o[13] = (int)((__global const uchar *)&a[gid].b - (__global const uchar *)&a[gid]);
    o[14] = as_int(v[gid].m[1].w) + v[gid].k.y + v[gid].h.z;
    o[15] = n[gid].n + n[gid].in[2].b + n[gid].z;
    o[16] = (int)((__global const char *)&n[gid].z - (__global const char *)&n[gid]);
    o[17] = (int)((__global const char *)&m[gid].v - (__global const char *)&m[gid]);
    o[18] = (int)((__global const char *)&v[gid].h - (__global const char *)&v[gid]);
    /* write a struct back */
    __global mix_t *mo = (__global mix_t *)(out + 2048);
    mix_t t = mm;
    t.c += 1; t.v = t.v.zyx; t.t[0] = 0x55;
    mo[gid].c = t.c; mo[gid].l = t.l; mo[gid].s = t.s; vstore3(t.v, 0, (__global float *)&mo[gid].v);
    for (int k = 0; k < 3; k++) mo[gid].t[k] = t.t[k];
    __global pk_t *po = (__global pk_t *)((__global char *)(out + 2048 + 64 * 16) + 3);
    pk_t q = pp; q.i ^= 0x1234;
    if (gid < 63) po[gid] = q;
}
