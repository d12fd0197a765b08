// oclc-flags: -cl-std=CL2.0
// E0302: a name defined twice in one scope; near misses: shadowing in an
// inner block, a prototype repeated before the definition.
int twice(int a);
int twice(int a);
int twice(int a) { return a; }
int twice(int a) { return a + 1; }
//  ^^^^^ error[E0302]: redefinition of `twice`
struct s { int a; };
struct s { int b; };
//     ^ error[E0302]: redefinition of `s`
kernel void k(global int *p) {
    int x = 1;
    int x = 2;
//      ^ error[E0302]: redefinition of `x`
    {
        int x = 3;
        p[0] = x;
    }
    p[1] = twice(x);
}
