// oclc-flags: -cl-std=CL1.2
// Geometry / animation library code: Vec2, Vec3, Quat and Transform structs
// passed by value and returned from helpers, nested structs (Transform holds
// a Quat and a Vec3), private arrays of structs walked with pointers, a local array of
// bounds structs merged by a fixed reduction tree,
// compound literals and designated initializers.

#define POLY_N          8
#define WG              16

typedef struct { float x, y, z; } Vec3;
typedef struct { float w; Vec3 v; } Quat;
typedef struct { Quat rot; Vec3 pos; float scale; } Transform;
typedef struct { float x, y; } Vec2;
typedef struct { Vec3 lo, hi; int count; } Bounds;

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

/* shoelace area, centroid and perimeter of a star-shaped polygon */
typedef struct { float area; Vec2 centroid; float perimeter; } PolyProps;

static PolyProps polygon_props(const Vec2 *pts, int n)
{
    PolyProps pp = { 0.0f, { 0.0f, 0.0f }, 0.0f };
    const Vec2 *end = pts + n;
    for (const Vec2 *p = pts; p != end; ++p) {
        const Vec2 *q = (p + 1 == end) ? pts : p + 1;
        float cr = p->x * q->y - q->x * p->y;
        pp.area += cr;
        pp.centroid.x += (p->x + q->x) * cr;
        pp.centroid.y += (p->y + q->y) * cr;
        pp.perimeter += hypot(q->x - p->x, q->y - p->y);
    }
    pp.area *= 0.5f;
    if (pp.area != 0.0f) {
        pp.centroid.x /= 6.0f * pp.area;
        pp.centroid.y /= 6.0f * pp.area;
    }
    return pp;
}

kernel void polygon_metrics(global float *out, global const float *in)
{
    const int gid = get_global_id(0);
    Vec2 poly[POLY_N];
    for (int k = 0; k < POLY_N; ++k) {
        /* radius from input, angle fixed: always a simple polygon */
        float r = 1.0f + fabs(fin(in[gid * POLY_N + k], 1.0f));
        float c, s = sincos(0.785398163f * (float)k, &c);
        poly[k] = (Vec2){ .x = r * c, .y = r * s };
    }
    PolyProps pp = polygon_props(poly, POLY_N);
    PolyProps half_pp = polygon_props(poly + 2, POLY_N / 2);
    out[4 * gid + 0] = pp.area;
    out[4 * gid + 1] = pp.centroid.x;
    out[4 * gid + 2] = pp.centroid.y + half_pp.area;
    out[4 * gid + 3] = pp.perimeter - half_pp.perimeter;
}

static inline Quat q_mul(Quat a, Quat b)
{
    Quat r;
    r.w = a.w * b.w - v3_dot(a.v, b.v);
    r.v = v3_add(v3_add(v3_scale(b.v, a.w), v3_scale(a.v, b.w)), v3_cross(a.v, b.v));
    return r;
}

static inline Quat q_normalize(Quat q)
{
    float n = sqrt(q.w * q.w + v3_dot(q.v, q.v));
    float inv = n > 0.0f ? 1.0f / n : 0.0f;
    return (Quat){ q.w * inv, v3_scale(q.v, inv) };
}

static inline Vec3 q_rotate(Quat q, Vec3 p)
{
    /* p' = p + 2w(v x p) + 2 v x (v x p) */
    Vec3 t = v3_scale(v3_cross(q.v, p), 2.0f);
    return v3_add(v3_add(p, v3_scale(t, q.w)), v3_cross(q.v, t));
}

static inline Vec3 apply(Transform xf, Vec3 p)
{
    return v3_add(v3_scale(q_rotate(xf.rot, p), xf.scale), xf.pos);
}

static Transform compose(Transform parent, Transform child)
{
    Transform r = {
        .rot = q_normalize(q_mul(parent.rot, child.rot)),
        .pos = apply(parent, child.pos),
        .scale = parent.scale * child.scale,
    };
    return r;
}

kernel void skeleton_pose(global float *out, global const float *in)
{
    const int gid = get_global_id(0);
    /* a chain of four bones; each joint's local transform comes from input */
    Transform chain[4];
    for (int j = 0; j < 4; ++j) {
        global const float *p = in + 2048 + 32 * (gid & 31) + 8 * j;
        chain[j].rot = q_normalize((Quat){ fin(p[0], 1.0f), load_v3(p + 1) });
        chain[j].pos = v3(fin(p[4], 0.0f) * 0.125f, 1.0f, 0.0f);
        chain[j].scale = 1.0f + 0.0625f * (float)(j & 1);
    }
    Transform world = chain[0];
    Vec3 tip = apply(world, v3(0.0f, 1.0f, 0.0f));
    global float *o = out + 16 * gid;
    o[0] = tip.x; o[1] = tip.y; o[2] = tip.z;
    for (int j = 1; j < 4; ++j) {
        world = compose(world, chain[j]);
        tip = apply(world, (Vec3){ .y = 1.0f });
        o[3 * j + 0] = tip.x;
        o[3 * j + 1] = tip.y;
        o[3 * j + 2] = tip.z;
    }
    o[12] = world.rot.w;
    o[13] = world.scale;
    o[14] = sizeof(Transform) == 8 * sizeof(float) ? 1.0f : -1.0f;
    o[15] = (float)(gid + 1);
}

static inline Bounds bounds_merge(Bounds a, Bounds b)
{
    Bounds r;
    r.lo = v3_min(a.lo, b.lo);
    r.hi = v3_max(a.hi, b.hi);
    r.count = a.count + b.count;
    return r;
}

static inline float bounds_area(const Bounds *b)
{
    Vec3 d = v3_sub(b->hi, b->lo);
    return 2.0f * (d.x * d.y + d.y * d.z + d.z * d.x);
}

/* per-group scene bounds, as the top of a BVH build computes them */
kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void group_bounds_tree(global float *out, global const float *in)
{
    local Bounds tree[WG];
    const int lid = get_local_id(0);
    const int gid = get_global_id(0);
    Bounds mine = { .lo = load_v3(in + 6 * gid), .hi = load_v3(in + 6 * gid + 3), .count = 1 };
    mine = (Bounds){ v3_min(mine.lo, mine.hi), v3_max(mine.lo, mine.hi), mine.count };
    tree[lid] = mine;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = WG / 2; s > 0; s >>= 1) {
        if (lid < s)
            tree[lid] = bounds_merge(tree[lid], tree[lid + s]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    Bounds all = tree[0];
    global float *o = out + 8 * gid;
    o[0] = all.lo.x; o[1] = all.lo.y; o[2] = all.lo.z;
    o[3] = all.hi.x; o[4] = all.hi.y; o[5] = all.hi.z;
    o[6] = bounds_area(&mine) / fmax(bounds_area(&all), 1.0f);
    o[7] = (float)all.count;
}
