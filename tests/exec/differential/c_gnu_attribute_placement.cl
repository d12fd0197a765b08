// GNU and C11 spellings real code carries that change nothing compiled:
// attributes after `*` and after parameter names, statement attributes
// (`__attribute__((fallthrough));`), attributes on labels and before a
// do-while, `__extension__`, `_Noreturn`, clang's `__has_*` feature tests
// in #if (answered 0: the portable path), and packed enumerations (the
// smallest integer type holding their values, as GCC and clang size them).
#if defined(__has_builtin) && __has_builtin(__builtin_expect)
#define LIKELY(x) __builtin_expect(!!(x), 1)
#else
#define LIKELY(x) (x)
#endif
#if __has_attribute(always_inline)
#define FORCE_INLINE __attribute__((always_inline))
#else
#define FORCE_INLINE
#endif

enum __attribute__((packed)) small_e { SA, SB, SC = 200 };
enum tiny_e { TA = -1, TB = 100 } __attribute__((packed));
enum __attribute__((packed)) wide_e { WA = 300, WB = 70000 };

_Noreturn void unreachable_path(void);

static FORCE_INLINE float first(global const float * __attribute__((aligned(4))) p)
{
    return p[0];
}

static int scale(int x __attribute__((unused)), int y) { return y * 3; }

kernel void attributes(global int *out, global const float *in __attribute__((unused)))
{
    const int g = get_global_id(0);
    __extension__ int acc = (int)first(in + g);
    switch (g & 3) {
    case 0:
        acc += 1;
        __attribute__((fallthrough));
    case 1:
        acc *= 2;
        break;
    default:
        acc -= 1;
    }
    int i = 0;
    __attribute__((opencl_unroll_hint(2)))
    do {
        acc += scale(i, i);
        i++;
    } while (i < 4);
    if (LIKELY(acc > 1000))
        goto done;
    acc ^= 0x55;
done: __attribute__((unused));
    enum small_e s = (g & 1) ? SC : SB;
    out[g * 4 + 0] = acc;
    out[g * 4 + 1] = (int)sizeof(enum small_e) * 100 + (int)sizeof(enum tiny_e) * 10 + (int)sizeof(enum wide_e);
    out[g * 4 + 2] = s;
    out[g * 4 + 3] = __extension__ (TA + WB);
}
