// oclc-flags: -cl-std=CL2.0
// E0321: initializers that do not fit; near misses: exact and shorter
// lists.
struct pair { int a; int b; };
kernel void k(global int *p) {
    int too_many[2] = { 1, 2, 3 };
//                            ^ error[E0321]: excess elements in initializer
    struct pair s = { 1, 2, 3 };
//                          ^ error[E0321]: excess elements in initializer
    int scalar = { 1, 2 };
//                 ^ error[E0321]: excess elements in initializer
    int exact[2] = { 1, 2 };
    int shorter[3] = { 1 };
    struct pair t = { 1 };
    p[0] = exact[0] + shorter[0] + t.a + too_many[0] + s.a + scalar;
}
