// oclc-flags: -cl-std=CL2.0
// E0316: duplicated `case` values or `default`, labels outside a switch,
// also when labels sit inside other statements (Duff's device); near miss:
// distinct values.
kernel void k(global int *p) {
    switch (p[0]) {
    case 1:
        p[1] = 1;
        break;
    case 1:
//       ^ error[E0316]: duplicate case value `1`
        break;
    case 2:
    default:
        break;
    default:
//  ^^^^^^^^ error[E0316]: multiple `default` labels in one switch
        break;
    }
}

kernel void duff(global int *p, int n) {
    switch (n & 3) {
    case 0: do { *p++ = 0;
    case 3:      *p++ = 3;
    case 0:      *p++ = 9;
//       ^ error[E0316]: duplicate case value `0`
                 if (n) { default: n--; }
    default:     ;
//  ^^^^^^^^^^^^^^ error[E0316]: multiple `default` labels in one switch
            } while (--n > 0);
    }
    case 5: p[0] = 5;
//       ^ error[E0316]: `case` or `default` label not within a switch statement
}
