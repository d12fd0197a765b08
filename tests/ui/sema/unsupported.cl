// oclc-flags: -cl-std=CL2.0
// E0309: constructs oclc does not support yet get one clear error each.
kernel void k(global int *p) {
    p[0] = "abc"[0];
    int4 v = (int4)(1, 2, 3, 4);
    p[1] = v.x;
    p[2] = ((int[2]){ 1, 2 })[0];
}
