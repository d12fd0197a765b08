// oclc-flags: -cl-std=CL3.0
// `__VA_OPT__(…)` (C23, accepted by clang in every mode): its tokens appear
// only when the variable arguments are not empty, so a trailing comma
// follows them or disappears with them. Nested parentheses stay balanced.
#define LOG(fmt, ...) printf(fmt __VA_OPT__(,) __VA_ARGS__)
#define CALL(f, ...) f(0 __VA_OPT__(, (__VA_ARGS__)))
#define HAS_ARGS(...) (0 __VA_OPT__(+ 1))

#if HAS_ARGS() != 0 || HAS_ARGS(x) != 1
#error "__VA_OPT__ did not follow the variable arguments"
#endif

int one(int a) { return a + 1; }
int two(int a, int b) { return a + b; }

kernel void va_opt(global int *p) {
    LOG("no arguments\n");
    LOG("%d %d\n", p[0], p[1]);
    p[0] = CALL(one);
    p[1] = CALL(two, p[2] * 2);
    p[2] = HAS_ARGS(p) + HAS_ARGS();
}
