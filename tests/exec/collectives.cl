// Work-group collectives as a reduction and a stream compaction use them:
// a block sum with work_group_reduce_add, prefix sums with the scans (the
// offsets a compaction writes to), min/max, all/any of a predicate, and a
// broadcast of the leader's value.

kernel void block_stats(global const int *in, global int *sums, global int *scans,
                        global float *fsums, global uint *flags) {
    size_t gid = get_global_id(0);
    int x = in[gid];
    int keep = x % 3 == 0;
    int offset = work_group_scan_exclusive_add(keep);
    int inclusive = work_group_scan_inclusive_max(x);
    scans[gid * 2] = offset;
    scans[gid * 2 + 1] = inclusive;
    float f = work_group_reduce_add((float)x * 0.5f);
    int total = work_group_reduce_add(x);
    int lo = work_group_reduce_min(x);
    uint hi = work_group_reduce_max((uint)x);
    int leader = work_group_broadcast(x, 3);
    uint all_any = work_group_all(x > -1000) + 2 * work_group_any(x == 7);
    // Collectives are reached by every work-item; only the writes below
    // are done by one.
    if (get_local_id(0) == 0) {
        size_t g = get_group_id(0);
        sums[g * 4 + 0] = total;
        sums[g * 4 + 1] = lo;
        sums[g * 4 + 2] = (int)hi;
        sums[g * 4 + 3] = leader;
        fsums[g] = f;
        flags[g] = all_any;
    }
    flags[get_num_groups(0) + gid] = (uint)work_group_any(keep);
}

// A tile staged in local memory with async copies: contiguous in, a
// strided column gather, and the result copied back; then waited for.
kernel void tiles(global const float *src, global float *dst, global float *column,
                  local float *tile, local float *col, int stride) {
    size_t g = get_group_id(0);
    size_t n = get_local_size(0);
    event_t in = async_work_group_copy(tile, src + g * n, n, 0);
    event_t gather = async_work_group_strided_copy(col, src + g, n, (size_t)stride, in);
    wait_group_events(1, &gather);
    size_t l = get_local_id(0);
    tile[l] = tile[l] * 2.0f + col[l];
    barrier(CLK_LOCAL_MEM_FENCE);
    event_t out = async_work_group_copy(dst + g * n, tile, n, 0);
    event_t both[2] = { out, async_work_group_copy(column + g * n, col, n, 0) };
    wait_group_events(2, both);
    prefetch(src + g * n, n);
}

// Sub-groups (cl_khr_subgroups / __opencl_c_subgroups): ids, sizes and
// collectives, checked for consistency whatever the device's sub-group
// size is.
kernel void sub_groups(global uint *out) {
    size_t gid = get_global_id(0);
    uint lane = get_sub_group_local_id();
    uint count = sub_group_reduce_add(1u);
    uint before = sub_group_scan_exclusive_add(1u);
    uint first = sub_group_broadcast((uint)gid, 0u);
    out[gid * 6 + 0] = lane;
    out[gid * 6 + 1] = get_sub_group_id();
    out[gid * 6 + 2] = get_sub_group_size();
    out[gid * 6 + 3] = count + get_max_sub_group_size() * 1000u;
    out[gid * 6 + 4] = before;
    out[gid * 6 + 5] = first + (uint)sub_group_all(lane < 64u) * 100000u + get_num_sub_groups() * 1000000u;
}
