// oclc-flags: -cl-std=CL2.0
// Sub-group building blocks from GPU compute code, on the cl_khr_subgroup_*
// extensions: ballot-based stream compaction, shuffle-down tree reductions
// (the CUDA warp-reduce idiom), non-uniform scans for a segmented prefix
// sum, clustered reductions over 4-lane groups (one pixel's RGBA), vote
// functions guarding a fast path, the lane masks, and 8/16-bit reductions
// and vector broadcasts (extended types), and rotations within the sub-group
// and within clusters (cl_khr_subgroup_rotate). Every kernel fixes
// its sub-group size, so both compilers partition the work-group alike.
#pragma OPENCL EXTENSION cl_khr_subgroups : enable

#define SG __attribute__((intel_reqd_sub_group_size(8)))

/* Keep the finite positive values, packed per sub-group: the ballot gives
 * each lane its output slot. */
kernel SG void compact_positive(global float *out, global const float *in)
{
    const uint gid = get_global_id(0);
    const uint sg = get_global_id(0) / get_sub_group_size();
    for (int round = 0; round < 4; ++round) {
        float v = in[gid * 4 + round];
        int keep = isfinite(v) && v > 0.0f;
        uint4 ballot = sub_group_ballot(keep);
        uint slot = sub_group_ballot_exclusive_scan(ballot);
        uint total = sub_group_ballot_bit_count(ballot);
        global float *dst = out + (sg * 4 + round) * 9;
        if (keep)
            dst[slot] = v;
        if (sub_group_elect())
            dst[8] = (float)total;
    }
}

/* Tree reduction by shuffle-down, then a broadcast of lane 0's sum. */
kernel SG void warp_reduce(global int *out, global const int *in)
{
    const uint gid = get_global_id(0);
    int v = in[gid * 3] >> 8;
    for (uint offset = get_sub_group_size() / 2; offset > 0; offset /= 2)
        v += sub_group_shuffle_down(v, offset);
    int total = sub_group_broadcast_first(v);
    int xor_mix = sub_group_shuffle_xor(in[gid * 3 + 1], 3);
    int rotated = sub_group_shuffle(in[gid * 3 + 2], (get_sub_group_local_id() + 1) % 8);
    int up = sub_group_shuffle_up(gid, 1);
    out[gid * 4 + 0] = v;
    out[gid * 4 + 1] = total;
    out[gid * 4 + 2] = xor_mix ^ rotated;
    out[gid * 4 + 3] = get_sub_group_local_id() == 0 ? -1 : up;
}

/* Non-uniform arithmetic: scans and reductions over every operation. */
kernel SG void scans(global uint *out, global const uint *in)
{
    const uint gid = get_global_id(0);
    uint x = in[gid];
    int s = (int)in[gid + 64];
    float f = as_float(in[gid + 128] & 0x3fffffffu);
    global uint *dst = out + gid * 16;
    dst[0] = sub_group_non_uniform_scan_inclusive_add(x);
    dst[1] = sub_group_non_uniform_scan_exclusive_add(x);
    dst[2] = sub_group_non_uniform_reduce_mul(x | 1u);
    dst[3] = sub_group_non_uniform_reduce_min(x);
    dst[4] = sub_group_non_uniform_reduce_max(x);
    dst[5] = (uint)sub_group_non_uniform_scan_inclusive_min(s);
    dst[6] = (uint)sub_group_non_uniform_scan_exclusive_max(s);
    dst[7] = sub_group_non_uniform_reduce_and(x);
    dst[8] = sub_group_non_uniform_reduce_or(x);
    dst[9] = sub_group_non_uniform_scan_inclusive_xor(x);
    dst[10] = (uint)sub_group_non_uniform_reduce_logical_and(x & 1);
    dst[11] = (uint)sub_group_non_uniform_reduce_logical_or(x & 1);
    /* The runtime's own compiler returns -1 for true from the logical
     * scans, oclc and llvm-spirv 1 (both are "nonzero"; docs/mapping.md). */
    dst[12] = sub_group_non_uniform_scan_inclusive_logical_xor(x & 1) != 0;
    dst[13] = as_uint(sub_group_non_uniform_reduce_max(f));
    dst[14] = as_uint(sub_group_non_uniform_scan_inclusive_min(f));
    dst[15] = (uint)sub_group_non_uniform_reduce_add((short)x);
}

/* One pixel per 4 lanes (R, G, B, A): per-pixel sums and extremes by
 * clustered reductions, as a colour-statistics pass does. */
kernel SG void pixel_stats(global float *out, global const uchar *in)
{
    const uint gid = get_global_id(0);
    float c = (float)in[gid] / 255.0f;
    float sum = sub_group_clustered_reduce_add(c, 4);
    float hi = sub_group_clustered_reduce_max(c, 4);
    float lo = sub_group_clustered_reduce_min(c, 4);
    uint bits = sub_group_clustered_reduce_or((uint)in[gid + 64], 2);
    int any_bright = sub_group_clustered_reduce_logical_or(c > 0.9f, 8);
    out[gid * 5 + 0] = sum;
    out[gid * 5 + 1] = hi - lo;
    out[gid * 5 + 2] = (float)bits;
    out[gid * 5 + 3] = (float)any_bright;
    out[gid * 5 + 4] = sub_group_clustered_reduce_mul(c + 1.0f, 2);
}

