// Radix sort pass: local 4-bit histograms, work_group scans, scatter within group
#define RADIX_BITS 4
#define RADIX (1 << RADIX_BITS)
#define WG 16
#define KEYS_PER_WI 4
kernel void radix_local(global uint *out, global const uint *in)
{
    local uint hist[RADIX];
    local uint keys[WG * KEYS_PER_WI];
    local uint sorted[WG * KEYS_PER_WI];
    uint lid = get_local_id(0), grp = get_group_id(0);
    uint4 k4 = vload4(get_global_id(0), in);
    vstore4(k4, lid, keys);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint shift = 0; shift < 32; shift += RADIX_BITS) {
        if (lid < RADIX) hist[lid] = 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        uint4 k = vload4(lid, keys);
        uint4 d = (k >> shift) & (uint4)(RADIX - 1);
        atomic_inc(&hist[d.x]); atomic_inc(&hist[d.y]); atomic_inc(&hist[d.z]); atomic_inc(&hist[d.w]);
        barrier(CLK_LOCAL_MEM_FENCE);
        uint h = lid < RADIX ? hist[lid] : 0;
        uint excl = work_group_scan_exclusive_add(h);
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid < RADIX) hist[lid] = excl;
        barrier(CLK_LOCAL_MEM_FENCE);
        // stable scatter: serialize over work-items with rank within digit
        for (uint w = 0; w < WG; ++w) {
            if (w == lid) {
                uint kk[4] = { k.x, k.y, k.z, k.w };
                for (int j = 0; j < 4; ++j) { uint dg = (kk[j] >> shift) & (RADIX - 1); sorted[hist[dg]++] = kk[j]; }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
        }
        vstore4(vload4(lid, sorted), lid, keys);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    vstore4(vload4(lid, keys), get_global_id(0), out);
    out[256 + get_global_id(0)] = work_group_reduce_max(k4.x) ^ work_group_reduce_min(k4.y) + work_group_reduce_add(k4.z);
}
