// oclc-flags: -cl-std=CL2.0
// E0315: kernel arguments whose size is the device's (OpenCL C 3.0 §6.11):
// `bool`, `size_t`, `ptrdiff_t`, `intptr_t`, `uintptr_t` and structs
// holding a `bool`; and a kernel called `main` (as clang). Near misses:
// pointers to them, and helper functions.
typedef struct { bool valid; int x; } flagged_t;

kernel void flags(bool enabled, global int *out) { out[0] = enabled; }
//                ^^^^^^^^^^^^ error[E0315]: `bool` cannot be the type of a kernel parameter
kernel void sizes(size_t n, ptrdiff_t d, global int *out) { out[0] = n + d; }
//                ^^^^^^^^ error[E0315]: `size_t` cannot be the type of a kernel parameter
//                          ^^^^^^^^^^^ error[E0315]: `ptrdiff_t` cannot be the type of a kernel parameter
kernel void addresses(intptr_t a, uintptr_t b, global int *out) { out[0] = a + b; }
//                    ^^^^^^^^^^ error[E0315]: `intptr_t` cannot be the type of a kernel parameter
//                                ^^^^^^^^^^^ error[E0315]: `uintptr_t` cannot be the type of a kernel parameter
kernel void records(flagged_t f, global int *out) { out[0] = f.x; }
//                  ^^^^^^^^^^^ error[E0315]: `struct (anonymous)` cannot be the type of a kernel parameter

static int helper(bool b, size_t n) { return b ? (int)n : 0; }
kernel void fine(global bool *b, global size_t *n, global int *out) { out[0] = helper(b[0], n[0]); }

kernel void main(global int *out) { out[0] = 1; }
//          ^^^^ error[E0315]: a kernel cannot be called `main`
