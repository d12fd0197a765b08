// oclc-flags: -cl-std=CL2.0
// Stream compaction with the sub-group ballot, a shuffle-down reduction
// and a clustered reduction: OpGroupNonUniform* at Subgroup scope, SPIR-V
// 1.3, and the required sub-group size as an execution mode.
__attribute__((intel_reqd_sub_group_size(8)))
kernel void compact(global int *out, global const int *in, global uint *count)
{
    int v = in[get_global_id(0)];
    uint4 keep = sub_group_ballot(v > 0);
    uint slot = sub_group_ballot_exclusive_scan(keep);
    if (v > 0)
        out[get_sub_group_id() * 8 + slot] = v;
    int sum = v;
    for (uint d = 4; d > 0; d /= 2)
        sum += sub_group_shuffle_down(sum, d);
    if (sub_group_elect())
        count[get_sub_group_id()] = sub_group_ballot_bit_count(keep) + (uint)sum;
    out[64 + get_global_id(0)] = sub_group_clustered_reduce_max(v, 4);
}
