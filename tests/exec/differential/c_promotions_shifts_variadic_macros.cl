// oclc-flags: -cl-std=CL1.2
// Byte and pixel code from hashing and imaging libraries: `?:` between two
// narrow integers has type `int` (so `clz`, `rotate`, `sizeof`, `as_uchar4`
// and `__typeof__` see an `int`), vector shifts whose count has another
// signedness (`int4 << uint4`, `v >>= (char)3`), GNU named variadic
// macros (`args...`, `, ## args`), and scalars stored with `vstoren`.

#define PICK(c, a, b) ((c) ? (a) : (b))
#define MIX(first, rest...) mix3(first, ## rest)
#define LOG2(fmt, args...) (fmt + sum2(0, ## args))

static int mix3(int a, int b, int c) { return a * 31 + b * 7 + c; }
static int sum2(int a, int b) { return a + b; }

kernel void narrow_ternary(global uint *out, global const uint *in)
{
    const uint g = get_global_id(0);
    const uint w = in[g];
    const uchar a = (uchar)w, b = (uchar)(w >> 8);
    const short s = (short)(w >> 4), t = (short)in[g + 64];
    global uint *d = out + g * 16;
    d[0] = clz(PICK(w & 1, a, b));
    d[1] = (uint)rotate(PICK(w & 2, a, b), 28);
    d[2] = sizeof(PICK(w, a, b));
    d[3] = as_uint(as_uchar4(PICK(w & 4, a, b)));
    __typeof__(PICK(w, s, t)) wide = 300;
    wide += PICK(w & 8, s, t);
    d[4] = (uint)wide;
    d[5] = (uint)PICK(w & 16, (char)-3, (char)b);
    d[6] = popcount(PICK(w & 32, (ushort)w, (ushort)0xffff));
    d[7] = (uint)MIX(a, b, s);
    d[8] = (uint)LOG2(7, 5);
}

kernel void vector_shifts(global int4 *out, global const uint4 *in)
{
    const int g = get_global_id(0);
    int4 v = as_int4(in[g]);
    const uint4 count = in[g + 64];
    const int4 signed_count = as_int4(in[g + 128]);
    out[g * 4 + 0] = v << count;
    out[g * 4 + 1] = as_int4(in[g] >> signed_count);
    v <<= count;
    v >>= (char)3;
    out[g * 4 + 2] = v;
    uint4 u = in[g];
    u >>= signed_count;
    out[g * 4 + 3] = as_int4(u) ^ (v << (uchar)5);
    /* a scalar stored as a vector (splatted, as clang converts it) */
    vstore2(7, g + 512, (global int *)out);
    vstore4((short)-2, g + 768, (global int *)out);
}
