// oclc-flags: -cl-std=CL2.0
// E0306: address spaces that are not allowed or do not match; near misses:
// global to generic converts implicitly.
int read(generic int *q) { return *q; }
kernel void k(global int *p, local int *l, constant int *c, private int *bad) {
    local int *lp = p;
    global int *gp = c;
    p[0] = read(p) + read(l);
    global int g = 1;
}
