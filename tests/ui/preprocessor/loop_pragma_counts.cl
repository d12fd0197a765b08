// oclc-flags: -cl-std=CL2.0
// The count of `#pragma unroll N` is a positive integer constant after
// macro expansion (clang's rules and wording); extra tokens are ignored
// with a warning.
#define FOUR 4
kernel void k(global int *p, int n) {
#pragma unroll FOUR
    for (int i = 0; i < n; i++) p[i] = 0;
#pragma unroll(2 * FOUR)
    for (int i = 0; i < n; i++) p[i] = 1;
#pragma unroll 0
//             ^ error[E0115]: invalid value '0'; must be positive
    for (int i = 0; i < n; i++) p[i] = 2;
#pragma unroll -1
//             ^ error[E0115]: invalid value '-1'; must be positive
    for (int i = 0; i < n; i++) p[i] = 3;
#pragma unroll n
//             ^ error[E0115]: expression is not an integer constant expression
    for (int i = 0; i < n; i++) p[i] = 4;
#pragma unroll 2.5
//             ^^^ error[E0115]: invalid argument of type 'double'; expected an integer type
    for (int i = 0; i < n; i++) p[i] = 5;
#pragma unroll 4294967296
//             ^^^^^^^^^^ error[E0115]: value '4294967296' is too large
    for (int i = 0; i < n; i++) p[i] = 6;
#pragma nounroll 4
//               ^ warning[W0104]: extra tokens at end of '#pragma nounroll' - ignored
    for (int i = 0; i < n; i++) p[i] = 7;
#pragma unroll 4 5
//               ^ warning[W0104]: extra tokens at end of '#pragma unroll' - ignored
    for (int i = 0; i < n; i++) p[i] = 8;
}
