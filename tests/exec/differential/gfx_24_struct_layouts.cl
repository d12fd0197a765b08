// Host-visible struct layouts typical of renderers (read from a raw buffer, fields re-emitted)
typedef struct { float3 p; float r; } Sphere;
typedef struct { float3 o, d; float tmin; int depth; } Ray;
typedef struct { uchar type; float3 albedo; ushort flags; double ior; char name[3]; float2 uv; } Material;
typedef struct { Sphere s[2]; Material m; int4 ids; } Scene;
typedef union { float3 v; float a[3]; uint4 bits; } U3;
typedef struct { char c; U3 u; short tail; } WithUnion;
typedef struct { half h; float3 n; half2 hh; long l; } Mixed;
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#define OFF(T, f) ((uint)(size_t)&(((T*)0)->f))
kernel void k(global uint *out, global const uchar *in) {
  int gid = get_global_id(0);
  global const uchar *base = in + gid * 256;
  global uint *o = out + gid * 64;
  global const Scene *sc = (global const Scene *)base;
  global const WithUnion *wu = (global const WithUnion *)(base + 192);
  o[0] = sizeof(Sphere); o[1] = sizeof(Ray); o[2] = sizeof(Material); o[3] = sizeof(Scene);
  o[4] = sizeof(U3); o[5] = sizeof(WithUnion); o[6] = sizeof(Mixed); o[7] = __alignof__(Material);
  o[8] = OFF(Material, albedo); o[9] = OFF(Material, flags); o[10] = OFF(Material, ior); o[11] = OFF(Material, name);
  o[12] = OFF(Material, uv); o[13] = OFF(Scene, m); o[14] = OFF(Scene, ids); o[15] = OFF(WithUnion, tail);
  o[16] = OFF(Mixed, n); o[17] = OFF(Mixed, hh); o[18] = OFF(Mixed, l); o[19] = OFF(Ray, depth);
  o[20] = as_uint(sc->s[1].p.y); o[21] = as_uint(sc->s[1].r); o[22] = sc->m.type; o[23] = as_uint(sc->m.albedo.z);
  o[24] = sc->m.flags; o[25] = as_uint2(sc->m.ior).y; o[26] = (uchar)sc->m.name[2]; o[27] = as_uint(sc->m.uv.y);
  o[28] = sc->ids.w; o[29] = as_uint(wu->u.a[2]); o[30] = wu->u.bits.x; o[31] = (ushort)wu->tail;
  Scene copy = *sc;                         // struct copy including padding-free fields
  copy.s[0] = copy.s[1];
  o[32] = as_uint(copy.s[0].p.x); o[33] = copy.m.name[0];
}
