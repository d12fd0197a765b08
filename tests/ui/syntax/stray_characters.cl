// oclc-flags: -cl-std=CL2.0
// Characters that start no token: each is reported once and skipped.
kernel void k(global int *p) {
    p[0] = 1 @ 2;
//           ^ error[E0202]: unexpected character `@`
    p[1] = $x;
//         ^ error[E0202]: unexpected character `$`
    p[2] = `3`;
//         ^ error[E0202]: unexpected character `` ` ``
//           ^ error[E0202]: unexpected character `` ` ``
    p[3] = 4 \ 5;
//           ^ error[E0202]: unexpected character `\`
}
