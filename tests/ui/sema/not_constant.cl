// oclc-flags: -cl-std=CL2.0
// E0313: compile-time constants required; near misses: constant
// expressions of literals, enumerators and `sizeof`.
enum { FOUR = 4 };
global int g = 1;
global int h = g + 1;
//             ^^^^^ error[E0313]: initializer element is not a compile-time constant
kernel void k(global int *p, int n) {
    int a[n];
//        ^ error[E0313]: array size is not a compile-time constant
    int b[FOUR * 2 + sizeof(int)];
    switch (p[0]) {
    case FOUR:
        break;
    case n:
//       ^ error[E0313]: case label is not a compile-time constant
        break;
    }
    b[0] = 1;
    p[0] = b[0] + a[0];
}
