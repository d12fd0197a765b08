// oclc-flags: -cl-std=CL2.0
// E0316: duplicated `case` values or `default`, labels outside a switch;
// near miss: distinct values.
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
