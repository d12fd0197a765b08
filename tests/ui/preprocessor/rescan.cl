// oclc-flags: -cl-std=CL2.0
// Rescanning: a macro's expansion is rescanned for more macros, but a macro
// is never expanded again inside its own expansion (directly or through
// another macro), and a function-like macro name that meets its `(` only
// after expansion is still expanded during rescanning.

// Declared before the macros below exist, so the names stay plain.
constant int self = 1;
constant int x = 5;
int f(int a) { return a + 1; }

#define x (4 + y)
#define y (2 * x)
#define self self + 1
#define f(a) a * g
#define g f
#define LPAREN (
#define APPLY_LATER(m) m LPAREN 3)

#if defined(x) && !defined(z)
#endif

kernel void rescan(global int *p) {
    // `self` becomes `self + 1` and stops; `x` becomes `(4 + (2 * x))`
    // with the inner `x` left alone.
    p[0] = self;
    p[1] = x;
    // `f(2)` becomes `2 * g`; `g` becomes `f`, which is inside `f`'s own
    // expansion, so `f(9)` stays a call of the function `f`.
    p[2] = f(2)(9);
    // `LPAREN` expands during the rescan of `APPLY_LATER`'s expansion.
    p[3] = APPLY_LATER(-);
}
