// oclc-flags: -cl-std=CL2.0
// Several independent errors in one file: each is reported once, and
// nothing after a recovery point is reported twice.
int a = 1
//       ^ error[E0201]: expected `;` after declaration
int b = 2;
kernel void k1(global int *p) {
    p[0] = (1 + ;
//              ^ error[E0201]: expected expression
    p[1] = 2;
    p[2] = 3 +;
//            ^ error[E0201]: expected expression
}
kernel void k2(global int *p) {
    int x = 1 2;
//           ^ error[E0201]: expected `;` after declaration
    for (int i = 0; i < 4; i++ {
//                             ^ error[E0201]: expected `)`
        p[i] = i;
    }
    p[3] = 4
}
kernel void k3(global int *p) { p[0] = 5; }
