// oclc-flags: -cl-std=CL2.0
// E0318: `return` with a value in a `void` function, or without one in a
// function returning a value; near misses: matching returns.
void v(global int *p) { return 1; }
//                             ^ error[E0318]: void function should not return a value
int i(void) { return; }
//            ^^^^^^^ error[E0318]: non-void function should return a value of type `int`
void ok_void(global int *p) { p[0] = 1; return; }
int ok_int(void) { return 2; }
kernel void k(global int *p) { v(p); ok_void(p); p[0] = i() + ok_int(); }
