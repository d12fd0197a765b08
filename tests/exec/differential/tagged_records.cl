// Records as physics and geometry code declares them: anonymous unions of
// a vector and its named components, anonymous structs, designated
// initializers that reach through them, and compound literals of them.

typedef struct {
    union {
        struct { float x, y, z; };
        float v[3];
    };
    int kind;
} Point;

typedef struct {
    union {
        float4 packed;
        struct { float r, g, b, a; };
    };
    uint flags;
} Color;

float norm1(Point p)
{
    return fabs(p.v[0]) + fabs(p.v[1]) + fabs(p.v[2]);
}

kernel void records(global float *out, global const float *in)
{
    int gid = get_global_id(0);
    float a = in[gid], b = in[gid + 64], c = in[gid + 128];
    a = isfinite(a) ? a : 1.0f;
    b = isfinite(b) ? b : 2.0f;
    c = isfinite(c) ? c : 3.0f;
    Point p = { .x = a, .y = b, .z = c, .kind = 2 };
    Point q = { .kind = 1, .z = a, .x = c };
    Color col = { .packed = (float4)(a, b, c, 1.0f), .flags = 7u };
    Color dim = { .g = 0.5f, .a = 1.0f };
    out[4 * gid] = norm1(p) + norm1(q) * (float)q.kind;
    out[4 * gid + 1] = col.r * col.a + col.b + (float)col.flags;
    out[4 * gid + 2] = dim.packed.y + dim.packed.w + dim.r;
    out[4 * gid + 3] = norm1((Point){ .y = -b, .kind = 0 }) + p.v[2];
}
