// oclc-flags: -cl-std=CL2.0
// A missing `)`, `]` or `}` is reported at the first token that cannot
// continue, with the unclosed opener labelled; a stray closer too. Errors
// that follow from the same unclosed bracket are not repeated.
kernel void k1(global int *p) {
    p[0] = (1 + 2;
//               ^ error[E0201]: expected `)`
}
kernel void k2(global int *p) {
    p[0] = p[1;
//            ^ error[E0201]: expected `]`
}
kernel void k3(global int *p) {
    if (p[0] > 0 {
//               ^ error[E0201]: expected `)`
        p[0] = 0;
    }
}
kernel void k4(global int *p, int n) {
    for (int i = 0; i < n; i++ {
//                             ^ error[E0201]: expected `)`
        p[i] = i;
    }
    p[0] = 1;
}
kernel void k5(global int *p) {
    p[0] = 1;
    p[1] = 2);
//          ^ error[E0201]: unexpected closing `)`
}
kernel void k6(global int *p) {
    int a[2] = {1, 2;
//                  ^ error[E0201]: expected `}` or `,`
}
kernel void k7(global int *p) {
    if (p[0]) {
        p[0] = 1;
}
//~^ error[E0201]: expected `}` at end of input
