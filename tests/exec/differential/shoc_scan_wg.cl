// oclc-flags: -cl-std=CL2.0
// SHOC Scan/Reduction ported to OpenCL 2.0 work-group collectives:
// reduce / top-scan / bottom-scan passes built on work_group_reduce_add,
// work_group_scan_{in,ex}clusive_add and work_group_broadcast, plus stream
// compaction through a generic-address-space predicate and work_group_any.

#define WG_SIZE 16
#define N_ELEMS 4096
#define NUM_GROUPS 4
#define CHUNK (N_ELEMS / NUM_GROUPS)

/* inputs are quantised to small integers so every partial sum is exact in fp32
 * and the result does not depend on the association order of the collectives */
inline float quantize(uint bits)
{
    return (float)(bits & 1023u);
}

/* pass 1: per-group totals */
kernel __attribute__((reqd_work_group_size(WG_SIZE, 1, 1)))
void reduce_wg(global float *restrict out, global const uint *restrict in)
{
    size_t gsz = get_global_size(0);
    const int n = N_ELEMS;
    float acc = 0.0f;
    for (size_t i = get_global_id(0); i < (size_t)n; i += gsz)
        acc += quantize(in[i]);
    float total = work_group_reduce_add(acc);
    if (get_local_id(0) == 0)
        out[get_group_id(0)] = total;
    out[NUM_GROUPS + get_global_id(0)] = acc;
}

/* pass 2: exclusive scan of a 64-entry totals table; every group scans its own copy */
kernel void top_scan_wg(global float *out, global const uint *in)
{
    const int n = 64;
    global const uint *isums = in + get_group_id(0) * n;
    global float *dst = out + get_group_id(0) * n;
    float carry = 0.0f;
    for (int base = 0; base < n; base += get_local_size(0)) {
        int idx = base + get_local_id(0);
        float v = (idx < n) ? quantize(isums[idx]) : 0.0f;
        float ex = work_group_scan_exclusive_add(v);
        if (idx < n)
            dst[idx] = ex + carry;
        carry += work_group_reduce_add(v);
    }
}

/* pass 3: bottom scan; each group scans its chunk and adds its seed */
kernel void bottom_scan_wg(global float *out, global const uint *in)
{
    const int n = N_ELEMS, chunk = CHUNK;
    /* seed = sum of all preceding chunks (pass 1 + 2 fused) */
    float seed = 0.0f;
    for (int i = get_local_id(0); i < (int)get_group_id(0) * chunk; i += get_local_size(0))
        seed += quantize(in[i]);
    seed = work_group_reduce_add(seed);

    int begin = get_group_id(0) * chunk;
    int end = min(begin + chunk, n);
    for (int base = begin; base < end; base += get_local_size(0)) {
        int i = base + get_local_id(0);
        float v = (i < end) ? quantize(in[i]) : 0.0f;
        float inc = work_group_scan_inclusive_add(v);
        if (i < end)
            out[i] = seed + inc - v;
        seed += work_group_broadcast(inc, get_local_size(0) - 1);
    }
}

/* stream compaction with generic-address-space helper and work_group_any */
inline int keep(const float *p)           /* generic pointer */
{
    return (*p > 0.0f) && !isinf(*p);
}

kernel void compact_positive(global float *out, global const float *in)
{
    local int base;
    const int n = N_ELEMS;
    global int *count = (global int *)out;
    int i = get_global_id(0) * 37 % n;
    float v = in[i];
    int k = keep(&v);

    if (!work_group_any(k))
        return;

    int pos = work_group_scan_exclusive_add(k);
    int tot = work_group_reduce_add(k);
    if (get_local_id(0) == 0) {
        atomic_fetch_add_explicit((volatile global atomic_int *)count, tot,
                                  memory_order_relaxed, memory_scope_device);
        base = 16 + get_group_id(0) * WG_SIZE;   /* per-group segment keeps it deterministic */
    }
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    if (k)
        out[base + pos] = v;
}

kernel void max_abs_wg(global int *out, global const int *in)
{
    const int n = N_ELEMS;
    int m = 0;
    for (int i = get_global_id(0); i < n; i += get_global_size(0)) {
        int a = (int)abs(in[i]);
        m = max(m, a);
    }
    m = work_group_reduce_max(m);
    if (get_local_id(0) == 0)
        atomic_fetch_max((volatile global atomic_int *)out, m);
    out[1 + get_global_id(0)] = work_group_scan_inclusive_max(m ^ (int)get_local_id(0));
}
