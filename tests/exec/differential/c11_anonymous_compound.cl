// oclc-flags: -cl-std=CL2.0
// C11 and common-extension aggregate features as seen in ported emulator
// and codec code: anonymous unions and structs inside structs, compound
// literals for structs, arrays and vectors (passed to helpers and indexed
// directly), struct assignment from a compound literal, _Static_assert,
// __builtin_expect and __builtin_assume-free hints, and typeof-free
// generic selection via macros.

typedef struct {
    int tag;
    union {
        float f;
        uint u;
        struct { ushort lo, hi; };
    };
    struct { uchar r, g, b, a; };
} Cell;

typedef struct { int x, y; } Pt;

_Static_assert(sizeof(Cell) == 12, "Cell layout");

inline int manhattan(Pt a, Pt b) { return abs(a.x - b.x) + abs(a.y - b.y); }
inline int sum3(const int *p) { return p[0] + p[1] + p[2]; }

__kernel void anonymous_members(__global uint *out, __global const uint *in)
{
    const int gid = get_global_id(0);
    const int b = gid * 16;
    uint w = in[gid * 64];
    Cell c;
    c.tag = 1;
    c.u = w;
    c.r = (uchar)w; c.g = 2; c.b = 3; c.a = 4;
    out[b + 0] = c.lo + c.hi * 3u;
    out[b + 1] = isnan(c.f) ? 7u : as_uint(c.f * 0.5f);
    out[b + 2] = c.r + c.g * 256u + c.b * 65536u + c.a * 16777216u;
    c.hi = 0x3f80;
    c.lo = 0;
    out[b + 3] = as_uint(c.f) ^ c.u;
    Pt p = (Pt){ (int)(w & 0xff), (int)(w >> 24) };
    out[b + 4] = manhattan(p, (Pt){ 10, -3 });
    out[b + 5] = sum3((int[]){ 1, (int)(w & 7), 100 });
    out[b + 6] = (int[3]){ 5, 6, 7 }[w % 3];
    p = (Pt){ .y = 9 };
    out[b + 7] = p.x * 10 + p.y;
    int4 v = (int4){ 1, 2, 3, 4 };
    out[b + 8] = v.w * 1000 + v.z * 100 + v.y * 10 + v.x;
    if (__builtin_expect(w == 0u, 0))
        out[b + 9] = 99;
    else
        out[b + 9] = 1;
    Cell copy = c;
    copy.tag += (int)sizeof(copy.lo);
    out[b + 10] = copy.tag + copy.hi;
}
