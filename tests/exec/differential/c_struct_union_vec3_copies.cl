// Particle records and vec3 unions written straight to global memory: the
// layout (half, float3, double, bool members) must match the runtime's, and
// whole-struct and whole-union copies move every byte (a union carried by a
// float3 lost its fourth lane when copied as a value; copies are now
// OpCopyMemorySized, as clang's memcpy).
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
// particle records written straight to global memory (layout must match the runtime's compiler)
typedef struct { char type; half q; float3 x; short flags; double mass; uchar2 cell; bool alive; float8 hist; } Rec;
typedef union { float3 v; int4 i; double2 d; char raw[16]; } U3;
typedef struct { bool a; bool b[3]; char c; ushort s; } Flags;
typedef struct { Flags f; U3 u; half h[3]; long l; } Nested;
kernel void struct_layout_io(global uint *out, global const uint *in)
{
    int g = get_global_id(0);
    global Rec *recs = (global Rec *)out;
    global Nested *nest = (global Nested *)(out + 64 * sizeof(Rec) / 4);
    uint w = in[g];
    Rec r;
    r.type = (char)w; r.q = (half)(float)(w & 0xff); r.x = (float3)(w, w >> 8, w >> 16);
    r.flags = (short)(w >> 3); r.mass = (double)w * 0.5; r.cell = (uchar2)(w >> 24, w >> 12);
    r.alive = (w & 1) != 0; r.hist = (float8)((float)(w & 7));
    if (g < 32) recs[g] = r;
    else { recs[g].type = r.type; recs[g].x = r.x; recs[g].mass = r.mass; recs[g].alive = r.alive; recs[g].hist.s5 = 3.0f; recs[g].cell.y = 9; }
    Nested n = { { true, { false, true, (w & 2) != 0 }, 'z', (ushort)w }, { .i = (int4)(1, 2, 3, 4) }, { (half)1.5h, (half)-2.0h, (half)(float)(w & 15) }, (long)w << 20 };
    n.u.v.y = 7.5f;
    if (g < 16) nest[g] = n;
    global float3 *v3 = (global float3 *)(out + 3000);
    if (g < 16) v3[g] = r.x * 2.0f;
    local float3 lv[16];
    lv[get_local_id(0)] = r.x;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (g < 16) out[3000 + 64 + g] = as_uint(lv[(get_local_id(0) + 5) & 15].z);
    if (g == 0) { out[3100] = sizeof(Rec); out[3101] = sizeof(Nested); out[3102] = sizeof(U3); out[3103] = sizeof(Flags);
                  out[3104] = __alignof__(Rec); out[3105] = sizeof(bool); out[3106] = __builtin_offsetof(Rec, mass); out[3107] = __builtin_offsetof(Nested, l); }
}
