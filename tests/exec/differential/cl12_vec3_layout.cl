// oclc-flags: -cl-std=CL1.2
// 3-component vector layout as point-cloud and mesh kernels (PCL, Bullet's
// OpenCL solver) depend on it: sizeof/alignment of float3/int3 and of
// structs with vector members, arrays of such structs in private memory,
// and vload3/vstore3 on packed xyz streams versus float3 loads through a
// pointer (which read 16 bytes).

typedef struct {
    float3 pos;      /* 16 bytes, 16-aligned */
    float mass;
    int3 cell;
    char tag;
} Particle;

typedef struct {
    char c;
    short3 s;        /* 8 bytes, 8-aligned */
    uchar3 u;        /* 4 bytes */
    double d;
} Mixed;

__kernel void vec3_sizes(__global int *out, __global const float *in)
{
    const int gid = get_global_id(0);
    Particle ps[2];
    out[gid * 16 + 0] = sizeof(float3);
    out[gid * 16 + 1] = sizeof(char3) + sizeof(short3) * 10 + sizeof(long3) * 100;
    out[gid * 16 + 2] = sizeof(Particle);
    out[gid * 16 + 3] = __alignof__(Particle);
    out[gid * 16 + 4] = sizeof(Mixed);
    out[gid * 16 + 5] = (int)((char *)&ps[1] - (char *)&ps[0]);
    out[gid * 16 + 6] = (int)((char *)&ps[0].mass - (char *)&ps[0]);
    out[gid * 16 + 7] = (int)((char *)&ps[0].tag - (char *)&ps[0]);
    out[gid * 16 + 8] = vec_step(float3) * 10 + vec_step(int3);
    out[gid * 16 + 9] = sizeof(uchar3) + __alignof__(uchar3) * 16;
    Mixed m;
    out[gid * 16 + 10] = (int)((char *)&m.u - (char *)&m) * 100 + (int)((char *)&m.d - (char *)&m);
    ps[0].pos = vload3(0, in + gid * 64);
    ps[1].pos = vload3(1, in + gid * 64);
    ps[0].mass = 1.0f; ps[1].mass = 2.0f;
    float3 sum = 0.0f;
    for (int i = 0; i < 2; i++)
        sum += ps[i].pos * ps[i].mass;
    out[gid * 16 + 11] = as_int(sum.x) ^ as_int(sum.y) ^ as_int(sum.z);
}

__kernel void packed_xyz(__global float *out, __global const float *in)
{
    const int gid = get_global_id(0);
    const __global float *src = in + gid * 48;
    __global float *dst = out + gid * 48;
    float3 c = 0.0f;
    for (int i = 0; i < 16; i++) {
        float3 v = vload3(i, src);
        v = select(v, (float3)(0.0f), isnan(v) || isinf(v));
        c += v;
        vstore3(v * 0.5f - c * 0.125f, 15 - i, dst);
    }
    /* a float3 read through a float3 pointer covers 16 bytes per element */
    const __global float3 *p3 = (const __global float3 *)(in + gid * 48);
    float3 q = p3[1] + p3[2];
    vstore3(select(q, (float3)(-1.0f), isnan(q)), 0, out + 3072 + gid * 3);
}
