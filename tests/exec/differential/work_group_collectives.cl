// oclc-flags: -cl-std=CL2.0
// OpenCL 2.0 work-group collectives as used by sorting, statistics and
// convergence loops: a split-based radix sort on exclusive scans,
// min/max/argmin with work_group_broadcast, all/any votes driving a uniform
// Newton loop, and exact (integer-valued) float and double scans.

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

#define WG      16
#define CHUNKS  16
#define PER_GROUP (WG * CHUNKS)

#define SORT_BITS 8
#define CHUNK_KEYS (WG * CHUNKS)

/* Blelloch's split primitive: a stable partition on one key bit, with the
 * destination computed from an exclusive scan of the "bit is 0" flags */
static inline uint split_dest(uint bit, uint lid)
{
    uint is_zero = bit ^ 1u;
    uint zeros_before = work_group_scan_exclusive_add(is_zero);
    uint total_zeros = work_group_reduce_add(is_zero);
    return bit ? total_zeros + (lid - zeros_before) : zeros_before;
}

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void wg_split_radix_sort(__global uint *out, __global const uint *in)
{
    __local uint keys[WG];
    const uint lid = get_local_id(0);
    const uint grp = get_group_id(0);

    for (uint c = 0; c < CHUNKS; c++) {
        const uint base = grp * CHUNK_KEYS + c * WG;
        uint key = in[base + lid];
        uint payload = base + lid;
        uint ones = 0;
        /* LSD radix sort of the low byte, one bit per pass */
        for (uint b = 0; b < SORT_BITS; b++) {
            uint bit = (key >> b) & 1u;
            ones += work_group_reduce_add(bit);
            uint dest = split_dest(bit, lid);
            keys[dest] = key;
            work_group_barrier(CLK_LOCAL_MEM_FENCE);
            uint moved_key = keys[lid];
            work_group_barrier(CLK_LOCAL_MEM_FENCE);
            keys[dest] = payload;
            work_group_barrier(CLK_LOCAL_MEM_FENCE);
            payload = keys[lid];
            work_group_barrier(CLK_LOCAL_MEM_FENCE);
            key = moved_key;
        }
        /* the chunk is now ordered by its low byte; neighbours agree */
        uint prev = work_group_scan_exclusive_max(key & 0xffu);
        out[base + lid] = key;
        out[1024 + base + lid] = payload;
        out[2048 + base + lid] = ((key & 0xffu) >= prev) | (ones << 8);
    }
}

static inline float sane(float x)
{
    /* NaN/inf and denormals -> +0 so min/max never see ties that a flushing
     * device would break differently; -0 folds into +0 */
    return (isfinite(x) && fabs(x) >= FLT_MIN) ? clamp(x, -100.0f, 100.0f) + 0.0f : 0.0f;
}

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void wg_minmax_argmin(__global int *out, __global const int *in)
{
    const uint lid = get_local_id(0);
    const uint gid = get_global_id(0);
    __global int *o = out + gid * 32;

    for (uint r = 0; r < 4; r++) {
        int   vi = in[(r * 1024 + gid * 16) & 4095];
        uint  vu = (uint)in[(r * 1024 + gid * 16 + 1) & 4095];
        long  vl = (long)in[(r * 1024 + gid * 16 + 2) & 4095] * 1048576L + (long)lid;
        float vf = sane(as_float(in[(r * 1024 + gid * 16 + 3) & 4095]));

        int   mn_i = work_group_reduce_min(vi);
        int   mx_i = work_group_reduce_max(vi);
        uint  mx_u = work_group_reduce_max(vu);
        long  mn_l = work_group_reduce_min(vl);
        float mn_f = work_group_reduce_min(vf);
        float mx_f = work_group_reduce_max(vf);

        /* deterministic argmin: smallest local id holding the minimum */
        uint cand = (vf == mn_f) ? lid : (uint)WG;
        uint argmin = work_group_reduce_min(cand);
        float at = work_group_broadcast(vf * 2.0f, (size_t)argmin);
        long  lb = work_group_broadcast(vl, (size_t)((argmin + 5u) & (WG - 1)));

        int   run_max = work_group_scan_inclusive_max(vi);
        uint  run_min = work_group_scan_inclusive_min(vu);
        long  ex_max  = work_group_scan_exclusive_max(vl);
        float ex_minf = work_group_scan_exclusive_min(vf);

        o[r * 8 + 0] = mn_i ^ mx_i;
        o[r * 8 + 1] = (int)mx_u;
        o[r * 8 + 2] = (int)(mn_l ^ (mn_l >> 32));
        o[r * 8 + 3] = as_int(mn_f) + as_int(mx_f);
        o[r * 8 + 4] = (int)argmin ^ as_int(at);
        o[r * 8 + 5] = (int)(lb >> 7);
        o[r * 8 + 6] = run_max ^ (int)run_min;
        o[r * 8 + 7] = (int)(ex_max >> 12) ^ as_int(ex_minf);
    }
}

/* Newton iteration for x^2 = a per work-item, the group stops together */
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void wg_vote_newton(__global float *out, __global const float *in)
{
    const uint gid = get_global_id(0);
    for (uint j = 0; j < 8; j++) {
        float a = fabs(sane(in[gid * 8 + j])) + 1.0f;
        float x = a;
        int iters = 0;
        for (int it = 0; it < 40; it++) {
            float nx = 0.5f * (x + a / x);
            bool done = fabs(nx - x) <= 1e-6f * nx;
            x = nx;
            iters++;
            if (work_group_all(done))
                break;
        }
        int any_big = work_group_any(a > 50.0f);
        int all_small = work_group_all(a < 90.0f);
        out[gid * 16 + j * 2] = x;
        out[gid * 16 + j * 2 + 1] = (float)(iters * 4 + any_big * 2 + all_small);
    }
}

/* integer-valued floats/doubles make every scan and reduction exact, so the
 * association order chosen by the implementation cannot matter */
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void wg_exact_float_scan(__global float *out, __global const uint *in)
{
    const uint gid = get_global_id(0);
    for (uint k = 0; k < 16; k++) {
        uint w = in[(gid * 16 + k) & 4095];
        float v = (float)((int)(w % 2001u) - 1000);           /* [-1000, 1000] */
        double d = (double)(w & 0xffffu) * 0.125 - 4096.0;      /* multiples of 1/8 */
        float inc = work_group_scan_inclusive_add(v);
        float exc = work_group_scan_exclusive_add(v);
        float tot = work_group_reduce_add(v);
        double dinc = work_group_scan_inclusive_add(d);
        double dtot = work_group_reduce_add(d);
        const uint i = gid * 16 + k;
        out[i] = inc;
        out[1024 + i] = exc + 0.5f * tot;
        out[2048 + i] = (float)dinc;
        out[3072 + i] = (float)(dtot - dinc);
    }
}
