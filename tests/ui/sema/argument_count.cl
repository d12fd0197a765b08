// oclc-flags: -cl-std=CL2.0
// E0311: a user function called with too few or too many arguments.
int two(int a, int b) { return a + b; }
int none(void) { return 0; }
kernel void k(global int *p) {
    p[0] = two(1);
//         ^^^^^^ error[E0311]: too few arguments to function call, expected 2, have 1
    p[1] = two(1, 2, 3);
//         ^^^^^^^^^^^^ error[E0311]: too many arguments to function call, expected 2, have 3
    p[2] = none(4);
//         ^^^^^^^ error[E0311]: too many arguments to function call, expected 0, have 1
    p[3] = two(1, 2) + none();
}
