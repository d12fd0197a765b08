// oclc-flags: -cl-std=CL1.2 -DBLOCK=8 -DSCALE=3u
// Macro-heavy kernels as code generators and templated libraries
// (ViennaCL, clBLAS, Halide's OpenCL back end) emit them: token pasting to
// build type and function names, stringification, variadic macros with
// __VA_ARGS__, #if arithmetic with unsigned and negative values, nested
// conditionals on -D options, __LINE__, macros expanding to pragmas via
// _Pragma, the unroll hints, and function-like macros used as generic code.

#define STR_(x) #x
#define STR(x) STR_(x)
#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)
#define VEC(T, n) CAT(T, n)
#define CONVERT(T, x) CAT(convert_, T)(x)
#define FIRST(a, ...) (a)
#define COUNT(...) COUNT_(__VA_ARGS__, 8, 7, 6, 5, 4, 3, 2, 1)
#define COUNT_(a1, a2, a3, a4, a5, a6, a7, a8, n, ...) n
#define SUM(dst, ...) do { int lst_[] = { __VA_ARGS__ }; dst = sum_list(lst_, COUNT(__VA_ARGS__)); } while (0)
#define UNROLL _Pragma("unroll")

#if (-1 < 0u)
#define UNSIGNED_PROMOTION 1
#else
#define UNSIGNED_PROMOTION 0
#endif

#if BLOCK * 2 == 16 && defined(SCALE) && !defined(NOT_DEFINED)
#define MODE 2
#elif BLOCK > 4
#define MODE 1
#else
#define MODE 0
#endif

#if 0x7fffffffffffffff > 0 && (1 << 40) > 0 && -9223372036854775807 - 1 < 0
#define WIDE_PP 1
#else
#define WIDE_PP 0
#endif

inline int sum_list(const int *p, int n)
{
    int s = 0;
    for (int i = 0; i < n; i++)
        s += p[i];
    return s;
}

#define DEFINE_DOT(T, N)                                                  \
    inline T CAT(dot_, CAT(T, N))(VEC(T, N) a, VEC(T, N) b)               \
    {                                                                     \
        VEC(T, N) p = a * b;                                              \
        T s = 0;                                                          \
        UNROLL for (int i = 0; i < N; i++) s += p[i];                     \
        return s;                                                         \
    }
DEFINE_DOT(int, 4)
DEFINE_DOT(uint, 8)
DEFINE_DOT(short, 2)

__kernel void CAT(macro_, kernel)(__global int *out, __global const int *in)
{
    const int gid = get_global_id(0);
    const int b = gid * 32;
    constant char *name = STR(VEC(float, BLOCK));
    int h = 0;
    for (int i = 0; name[i]; i++)
        h = h * 31 + name[i];
    out[b + 0] = h;
    out[b + 1] = UNSIGNED_PROMOTION * 100 + MODE * 10 + WIDE_PP;
    out[b + 2] = COUNT(a, b, c) * 10 + COUNT(x);
    SUM(out[b + 3], 1, 2, in[b], 4, 5);
    out[b + 4] = FIRST(in[b + 1], in[b + 2], in[b + 3]);
    out[b + 5] = __LINE__;
    int4 a = vload4(0, in + gid * 64), c = vload4(1, in + gid * 64);
    out[b + 6] = dot_int4(a & 0xffff, c & 0xff);
    uint8 u = as_uint8(vload8(1, in + gid * 64));
    out[b + 7] = (int)dot_uint8(u, (uint8)(SCALE));
    out[b + 8] = dot_short2(CONVERT(short2, a.xy), (short2)(3, -5));
    VEC(float, 2) f = CONVERT(float2, a.zw);
    out[b + 9] = as_int(f.x - f.y);
    uint acc = 0;
    __attribute__((opencl_unroll_hint(4)))
    for (int i = 0; i < BLOCK; i++)
        acc = acc * 3u + (in[gid * 64 + i] & 7);
    out[b + 10] = (int)acc;
#pragma unroll 2
    for (int i = 0; i < 5; i++)
        acc ^= acc << 3;
    out[b + 11] = (int)acc;
    out[b + 12] = sizeof(STR(__LINE__)) + sizeof(STR(SCALE));
}
