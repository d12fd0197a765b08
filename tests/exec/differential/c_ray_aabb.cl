// oclc-flags: -cl-std=CL1.2
// Ray tracer inner loop from a small CPU/GPU path tracer: Ray, AABB and Hit
// structs passed by value and returned from helpers, an array of boxes in
// local memory, slab tests whose normal comes from a ternary chain of Vec3
// compound values, and an order-independent closest-hit reduction.

#define BOXES_PER_GROUP 16
#define T_MAX           1.0e30f
#define NO_HIT          (-1)

typedef struct { float x, y, z; } Vec3;
typedef struct { Vec3 lo, hi; } AABB;
typedef struct { Vec3 org, dir, inv_dir; float tmin, tmax; } Ray;
typedef struct { float t; int id; Vec3 normal; } Hit;

static inline float fin(float f, float dflt) { return isfinite(f) ? clamp(f, -32.0f, 32.0f) : dflt; }

static inline Vec3 v3(float x, float y, float z) { return (Vec3){ x, y, z }; }
static inline Vec3 v3_add(Vec3 a, Vec3 b) { return v3(a.x + b.x, a.y + b.y, a.z + b.z); }
static inline Vec3 v3_sub(Vec3 a, Vec3 b) { return v3(a.x - b.x, a.y - b.y, a.z - b.z); }
static inline Vec3 v3_scale(Vec3 a, float s) { return v3(a.x * s, a.y * s, a.z * s); }
static inline float v3_dot(Vec3 a, Vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static inline Vec3 v3_cross(Vec3 a, Vec3 b)
{
    return (Vec3){ .x = a.y * b.z - a.z * b.y,
                   .y = a.z * b.x - a.x * b.z,
                   .z = a.x * b.y - a.y * b.x };
}
static inline Vec3 v3_min(Vec3 a, Vec3 b) { return v3(fmin(a.x, b.x), fmin(a.y, b.y), fmin(a.z, b.z)); }
static inline Vec3 v3_max(Vec3 a, Vec3 b) { return v3(fmax(a.x, b.x), fmax(a.y, b.y), fmax(a.z, b.z)); }

static inline Vec3 load_v3(global const float *p)
{
    return v3(fin(p[0], 0.5f), fin(p[1], -0.5f), fin(p[2], 1.0f));
}

static inline float safe_dir(float d)
{
    /* keep |d| >= 1/64 so 1/d stays finite */
    return fabs(d) < 0.015625f ? copysign(0.015625f, d) : d;
}

static Ray make_ray(Vec3 org, Vec3 dir)
{
    Ray r;
    r.org = org;
    r.dir = v3(safe_dir(dir.x), safe_dir(dir.y), safe_dir(dir.z));
    r.inv_dir = v3(1.0f / r.dir.x, 1.0f / r.dir.y, 1.0f / r.dir.z);
    r.tmin = 0.0f;
    r.tmax = T_MAX;
    return r;
}

static AABB box_from_points(Vec3 a, Vec3 b)
{
    return (AABB){ .lo = v3_min(a, b), .hi = v3_max(a, b) };
}

/* slab test; returns entry distance and which slab produced it */
static Hit intersect_box(Ray r, AABB b, int id)
{
    Vec3 t0 = v3_scale(v3_sub(b.lo, r.org), 1.0f);
    Vec3 t1 = v3_sub(b.hi, r.org);
    t0 = v3(t0.x * r.inv_dir.x, t0.y * r.inv_dir.y, t0.z * r.inv_dir.z);
    t1 = v3(t1.x * r.inv_dir.x, t1.y * r.inv_dir.y, t1.z * r.inv_dir.z);
    Vec3 tn = v3_min(t0, t1), tf = v3_max(t0, t1);
    float tenter = fmax(fmax(tn.x, tn.y), fmax(tn.z, r.tmin));
    float texit = fmin(fmin(tf.x, tf.y), fmin(tf.z, r.tmax));
    Hit h = { .t = T_MAX, .id = NO_HIT, .normal = { 0.0f, 0.0f, 0.0f } };
    if (tenter <= texit) {
        h.t = tenter;
        h.id = id;
        h.normal = tenter == tn.x ? v3(-sign(r.dir.x), 0.0f, 0.0f)
                 : tenter == tn.y ? v3(0.0f, -sign(r.dir.y), 0.0f)
                 :                  v3(0.0f, 0.0f, -sign(r.dir.z));
    }
    return h;
}

static inline Hit closer(Hit a, Hit b)
{
    /* ties resolved by id so the result does not depend on visit order */
    return (b.t < a.t || (b.t == a.t && b.id < a.id && b.id != NO_HIT)) ? b : a;
}

kernel __attribute__((reqd_work_group_size(BOXES_PER_GROUP, 1, 1)))
void ray_box_scene(global float *out, global const float *in)
{
    local AABB boxes[BOXES_PER_GROUP];
    const int lid = get_local_id(0);
    const int gid = get_global_id(0);

    global const float *bp = in + 6 * gid;
    boxes[lid] = box_from_points(load_v3(bp), load_v3(bp + 3));
    barrier(CLK_LOCAL_MEM_FENCE);

    global const float *rp = in + 1024 + 6 * gid;
    Ray ray = make_ray(load_v3(rp), load_v3(rp + 3));
    Hit best = { T_MAX, NO_HIT, { 0.0f, 0.0f, 0.0f } };
    int tested = 0;
    for (int b = 0; b < BOXES_PER_GROUP; ++b) {
        if (b == lid)
            continue;                               /* skip the box we own */
        best = closer(best, intersect_box(ray, boxes[b], b));
        ++tested;
    }
    Vec3 p = best.id == NO_HIT ? ray.org : v3_add(ray.org, v3_scale(ray.dir, best.t));
    global float *o = out + 8 * gid;
    o[0] = best.t;
    o[1] = (float)best.id;
    o[2] = p.x; o[3] = p.y; o[4] = p.z;
    o[5] = v3_dot(best.normal, v3(1.0f, 2.0f, 4.0f));
    o[6] = (float)tested;
    o[7] = boxes[(lid + 1) & (BOXES_PER_GROUP - 1)].hi.y;
}

