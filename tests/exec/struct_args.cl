// Structs and unions passed by value: to kernels (set with
// clSetKernelArg from host bytes laid out as the device lays them out) and
// to helper functions, which get a copy they may modify. Each kernel
// writes every field it received back so the host can check it arrived.

typedef struct {
    ulong dims[4];
    ulong strides[4];
    ulong offset;
} Shape;

typedef struct {
    char tag;
    int count;
    char pad_after;
    long big;
    short small[3];
} Mixed;

typedef struct {
    float x, y;
} Point;

typedef struct {
    Point lo;
    Point hi;
    uint id;
} Box;

typedef union {
    uint bits;
    float value;
} Word;

// The element of a strided 4-d view at linear index `i` (as a tensor
// library would compute it).
ulong element_offset(Shape s, ulong i) {
    ulong at = s.offset;
    for (int d = 3; d >= 0; d--) {
        at += (i % s.dims[d]) * s.strides[d];
        i /= s.dims[d];
    }
    return at;
}

kernel void gather(global const float *src, global float *dst, Shape shape) {
    size_t i = get_global_id(0);
    dst[i] = src[element_offset(shape, i)];
}

kernel void echo_mixed(global long *out, Mixed m) {
    out[0] = m.tag;
    out[1] = m.count;
    out[2] = m.pad_after;
    out[3] = m.big;
    out[4] = m.small[0];
    out[5] = m.small[1];
    out[6] = m.small[2];
}

// The helper scales its own copy; the caller's box must be unchanged.
float area_scaled(Box b, float k) {
    b.hi.x *= k;
    b.hi.y *= k;
    return (b.hi.x - b.lo.x) * (b.hi.y - b.lo.y);
}

kernel void boxes(global float *out, Box box, Word w) {
    out[0] = area_scaled(box, 2.0f);
    out[1] = (box.hi.x - box.lo.x) * (box.hi.y - box.lo.y);
    out[2] = (float)box.id;
    out[3] = w.value;
}
