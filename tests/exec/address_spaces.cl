// Generic pointers asked where they point: one helper serves global, local
// and private buffers, and `to_global`, `to_local`, `to_private` and
// `get_fence` tell them apart at run time (null when the pointer is
// elsewhere), as a runtime-agnostic accumulator would.

// Adds `value` to *p and reports the space: 1 global, 2 local, 3 private.
int accumulate(int *p, int value)
{
    global int *g = to_global(p);
    local int *l = to_local(p);
    private int *q = to_private(p);
    if (g) {
        atomic_add(g, value);
        return 1;
    }
    if (l) {
        atomic_add(l, value);
        return 2;
    }
    *q += value;
    return 3;
}

kernel void where(global int *out, global int *total, local int *scratch)
{
    int lid = get_local_id(0);
    int gid = get_global_id(0);
    if (lid == 0)
        *scratch = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    int mine = 100;
    int kinds = accumulate(total, 1) * 100 + accumulate(scratch, 2) * 10 + accumulate(&mine, 3);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[4 * gid + 0] = kinds;                                     // 123
    out[4 * gid + 1] = mine + *scratch;                           // 103 + 2 * local size
    out[4 * gid + 2] = get_fence((int *)total) * 10 + get_fence((int *)scratch);  // 21
    out[4 * gid + 3] = to_local((int *)total) == 0 && to_global((int *)scratch) == 0
                       && to_private((int *)out) == 0;            // 1
}
