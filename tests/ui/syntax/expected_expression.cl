// oclc-flags: -cl-std=CL2.0
// An expression is missing: after `=`, after a binary operator, in a call
// argument list, in a condition.
int f(int a, int b) { return a + b; }
kernel void k(global int *p) {
    int x = ;
//          ^ error[E0201]: expected expression
    p[0] = x + ;
//             ^ error[E0201]: expected expression
    p[1] = f(1, );
//              ^ error[E0201]: expected expression
    if () p[2] = 1;
//      ^ error[E0201]: expected expression
    p[3] = * ;
//           ^ error[E0201]: expected expression
    p[4] = (int);
//              ^ error[E0201]: expected expression
}
