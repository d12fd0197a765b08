// oclc-flags: -cl-std=CL1.2
// Struct-heavy helper code as in ray tracers and rigid-body solvers
// (SmallLuxGPU, Bullet): call chains that pass and return structs by
// value, helpers that take pointers to private arrays and to struct
// members, arrays of structs staged in local memory behind barriers, and
// structs containing arrays and nested structs.

typedef struct { float x, y, z; } Vec;
typedef struct { Vec o, d; float tmin, tmax; } Ray;
typedef struct { Vec c; float r; int id; } Sphere;
typedef struct { float t; int id; Vec n; } Hit;
typedef struct { int keys[4]; short cnt; uchar flags; } Bucket;

inline Vec vmake(float x, float y, float z) { Vec v = { x, y, z }; return v; }
inline Vec vsub(Vec a, Vec b) { return vmake(a.x - b.x, a.y - b.y, a.z - b.z); }
inline Vec vscale(Vec a, float s) { Vec r = a; r.x *= s; r.y *= s; r.z *= s; return r; }
inline float vdot(Vec a, Vec b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline Vec vnorm(Vec a) { float l = sqrt(vdot(a, a)); return l > 0.0f ? vscale(a, 1.0f / l) : vmake(0.0f, 0.0f, 1.0f); }
inline float clean(float f) { return isfinite(f) ? fmod(f, 20.0f) : 0.25f; }

inline Hit intersect(Ray ray, Sphere s, Hit best)
{
    Vec oc = vsub(ray.o, s.c);
    float bq = vdot(oc, ray.d);
    float cq = vdot(oc, oc) - s.r * s.r;
    float disc = bq * bq - cq;
    if (disc < 0.0f)
        return best;
    float sq = sqrt(disc);
    float t = -bq - sq;
    if (t < ray.tmin)
        t = -bq + sq;
    if (t < ray.tmin || t > best.t)
        return best;
    Hit h;
    h.t = t;
    h.id = s.id;
    Vec p = vmake(ray.o.x + t * ray.d.x, ray.o.y + t * ray.d.y, ray.o.z + t * ray.d.z);
    h.n = vnorm(vsub(p, s.c));
    return h;
}

__kernel void trace_spheres(__global float *out, __global const float *in)
{
    __local Sphere scene[16];
    const int lid = get_local_id(0), gid = get_global_id(0);
    const int b = gid * 64;
    Sphere s;
    s.c = vmake(clean(in[b]), clean(in[b + 1]), clean(in[b + 2]) + 30.0f);
    s.r = fabs(clean(in[b + 3])) * 0.5f + 1.0f;
    s.id = gid;
    scene[lid] = s;
    barrier(CLK_LOCAL_MEM_FENCE);

    Ray ray;
    ray.o = vmake(0.0f, 0.0f, 0.0f);
    ray.d = vnorm(vmake(clean(in[b + 4]) * 0.05f, clean(in[b + 5]) * 0.05f, 1.0f));
    ray.tmin = 1e-3f;
    ray.tmax = 1e30f;
    Hit best = { ray.tmax, -1, { 0.0f, 0.0f, 0.0f } };
    for (int i = 0; i < 16; i++)
        best = intersect(ray, scene[i], best);
    out[b] = best.t;
    out[b + 1] = (float)best.id;
    out[b + 2] = best.n.x;
    out[b + 3] = best.n.y;
    out[b + 4] = best.n.z;
}

inline void insertion_sort(int *a, int n)
{
    for (int i = 1; i < n; i++) {
        int v = a[i], j = i - 1;
        while (j >= 0 && a[j] > v) { a[j + 1] = a[j]; j--; }
        a[j + 1] = v;
    }
}

inline int median_of(int *a, int n) { insertion_sort(a, n); return a[n / 2]; }

inline void bump(short *cnt, uchar *flags, int k)
{
    *cnt += 1;
    *flags |= (uchar)(1 << (k & 7));
}

inline Bucket bucket_add(Bucket bk, int key)
{
    if (bk.cnt < 4)
        bk.keys[bk.cnt] = key;
    bump(&bk.cnt, &bk.flags, key);
    return bk;
}

__kernel void buckets(__global int *out, __global const int *in)
{
    __local Bucket lb[16];
    const int lid = get_local_id(0), gid = get_global_id(0);
    const int b = gid * 64;
    Bucket bk = { { 0, 0, 0, 0 }, 0, 0 };
    for (int i = 0; i < 6; i++)
        if (in[b + i] & 1)
            bk = bucket_add(bk, in[b + 8 + i] & 0xffff);
    lb[lid] = bk;
    barrier(CLK_LOCAL_MEM_FENCE);
    Bucket nb = lb[lid ^ 5];
    int tmp[9];
    for (int i = 0; i < 9; i++)
        tmp[i] = (in[b + 16 + i] >> 3) & 0xfff;
    out[b] = median_of(tmp, 9);
    out[b + 1] = median_of(tmp + 2, 5);
    for (int i = 0; i < 9; i++)
        out[b + 2 + i] = tmp[i];
    out[b + 11] = nb.cnt;
    out[b + 12] = nb.flags;
    for (int i = 0; i < 4; i++)
        out[b + 13 + i] = nb.keys[i];
    out[b + 17] = sizeof(Bucket) * 100 + sizeof(Hit);
}