/* Votes and ballots: a uniform fast path, masks, bit queries. */
kernel SG void votes(global uint *out, global const uint *in)
{
    const uint gid = get_global_id(0);
    uint x = in[gid];
    uint4 odd = sub_group_ballot(x & 1);
    global uint *dst = out + gid * 16;
    dst[0] = sub_group_non_uniform_all(x != 0);
    dst[1] = sub_group_non_uniform_any(x == 0);
    dst[2] = sub_group_non_uniform_all_equal(x >> 31);
    dst[3] = sub_group_non_uniform_all_equal((uchar)(gid / 8));
    dst[4] = odd.x;
    dst[5] = sub_group_inverse_ballot(odd);
    dst[6] = sub_group_ballot_bit_extract(odd, (gid * 5) % 8);
    dst[7] = sub_group_ballot_inclusive_scan(odd);
    dst[8] = sub_group_ballot_find_lsb(odd | (uint4)(0x80u, 0, 0, 0));
    dst[9] = sub_group_ballot_find_msb(odd | (uint4)(1u, 0, 0, 0));
    dst[10] = get_sub_group_eq_mask().x;
    dst[11] = get_sub_group_ge_mask().x;
    dst[12] = get_sub_group_gt_mask().x;
    dst[13] = get_sub_group_le_mask().x;
    dst[14] = get_sub_group_lt_mask().x;
    dst[15] = as_uint(sub_group_non_uniform_broadcast(as_float(x), 5));
}

/* A broadcast from a lane chosen at run time, and vector broadcasts. */
kernel SG void broadcasts(global float *out, global const float *in)
{
    const uint gid = get_global_id(0);
    float4 v = vload4(gid, in);
    /* dynamically uniform, as the extension requires */
    uint lane = (get_sub_group_id() * 3 + (uint)get_group_id(0)) % 8;
    float4 b = sub_group_non_uniform_broadcast(v, 2);
    float d = sub_group_non_uniform_broadcast(v.w, lane);
    int2 i = sub_group_non_uniform_broadcast((int2)(gid, -gid), 7);
    vstore4(b, gid * 2, out);
    out[gid * 8 + 4] = d;
    out[gid * 8 + 5] = (float)i.x;
    out[gid * 8 + 6] = (float)i.y;
    out[gid * 8 + 7] = 0.0f;
}

/* cl_khr_subgroup_extended_types: 8- and 16-bit reductions and scans, and
 * vector broadcasts, as a byte-histogram or quantized-inference pass does. */
kernel SG void narrow_types(global uchar *out, global const uchar *in)
{
    const uint gid = get_global_id(0);
    uchar b = in[gid];
    char c = (char)in[gid + 64];
    ushort w = (ushort)(in[gid + 128] * 257u);
    short s = (short)w;
    global uchar *d = out + gid * 16;
    d[0] = sub_group_reduce_add(b);
    d[1] = (uchar)sub_group_reduce_min(c);
    d[2] = (uchar)sub_group_scan_inclusive_max(c);
    d[3] = sub_group_scan_exclusive_add(b);
    ushort wsum = sub_group_reduce_add(w);
    short smin = sub_group_scan_inclusive_min(s);
    d[4] = (uchar)wsum;
    d[5] = (uchar)(wsum >> 8);
    d[6] = (uchar)smin;
    d[7] = (uchar)(smin >> 8);
    uchar4 v = vload4(gid, in);
    vstore4(sub_group_broadcast(v, 3), 2, d);
    float2 f = (float2)((float)b, (float)c);
    float2 g = sub_group_broadcast(f, 6);
    d[12] = (uchar)(int)g.x;
    d[13] = (uchar)(int)g.y;
    d[14] = sub_group_broadcast(b, 7);
    d[15] = (uchar)sub_group_broadcast(c, 0);
}

/* Neighbour exchange by rotation: a ring stencil over the sub-group, and
 * within 4- and 2-lane clusters, on every scalar width. */
kernel SG void rotations(global uint *out, global const uint *in)
{
    const uint gid = get_global_id(0);
    const uint v = in[gid];
    global uint *d = out + gid * 8;
    d[0] = sub_group_rotate(v, 1u);
    d[1] = v - sub_group_rotate(v, 7u);
    d[2] = sub_group_rotate(v, in[7] % 8u);
    d[3] = sub_group_clustered_rotate(v, 1u, 4u);
    d[4] = sub_group_clustered_rotate(v, 3u, 2u);
    d[5] = as_uint(sub_group_rotate(as_float(v), 5u));
    d[6] = (uint)sub_group_rotate((uchar)v, 2u);
    d[7] = (uint)sub_group_clustered_rotate((ulong)v * 3, 7u, 8u);
}

/* A broadcast from a lane known at run time, on double and half vectors
 * (shuffled component by component: the runtime has no vector shuffle of
 * those types). */
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
kernel SG void wide_broadcasts(global double2 *out, global const double2 *in)
{
    const uint gid = get_global_id(0);
    const uint lane = as_uint2(in[7].x).x % 8u;
    out[gid] = sub_group_non_uniform_broadcast(in[gid], lane);
    const half4 h = convert_half4(vload_half4(gid, (global const half *)in));
    const half4 b = sub_group_non_uniform_broadcast(h, lane);
    vstore_half4(convert_float4(b), gid, (global half *)(out + 64));
}
