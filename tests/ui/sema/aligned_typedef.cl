// oclc-flags: -cl-std=CL2.0
// `aligned(N)` on a typedef raises the alignment (not the size) of what
// is declared with it (tests/exec/differential/aligned_typedefs.cl runs
// the layouts); an alignment no higher than the natural one changes
// nothing, and one that is not a power of two is an error.
typedef int int_a8 __attribute__((aligned(8)));
typedef int int_a4 __attribute__((aligned(4)));
typedef int bad __attribute__((aligned(3)));
//                             ^^^^^^^^^^ error[E0315]: requested alignment 3 is not a power of 2
kernel void k(global int *o) { int_a8 x = 1; o[0] = sizeof(int_a4) + sizeof(int_a8) + x; }
