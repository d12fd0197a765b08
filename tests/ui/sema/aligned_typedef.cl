// oclc-flags: -cl-std=CL2.0
// `aligned(N)` on a typedef raises the alignment (not the size) of the
// type; oclc has no form for that yet and says so instead of ignoring it.
// An alignment no higher than the natural one changes nothing.
typedef int int_a8 __attribute__((aligned(8)));
//          ^^^^^^ error[E0309]: `aligned(8)` on a typedef of `int` is not supported by oclc yet
typedef int int_a4 __attribute__((aligned(4)));
typedef int bad __attribute__((aligned(3)));
//                             ^^^^^^^^^^ error[E0315]: requested alignment 3 is not a power of 2
kernel void k(global int *o) { o[0] = sizeof(int_a4); }
