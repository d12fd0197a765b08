// oclc-flags: -cl-std=CL2.0
// A clustered reduction's or rotation's cluster size is a constant power of
// two (SPIR-V needs it as a constant); a run-time size or 3 is an error.
#define CLUSTER 8
kernel void k(global float *out, global const float *in, uint n) {
    float v = in[get_global_id(0)];
    out[0] = sub_group_clustered_reduce_add(v, n);
//                                             ^ error[E0310]: the cluster size of `sub_group_clustered_reduce_add` must be a constant power of two (1 to 128)
    out[1] = sub_group_clustered_reduce_max(v, 3);
//                                             ^ error[E0310]: the cluster size of `sub_group_clustered_reduce_max` must be a constant power of two (1 to 128)
    out[2] = sub_group_clustered_reduce_min(v, CLUSTER / 2);
    out[3] = sub_group_clustered_rotate(v, 1u, n);
//                                             ^ error[E0310]: the cluster size of `sub_group_clustered_rotate` must be a constant power of two (1 to 128)
    out[4] = sub_group_clustered_rotate(v, 1u, CLUSTER);
}
