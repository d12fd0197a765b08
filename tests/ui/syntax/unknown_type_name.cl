// oclc-flags: -cl-std=CL2.0
// An identifier where a type is needed: a misspelled type or a typedef
// that was never declared.
kernel void k(global int *p, global flaot *f) {
//                                  ^^^^^ error[E0201]: unknown type name `flaot`
    unit x = 1;
//  ^^^^ error[E0201]: unknown type name `unit`
    my_type y;
//  ^^^^^^^ error[E0201]: unknown type name `my_type`
    p[0] = (integer)2;
//                  ^ error[E0201]: expected `;` after expression
}
typedef int my_int;
my_int helper(my_int a) { return a; }
