// oclc-flags: -cl-std=CL3.0
kernel void subgroups(global int *out, global const int *in) {
  int g = get_global_id(0);
  int v = in[g] >> 16;
  out[g * 8 + 0] = get_sub_group_size();
  out[g * 8 + 1] = get_sub_group_local_id();
  out[g * 8 + 2] = sub_group_reduce_add(v);
  out[g * 8 + 3] = sub_group_scan_inclusive_max(v);
  out[g * 8 + 4] = sub_group_broadcast(v, 1u);
  out[g * 8 + 5] = sub_group_any(v > 0) + 2 * sub_group_all(v > -40000);
  out[g * 8 + 6] = get_num_sub_groups() * 100 + get_sub_group_id();
  out[g * 8 + 7] = sub_group_shuffle_xor(v, 1u) + sub_group_non_uniform_reduce_min(v);
}
