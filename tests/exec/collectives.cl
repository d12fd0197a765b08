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
