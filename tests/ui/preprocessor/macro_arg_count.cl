// oclc-flags: -cl-std=CL2.0
// A function-like macro invoked with the wrong number of arguments (the
// invocation is dropped, so the statement then lacks an expression, as in
// clang), and near misses: empty arguments are arguments.
#define ONE(a) (a)
#define TWO(a, b) ((a) + (b))
#define AT_LEAST_ONE(a, ...) (a)
#define NONE() 0
#define OPT(a) a 0
kernel void k(global int *p) {
    p[0] = ONE(1, 2);
//         ^^^^^^^^^ error[E0105]: macro `ONE` takes 1 argument, but 2 were given
//                  ^ error[E0201]: expected expression
    p[1] = TWO(1);
//         ^^^^^^ error[E0105]: macro `TWO` takes 2 arguments, but 1 was given
//               ^ error[E0201]: expected expression
    p[2] = AT_LEAST_ONE(2);
    p[3] = NONE(1);
//         ^^^^^^^ error[E0105]: macro `NONE` takes 0 arguments, but 1 was given
//                ^ error[E0201]: expected expression
    p[4] = OPT();
    p[5] = OPT(5 +);
    p[6] = ONE((6, 7));
    p[7] = AT_LEAST_ONE(8, 9, 10);
}
