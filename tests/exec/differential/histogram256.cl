// oclc-flags: -cl-std=CL1.2
// AMD APP SDK Histogram: 256-bin histogram with per-work-item uchar
// sub-histograms in local memory (linear, bank-aware access, no atomics),
// a uchar4-packed local-atomic variant, and the sub-histogram reduction.

#define LINEAR_MEM_ACCESS
#pragma OPENCL EXTENSION cl_khr_byte_addressable_store : enable

#define BIN_SIZE 256
#define GROUP_SIZE 16
#define VALUES_PER_ITEM 64           /* 4 groups * 16 items * 64 = 4096 words */
#define NUM_SUB_HIST 16

__kernel __attribute__((reqd_work_group_size(GROUP_SIZE, 1, 1)))
void histogram256(__global uint *out, __global const uint *in)
{
    __local uchar sharedArray[GROUP_SIZE * BIN_SIZE];
    __global const uint *data = in;
    __global uint *binResult = out;

    size_t localId   = get_local_id(0);
    size_t globalId  = get_global_id(0);
    size_t groupId   = get_group_id(0);
    size_t groupSize = get_local_size(0);

    /* initialize shared array to zero */
    for (int i = 0; i < BIN_SIZE; ++i)
        sharedArray[localId * BIN_SIZE + i] = 0;

    barrier(CLK_LOCAL_MEM_FENCE);

    /* calculate thread-histograms */
    for (int i = 0; i < VALUES_PER_ITEM; ++i) {
#ifdef LINEAR_MEM_ACCESS
        uint value = data[groupId * groupSize * VALUES_PER_ITEM + i * groupSize + localId];
#else
        uint value = data[globalId * VALUES_PER_ITEM + i];
#endif
        value = (value ^ (value >> 13)) & (BIN_SIZE - 1);
        sharedArray[localId * BIN_SIZE + value]++;
    }

    barrier(CLK_LOCAL_MEM_FENCE);

    /* merge all thread-histograms into block-histogram */
    for (int i = 0; i < BIN_SIZE / groupSize; ++i) {
        uint binCount = 0;
        for (int j = 0; j < groupSize; ++j)
            binCount += sharedArray[j * BIN_SIZE + i * groupSize + localId];

        binResult[groupId * BIN_SIZE + i * groupSize + localId] = binCount;
    }
    (void)globalId;
}

/* Atomic variant: uchar4-packed input, local atomics, global merge. */
__kernel void histogramAtomic(__global uint *out, __global const uchar4 *in)
{
    const uint n4 = 4096;
    volatile __global uint *hist = out;
    __local uint lhist[BIN_SIZE];
    uint lid = get_local_id(0);
    for (uint i = lid; i < BIN_SIZE; i += get_local_size(0))
        lhist[i] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);

    for (uint i = get_global_id(0); i < n4; i += get_global_size(0)) {
        uchar4 v = in[i];
        atomic_inc(&lhist[v.x]);
        atomic_inc(&lhist[v.y]);
        atomic_inc(&lhist[v.z]);
        atomic_inc(&lhist[v.w]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    for (uint i = lid; i < BIN_SIZE; i += get_local_size(0))
        if (lhist[i])
            atomic_add(&hist[i], lhist[i]);
}

__kernel void reduceHistogram(__global uint *out, __global const uint *in)
{
    __global const uint *subHist = in;
    const uint numSubHist = NUM_SUB_HIST;
    for (uint bin = get_global_id(0); bin < BIN_SIZE; bin += get_global_size(0)) {
        uint sum = 0;
        for (uint i = 0; i < numSubHist; ++i)
            sum += subHist[i * BIN_SIZE + bin] & 0xffffu;
        out[bin] = sum;
    }
}
