// oclc-flags: -cl-std=CL2.0 -cl-ext=-cl_khr_subgroup_clustered_reduce
// The cl_khr_subgroup_* functions: value types, ballots that must be
// `uint4`, cluster sizes that must be constant powers of two, and the
// extension each function needs.
kernel void k(global float *out, global const float *in, uint n) {
    float v = in[get_global_id(0)];
    uint4 b = sub_group_ballot(v > 0.0f);
    int4 signed_ballot = as_int4(b);
    out[0] = sub_group_ballot_bit_count(signed_ballot);
//                                      ^^^^^^^^^^^^^ error[E0310]: no matching overload of `sub_group_ballot_bit_count`: expected a `uint4` ballot, found `int4`
    out[1] = sub_group_shuffle(b, 1);
//                             ^ error[E0310]: no matching overload of `sub_group_shuffle`: expected an integer or floating scalar, found `uint4`
    out[2] = sub_group_non_uniform_reduce_and(v);
//                                            ^ error[E0310]: no matching overload of `sub_group_non_uniform_reduce_and`: expected an integer scalar, found `float`
    out[3] = sub_group_non_uniform_all(in);
//                                     ^^ error[E0310]: no matching overload of `sub_group_non_uniform_all`: expected an `int` predicate, found `global const float *`
    out[4] = sub_group_clustered_reduce_add(v, 4);
//           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ error[E0417]: `sub_group_clustered_reduce_add` requires the `cl_khr_subgroup_clustered_reduce` extension
    out[5] = sub_group_non_uniform_broadcast((float4)(v), 1).x;
}

