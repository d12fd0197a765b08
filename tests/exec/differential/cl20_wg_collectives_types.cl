// oclc-flags: -cl-std=CL2.0
// OpenCL 2.0 work-group collectives on every scalar type, as statistics,
// stream compaction and histogram-equalization kernels use them:
// reduce/scan_inclusive/scan_exclusive with add/min/max on int, uint,
// long, ulong, float and double, and work_group_broadcast of each, with
// NaN, ±inf, ±0 and INT_MIN in the data (min/max on floats with NaN).

#define COLLECT(T, NAME, LOAD)                                           \
__kernel void NAME(__global T *out, __global const T *in)                \
{                                                                        \
    const int gid = get_global_id(0), lid = get_local_id(0);             \
    T x = LOAD(in[gid * 4]);                                             \
    T y = in[gid * 4 + 1];                                               \
    out[gid * 16 + 0] = work_group_reduce_add(x);                        \
    out[gid * 16 + 1] = work_group_reduce_min(y);                        \
    out[gid * 16 + 2] = work_group_reduce_max(y);                        \
    out[gid * 16 + 3] = work_group_scan_inclusive_add(x);                \
    out[gid * 16 + 4] = work_group_scan_exclusive_add(x);                \
    out[gid * 16 + 5] = work_group_scan_inclusive_min(y);                \
    out[gid * 16 + 6] = work_group_scan_exclusive_min(y);                \
    out[gid * 16 + 7] = work_group_scan_inclusive_max(y);                \
    out[gid * 16 + 8] = work_group_scan_exclusive_max(y);                \
    out[gid * 16 + 9] = work_group_broadcast(y, 5);                      \
    out[gid * 16 + 10] = work_group_broadcast(x, 15);           \
}

#define ID(v) (v)
#define SMALL_I(v) ((v) & 0xffff)
#define SMALL_L(v) ((v) & 0xffffffffl)
#define EXACT_F(v) (isfinite(v) ? trunc(clamp((v), -1000.0f, 1000.0f)) : 1.0f)
#define EXACT_D(v) (isfinite(v) ? trunc(clamp((v), -1000.0, 1000.0)) : 1.0)

COLLECT(int, wg_int, SMALL_I)
COLLECT(uint, wg_uint, ID)
COLLECT(long, wg_long, SMALL_L)
COLLECT(ulong, wg_ulong, ID)
COLLECT(float, wg_float, EXACT_F)
COLLECT(double, wg_double, EXACT_D)

/* rounding-sensitive float sum: order of the adds decides the bits */
__kernel void wg_float_inexact(__global float *out, __global const float *in)
{
    const int gid = get_global_id(0);
    float v = in[gid * 4 + 2];
    float x = isfinite(v) ? v * 1.3f : 0.1f;
    out[gid * 4] = work_group_reduce_add(x);
    out[gid * 4 + 1] = work_group_scan_inclusive_add(x);
    out[gid * 4 + 2] = work_group_scan_exclusive_add(x);
}

/* any/all votes and a broadcast of a 2-D-style local id */
__kernel void wg_votes(__global int *out, __global const float *in)
{
    const int gid = get_global_id(0), lid = get_local_id(0);
    float v = in[gid];
    out[gid * 8 + 0] = work_group_any(isnan(v));
    out[gid * 8 + 1] = work_group_all(v == v);
    out[gid * 8 + 2] = work_group_any(v > 1000.0f) + 2 * work_group_all(lid < 16);
    out[gid * 8 + 3] = work_group_broadcast(lid * 3, 15);
    int leader = work_group_reduce_min(isnan(v) ? lid : 99);
    out[gid * 8 + 4] = leader;
    out[gid * 8 + 5] = work_group_scan_exclusive_add(isnan(v) ? 1 : 0);
}
