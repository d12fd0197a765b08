// oclc-flags: -cl-std=CL1.2
// AMD SDK RadixSort building blocks: per-group digit histogram with local
// atom_inc (cl_khr_local_int32_base_atomics), the per-work-item bucket
// permute pass over ushort LDS counters, and IEEE float key flipping.

#pragma OPENCL EXTENSION cl_khr_local_int32_base_atomics : enable

#define RADIX      8
#define RADICES    (1 << RADIX)
#define RADIX_MASK (RADICES - 1)
#define SHIFT_COUNT 8

/* the permute pass runs with 4-bit digits so the per-item bucket table fits in LDS */
#define P_RADIX    4
#define P_RADICES  (1 << P_RADIX)
#define P_MASK     (P_RADICES - 1)
#define GROUP_SIZE 16
#define KEYS_PER_ITEM P_RADICES
#define KEYS_PER_GROUP (GROUP_SIZE * KEYS_PER_ITEM)
#define HIST_VALUES_PER_ITEM 64

__kernel __attribute__((reqd_work_group_size(GROUP_SIZE, 1, 1)))
void histogram(__global uint *out, __global const uint *in)
{
    __local uint sharedArray[RADICES];
    __global const uint *unsortedData = in;
    __global uint *buckets = out;
    const uint shiftCount = SHIFT_COUNT;

    size_t localId   = get_local_id(0);
    size_t globalId  = get_global_id(0);
    size_t groupId   = get_group_id(0);
    size_t groupSize = get_local_size(0);
    size_t numGroups = get_global_size(0) / groupSize;

    /* clear the local histogram */
    for (uint i = localId; i < RADICES; i += groupSize)
        sharedArray[i] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);

    for (uint k = 0; k < HIST_VALUES_PER_ITEM; k++) {
        uint value = unsortedData[globalId * HIST_VALUES_PER_ITEM + k];
        value = (value >> shiftCount) & RADIX_MASK;
        atom_inc(&sharedArray[value]);
    }

    barrier(CLK_LOCAL_MEM_FENCE);

    /* column-major layout so that a later scan over buckets yields offsets */
    for (uint i = localId; i < RADICES; i += groupSize) {
        uint bucketPos = i * numGroups + groupId;
        buckets[bucketPos] = sharedArray[i];
    }
}

/* Each group sorts its own KEYS_PER_GROUP-key segment by one 4-bit digit.
 * The scanned bucket table (normally produced by a separate scan kernel) is
 * computed in LDS from per-item digit counts. */
__kernel __attribute__((reqd_work_group_size(GROUP_SIZE, 1, 1)))
void permute(__global uint *out, __global const uint *in)
{
    __local ushort sharedBuckets[GROUP_SIZE * P_RADICES];
    __local ushort counts[GROUP_SIZE * P_RADICES];
    __local uint digitTotal[P_RADICES];

    __global const uint *unsortedData = in;
    __global uint *sortedData = out;
    const uint shiftCount = (get_group_id(0) & 1) ? 4 : 0;

    size_t groupId   = get_group_id(0);
    size_t localId   = get_local_id(0);
    size_t globalId  = get_global_id(0);
    size_t groupSize = get_local_size(0);

    /* per-item digit counts */
    for (int i = 0; i < P_RADICES; ++i)
        counts[localId * P_RADICES + i] = 0;
    for (int i = 0; i < KEYS_PER_ITEM; ++i) {
        uint value = (unsortedData[globalId * KEYS_PER_ITEM + i] >> shiftCount) & P_MASK;
        counts[localId * P_RADICES + value]++;
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    /* work-item d owns digit d: total over items */
    {
        uint d = localId, t = 0;
        for (uint it = 0; it < groupSize; ++it)
            t += counts[it * P_RADICES + d];
        digitTotal[d] = t;
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    /* scanned buckets: digit-major, item-minor exclusive prefix */
    {
        uint d = localId, off = groupId * KEYS_PER_GROUP;
        for (uint dd = 0; dd < d; ++dd)
            off += digitTotal[dd];
        for (uint it = 0; it < groupSize; ++it) {
            sharedBuckets[it * P_RADICES + d] = (ushort)off;
            off += counts[it * P_RADICES + d];
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    for (int i = 0; i < KEYS_PER_ITEM; ++i) {
        uint value = unsortedData[globalId * KEYS_PER_ITEM + i];
        value = (value >> shiftCount) & P_MASK;
        uint index = sharedBuckets[localId * P_RADICES + value];
        sortedData[index] = unsortedData[globalId * KEYS_PER_ITEM + i];
        sharedBuckets[localId * P_RADICES + value] = (ushort)(index + 1);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
}

/* Key-flip helpers for sorting IEEE floats as unsigned ints. */
inline uint floatFlip(uint f)
{
    uint mask = -(int)(f >> 31) | 0x80000000u;
    return f ^ mask;
}

inline uint iFloatFlip(uint f)
{
    uint mask = ((f >> 31) - 1) | 0x80000000u;
    return f ^ mask;
}

__kernel void flipFloatKeys(__global uint *out, __global const uint *in)
{
    const uint n = 4096;
    for (uint i = get_global_id(0); i < n; i += get_global_size(0)) {
        int inverse = (i >> 6) & 1;
        out[i] = inverse ? iFloatFlip(in[i]) : floatFlip(in[i]);
    }
}
