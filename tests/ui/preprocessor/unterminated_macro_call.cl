// oclc-flags: -cl-std=CL2.0
// A function-like macro invocation whose `)` never comes.
#define ONE(a) (a)
kernel void k(global int *p) {
    p[0] = ONE(1;
//         ^^^ error[E0106]: unterminated invocation of macro `ONE`
}
