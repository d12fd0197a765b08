// oclc-flags: -cl-std=CL2.0
// E0309: constructs oclc does not support yet get one clear error each.
kernel void k(global int *p) {
    p[0] = "abc"[0];
//         ^^^^^ error[E0309]: string literals are not supported by oclc yet
    // Near miss: vector literals and components are supported.
    int4 v = (int4)(1, 2, 3, 4);
    p[1] = v.x + v.wzyx.y;
    p[2] = ((int[2]){ 1, 2 })[0];
//          ^^^^^^^^^^^^^^^^ error[E0309]: compound literals are not supported by oclc yet
}
