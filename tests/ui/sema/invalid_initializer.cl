// oclc-flags: -cl-std=CL2.0
// E0321: initializers that do not fit; near misses: exact and shorter
// lists.
struct pair { int a; int b; };
kernel void k(global int *p) {
    int too_many[2] = { 1, 2, 3 };
//                            ^ warning[W0304]: excess elements in initializer
    struct pair s = { 1, 2, 3 };
//                          ^ warning[W0304]: excess elements in initializer
    int scalar = { 1, 2 };
//                    ^ warning[W0304]: excess elements in scalar initializer
    int exact[2] = { 1, 2 };
    int shorter[3] = { 1 };
    struct pair t = { 1 };
    p[0] = exact[0] + shorter[0] + t.a + too_many[0] + s.a + scalar;
}

// A vector's braced list, as clang reads it for OpenCL: every component,
// from scalars and vectors.
kernel void vectors(global float4 *p) {
    float4 whole = { 1.0f, 2.0f, 3.0f, 4.0f };
    float4 mixed = { whole.xy, 5.0f, 6.0f };
    float4 short_of_two = { 1.0f, 2.0f };
//                          ^^^^^^^^^^ error[E0304]: a `float4` literal needs 4 components, not 2
    float4 nested = { { 1.0f }, 2.0f, 3.0f, 4.0f };
//                    ^^^^^^^^ error[E0321]: a vector's initializer list takes scalars and vectors
    p[0] = whole + mixed + short_of_two + nested;
}

// A program-scope `constant` variable has no other way to get a value.
constant int uninitialized;
//           ^^^^^^^^^^^^^ error[E0321]: variable `uninitialized` in the `constant` address space must be initialized
constant int initialized = 1;
