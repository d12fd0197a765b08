// Work-group privatised histogram with C11 atomics: local bins are
// updated with relaxed work-group-scope atomics, then merged into the
// global histogram with device scope.

#define BINS 256
#define CLAMP_BIN(v) ((v) < 0 ? 0 : ((v) >= BINS ? BINS - 1 : (v)))

typedef enum { MODE_LINEAR, MODE_LOG, MODE_SQUARE } bin_mode;

static inline int bin_of(float value, float scale, bin_mode mode)
{
    float x;
    switch (mode) {
    case MODE_LOG:
        x = log2(1.0f + value) * scale;
        break;
    case MODE_SQUARE:
        x = value * value * scale;
        break;
    case MODE_LINEAR:
    default:
        x = value * scale;
        break;
    }
    return CLAMP_BIN((int)x);
}

__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void histogram(__global const float *restrict input,
               __global atomic_uint *restrict global_bins,
               uint n, float scale, int mode)
{
    __local atomic_uint local_bins[BINS];
    const size_t lid = get_local_id(0);
    const size_t lsize = get_local_size(0);

    for (size_t i = lid; i < BINS; i += lsize)
        atomic_init(&local_bins[i], 0u);
    work_group_barrier(CLK_LOCAL_MEM_FENCE);

    for (size_t i = get_global_id(0); i < n; i += get_global_size(0)) {
        int bin = bin_of(input[i], scale, (bin_mode)mode);
        atomic_fetch_add_explicit(&local_bins[bin], 1u,
                                  memory_order_relaxed,
                                  memory_scope_work_group);
    }
    work_group_barrier(CLK_LOCAL_MEM_FENCE);

    for (size_t i = lid; i < BINS; i += lsize) {
        uint count = atomic_load_explicit(&local_bins[i], memory_order_relaxed,
                                          memory_scope_work_group);
        if (count != 0u)
            atomic_fetch_add_explicit(&global_bins[i], count, memory_order_relaxed,
                                      memory_scope_device);
    }
}
