// Work-group reductions as real code writes them: a local-memory tree with
// INFINITY / -INFINITY / FLT_MAX identities, NaN filtering with isnan, a
// min/max/argmin over float4 loads, and the 2.0 work-group built-ins.

#define GROUP 16

__constant float identities[3] = { INFINITY, -INFINITY, 0.0f };

kernel void min_max_sum(global float *out, global const float *in)
{
    local float lo[GROUP], hi[GROUP], sum[GROUP];
    const float not_a_number = NAN;
    int lid = get_local_id(0), gid = get_global_id(0);
    float4 v = vload4(gid, in);
    v = select(v, (float4)(identities[2]), isnan(v));
    lo[lid] = fmin(fmin(v.x, v.y), fmin(v.z, v.w));
    hi[lid] = fmax(fmax(v.x, v.y), fmax(v.z, v.w));
    sum[lid] = clamp(v.x + v.y + v.z + v.w, -FLT_MAX, FLT_MAX);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int stride = GROUP / 2; stride > 0; stride >>= 1) {
        if (lid < stride) {
            lo[lid] = min(lo[lid], lo[lid + stride]);
            hi[lid] = max(hi[lid], hi[lid + stride]);
            sum[lid] += sum[lid + stride];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) {
        int g = get_group_id(0);
        out[4 * g] = lo[0];
        out[4 * g + 1] = hi[0];
        out[4 * g + 2] = isinf(sum[0]) ? not_a_number : sum[0];
        out[4 * g + 3] = (float)(isnan(not_a_number) + 2 * isinf(identities[0])) + (float)(HUGE_VALF > FLT_MAX);
    }
    out[64 + gid] = work_group_reduce_min(lo[0] < INFINITY ? (float)gid : MAXFLOAT);
}

kernel void argmin(global int *out, global const float *in)
{
    int gid = get_global_id(0);
    float best = INFINITY;
    float not_a_number = NAN;
    int where = -1;
    for (int k = 0; k < 8; k++) {
        float x = in[8 * gid + k];
        if (!isnan(x) && x < best) {
            best = x;
            where = k;
        }
    }
    out[2 * gid] = where;
    out[2 * gid + 1] = work_group_scan_inclusive_add(where) + ilogb(best == INFINITY ? 0.0f : best) * 0
                       + (ilogb(0.0f) == FP_ILOGB0) + (ilogb(not_a_number) == FP_ILOGBNAN) * 2;
}
