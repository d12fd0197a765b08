// oclc-flags: -cl-std=CL2.0
// Malformed `#define`s: bad parameter lists, `#` not followed by a
// parameter, `##` at either end.
#define F(a, a) a
//           ^ error[E0104]: duplicate macro parameter name `a`
#define G(a b) a
//          ^ error[E0104]: expected `,` or `)` in macro parameter list
#define H(a, ) a
//           ^ error[E0104]: invalid token in macro parameter list
#define I(a
//        ^ error[E0104]: missing `)` in macro parameter list
#define J(a) #b
//           ^ error[E0104]: `#` is not followed by a macro parameter
#define K(a) ## a
//           ^^ error[E0104]: `##` cannot appear at either end of a macro expansion
#define L(a) a ##
//             ^^ error[E0104]: `##` cannot appear at either end of a macro expansion
#define N(...) __VA_ARGS__
#define O(1) 1
//        ^ error[E0104]: invalid token in macro parameter list
kernel void k(global int *p) { p[0] = 1; }
