// oclc-flags: -cl-std=CL2.0
// `__builtin_offsetof`: the member must exist, and steps go into structs
// (members) and arrays (constant indices) only.
typedef struct { int a; float b[4]; struct { char c; } inner; } R;
kernel void k(global ulong *o, int i) {
    o[0] = __builtin_offsetof(R, inner.c) + __builtin_offsetof(R, b[2]);
    o[1] = __builtin_offsetof(R, missing);
//                               ^^^^^^^ error[E0314]: no member named `missing` in `struct (anonymous)`
    o[2] = __builtin_offsetof(R, a.x);
//                                 ^ error[E0304]: `__builtin_offsetof` cannot step into `int` here
}
