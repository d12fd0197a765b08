// oclc-flags: -cl-std=CL2.0
// A missing `;` after an expression, a declaration, `return`, `break`,
// `continue`, `do … while (…)`, a loop or `if` body, a struct definition
// and a prototype: the error is at the end of the previous token, with a
// fix inserting `;`.
struct pair { int a; int b; }
//                           ^ error[E0201]: expected `;` after struct definition
int helper(int x)
//               ^ error[E0201]: expected `;` after declaration
kernel void k(global int *p, int n) {
    int x = 1
//           ^ error[E0201]: expected `;` after declaration
    p[0] = x;
    p[1] = x
//          ^ error[E0201]: expected `;` after expression
}
kernel void loops(global int *p, int n) {
    for (int i = 0; i < n; i++) {
        if (i == 3)
            break
//               ^ error[E0201]: expected `;` after `break` statement
    }
    for (int i = 0; i < n; i++) {
        if (i == 2)
            continue
//                  ^ error[E0201]: expected `;` after `continue` statement
    }
    while (p[0] < 10)
        p[0]++
//            ^ error[E0201]: expected `;` after expression
    int x = 0;
    do { x++; } while (x < 10)
//                            ^ error[E0201]: expected `;` after `do`/`while` loop
    p[1] = x;
    return
//        ^ error[E0201]: expected `;` after return statement
}
int helper(int x) {
    return x + 1
//              ^ error[E0201]: expected `;` after return statement
}
