// OpenCL 1.x style atomics: atomic_inc/atomic_add on volatile pointers,
// the cl_khr_*_atomics atom_* spellings, and a compare-and-swap lock.

#pragma OPENCL EXTENSION cl_khr_global_int32_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable

#define LOCKED 1
#define UNLOCKED 0

void lock(volatile __global int *mutex)
{
    while (atomic_cmpxchg(mutex, UNLOCKED, LOCKED) != UNLOCKED)
        ;
}

void unlock(volatile __global int *mutex)
{
    atomic_xchg(mutex, UNLOCKED);
}

__kernel void count_matches(__global const int *data, int key,
                            volatile __global int *matches,
                            volatile __global long *total,
                            volatile __local int *scratch)
{
    int gid = get_global_id(0);
    if (get_local_id(0) == 0)
        scratch[0] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);

    if (data[gid] == key) {
        atomic_inc(&scratch[0]);
        atom_add(total, (long)data[gid]);
    }
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);

    if (get_local_id(0) == 0) {
        int local_count = atomic_add(&scratch[0], 0);
        atomic_add(matches, local_count);
    }
}

__kernel void guarded_sum(__global int *mutex, __global float *sum,
                          __global const float *values, uint n)
{
    uint i = get_global_id(0);
    if (i >= n)
        return;
    float v = values[i];
    // One work-item per group takes the lock on behalf of the group.
    if (get_local_id(0) == 0) {
        lock(mutex);
        *sum += v;
        mem_fence(CLK_GLOBAL_MEM_FENCE);
        unlock(mutex);
    }
    int old = atomic_min(mutex + 1, (int)i);
    old = atomic_max(mutex + 2, old);
    atomic_dec(mutex + 3);
    atom_or(mutex + 4, 1 << (i & 31));
}
