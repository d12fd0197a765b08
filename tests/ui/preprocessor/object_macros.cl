// oclc-flags: -cl-std=CL2.0
// Object-like macros: empty, single-token and multi-token bodies, macros
// expanding to other macros, and a body that spans lines with `\`.
#define EMPTY
#define SIZE 64
#define TWICE_SIZE (SIZE * 2)
#define ZERO_INIT = 0
#define STATEMENT p[0] = TWICE_SIZE; \
    p[1] = SIZE

#if TWICE_SIZE != 128
#error "object-like macros did not expand"
#endif

kernel void object_macros(global int *p) {
    EMPTY int x ZERO_INIT EMPTY;
    STATEMENT;
    p[2] = x;
}
