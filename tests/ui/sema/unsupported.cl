// oclc-flags: -cl-std=CL2.0
// E0309: constructs oclc does not support yet get one clear error each.
extern int shared_counter; //~ error[E0309]: `extern` variables are not supported by oclc yet
kernel void k(global int *p) {
    // Near misses: string and compound literals, vector literals and
    // components are supported.
    p[0] = "abc"[0];
    int4 v = (int4)(1, 2, 3, 4);
    p[1] = v.x + v.wzyx.y;
    p[2] = ((int[2]){ 1, 2 })[0];
}
