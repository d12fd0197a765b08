// oclc-flags: -cl-std=CL1.2
// A 1.x histogram: per-group bins in local memory with atomic_inc, then
// merged into the global bins with atomic_add.
#define BINS 16
kernel void histogram(global const uchar *data, uint n, volatile global uint *bins) {
    local volatile uint partial[BINS];
    uint lid = get_local_id(0);
    if (lid < BINS)
        partial[lid] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint i = get_global_id(0); i < n; i += get_global_size(0))
        atomic_inc(&partial[data[i] % BINS]);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < BINS)
        atomic_add(&bins[lid], partial[lid]);
}
