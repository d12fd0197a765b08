// oclc-flags: -cl-std=CL2.0
// An identifier is missing: after `.`/`->`, in a declarator, after
// `struct` in a definition list, as a parameter name in a definition.
struct s { int a; };
kernel void k(global int *p, global struct s *q) {
    p[0] = q->;
//            ^ error[E0201]: expected member name after `->`
    int = 3;
//      ^ error[E0201]: expected identifier or `(`
    int 5x = 1;
//      ^^ error[E0203]: invalid suffix `x` on integer literal `5x`
//      ^^ error[E0201]: expected identifier or `(`
    struct s v;
    p[1] = v.;
//           ^ error[E0201]: expected member name after `.`
}
