// OpenCL 1.x atomics: atomic_inc histograms (global bins shared by the whole
// NDRange, and local bins per work-group merged with atomic_add), 64-bit
// atom_add from cl_khr_int64_base_atomics, and atomic_cmpxchg's return value.

#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable

#define BINS 16

kernel void histogram(global const uint *values, global uint *bins) {
    atomic_inc(&bins[values[get_global_id(0)] % BINS]);
}

kernel void histogram_local(global const uint *values, volatile global uint *bins) {
    local uint local_bins[BINS];
    size_t lid = get_local_id(0);
    if (lid < BINS) {
        local_bins[lid] = 0;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_inc(&local_bins[values[get_global_id(0)] % BINS]);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < BINS) {
        atomic_add(&bins[lid], local_bins[lid]);
    }
}

kernel void add64(volatile global long *sum, global const long *vals, global long *olds) {
    size_t i = get_global_id(0);
    olds[i] = atom_add(sum, vals[i]);
}

// Slots start at -1; work-item i tries to claim slot i % slot_count.
kernel void claim(global int *slots, global int *olds, int slot_count) {
    size_t i = get_global_id(0);
    olds[i] = atomic_cmpxchg(&slots[i % slot_count], -1, (int)i);
}
