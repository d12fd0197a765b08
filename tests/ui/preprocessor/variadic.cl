// oclc-flags: -cl-std=CL2.0
// Variadic macros: `...` with `__VA_ARGS__`, named parameters before it,
// and an empty variable part.
#define SUM3(...) sum3(__VA_ARGS__)
#define APPLY(f, ...) f(__VA_ARGS__)
#define COUNT_HELPER(a, b, c, n, ...) n
#define COUNT(...) COUNT_HELPER(__VA_ARGS__, 3, 2, 1, 0)
#define ZERO_OR(x, ...) x

#if COUNT(a) != 1 || COUNT(a, b) != 2 || COUNT(a, b, c) != 3
#error "__VA_ARGS__ did not take every extra argument"
#endif

int sum3(int a, int b, int c) { return a + b + c; }

kernel void variadic(global int *p) {
    p[0] = SUM3(1, 2, 3);
    p[1] = APPLY(sum3, p[0], (4, 5), 6);
    p[2] = ZERO_OR(7);
}
