// oclc-flags: -cl-std=CL2.0
// W0301: implicit conversions between pointers to different types; near
// misses: an explicit cast, and `void *`.
kernel void k(global int *p, global float *f) {
    global int *ip = f;
//                   ^ warning[W0301]: incompatible pointer types: pointer to `float` converted to pointer to `int`
    global int *cast = (global int *)f;
    global void *vp = p;
    global int *back = vp;
    ip[0] = cast[0] + back[0];
}
