// GNU extensions clang accepts in OpenCL C and ported C code uses: branch
// hints (likely/unlikely macros), __builtin_assume/__builtin_unreachable,
// __typeof__ in generic macros, GNU spellings of math and bit built-ins,
// and _Static_assert on layout assumptions.

#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
#define SWAP(a, b) do { __typeof__(a) tmp_ = (a); (a) = (b); (b) = tmp_; } while (0)

typedef struct { float3 p; uint key; } Item;
_Static_assert(sizeof(Item) == 32, "float3 members are 16 bytes");

kernel void sort3(global uint *out, global const uint *in)
{
    int gid = get_global_id(0);
    uint a = in[3 * gid], b = in[3 * gid + 1], c = in[3 * gid + 2];
    if (a > b) SWAP(a, b);
    if (b > c) SWAP(b, c);
    if (a > b) SWAP(a, b);
    out[4 * gid] = a;
    out[4 * gid + 1] = b;
    out[4 * gid + 2] = c;
    __typeof__(a + 1.0f) f = (float)(a & 0xffff) * 0.5f;
    out[4 * gid + 3] = as_uint(f);
}

kernel void bits(global uint *out, global const uint *in)
{
    int gid = get_global_id(0);
    uint x = in[gid] | 1u;
    __builtin_assume(x != 0);
    if (unlikely(x == 0))
        __builtin_unreachable();
    uint score = likely(x > 1000u) ? (uint)__builtin_popcount(x) : (uint)__builtin_clz(x);
    out[2 * gid] = score + (uint)__builtin_ctz(x << 3);
    float y = as_float(in[gid] & 0x3fffffffu);
    out[2 * gid + 1] = as_uint(__builtin_sqrtf(__builtin_fabsf(y)) + __builtin_fmaxf(y, 1.0f));
}
