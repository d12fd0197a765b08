// oclc-flags: -cl-std=CL2.0
// E0306: `local` and `constant` variables belong in the outermost scope
// of a kernel (clang enforces it), `constant` ones nowhere else in a
// function. Near misses: both in a kernel's body, `constant` at program
// scope. E0315: `event_t` as a struct member.
constant int table[2] = { 1, 2 };
int helper(int x) {
    constant int t[2] = { 3, 4 };
//               ^^^^ error[E0306]: `constant` variables can only be declared in kernel functions and at program scope
    return t[x & 1] + table[x & 1];
}
typedef struct { event_t done; int x; } job;
//                       ^^^^ error[E0315]: `event_t` cannot be the type of a struct or union member (OpenCL C 3.0 §6.11)
kernel void k(global int *o) {
    local int tile[16];
    constant int scale[1] = { 5 };
    tile[get_local_id(0) & 15] = scale[0];
    if (o[0]) {
        local int nested[4];
//                ^^^^^^^^^ error[E0306]: `local` variables can only be declared in the outermost scope of a kernel function
        nested[0] = 1;
        o[1] = nested[0];
    }
    for (int i = 0; i < 2; i++) {
        constant int weights[2] = { 1, 2 };
//                   ^^^^^^^^^^ error[E0306]: `constant` variables can only be declared in the outermost scope of a kernel function
        o[2] += weights[i];
    }
    o[3] = helper(tile[0]);
}
