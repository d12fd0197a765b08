// oclc-flags: -cl-std=CL2.0
// E0309: constructs oclc does not support yet get one clear error each.
kernel void k(global int *p) {
    p[0] = "abc"[0];
//         ^^^^^ error[E0309]: string literals are not supported by oclc yet
    int4 v = (int4)(1, 2, 3, 4);
//           ^^^^^^^^^^^^^^^^^^ error[E0309]: vector literals are not supported by oclc yet
    p[1] = v.x;
//           ^ error[E0309]: vector component access (`.x`) is not supported by oclc yet
    p[2] = ((int[2]){ 1, 2 })[0];
//          ^^^^^^^^^^^^^^^^ error[E0309]: compound literals are not supported by oclc yet
}
