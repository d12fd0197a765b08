// oclc-flags: -cl-std=CL1.1
// NVIDIA SDK-style histogram256: per-warp sub-histograms in local memory
// through volatile local pointers, merged with local atomics.
#pragma OPENCL EXTENSION cl_khr_local_int32_base_atomics : enable
#define HISTOGRAM256_BIN_COUNT 256
#define LOG2_WARP_SIZE 2U
#define WARP_COUNT 4
#define WARP_SIZE (1U << LOG2_WARP_SIZE)
#define HISTOGRAM256_WORKGROUP_SIZE (WARP_COUNT * WARP_SIZE)
#define HISTOGRAM256_WORKGROUP_MEMORY (WARP_COUNT * HISTOGRAM256_BIN_COUNT)
#define UINT_BITS 32U
#define TAG_MASK 0xFFFFFFFFU

inline void addByte(volatile __local uint *l_WarpHist, uint data){
    atomic_inc(l_WarpHist + data);
}

inline void addWord(volatile __local uint *l_WarpHist, uint data, uint tag){
    addByte(l_WarpHist, (data >>  0) & 0xFFU);
    addByte(l_WarpHist, (data >>  8) & 0xFFU);
    addByte(l_WarpHist, (data >> 16) & 0xFFU);
    addByte(l_WarpHist, (data >> 24) & 0xFFU);
}

__kernel __attribute__((reqd_work_group_size(HISTOGRAM256_WORKGROUP_SIZE, 1, 1)))
void histogram256(__global uint *d_PartialHistograms, __global const uint *d_Data)
{
    __local uint l_Hist[HISTOGRAM256_WORKGROUP_MEMORY];
    __local uint *l_WarpHist = l_Hist + (get_local_id(0) >> LOG2_WARP_SIZE) * HISTOGRAM256_BIN_COUNT;
    #pragma unroll
    for(uint i = 0; i < (HISTOGRAM256_BIN_COUNT / WARP_SIZE); i++)
        l_Hist[get_local_id(0) + i * HISTOGRAM256_WORKGROUP_SIZE] = 0;
    for (uint i = 0; i < HISTOGRAM256_BIN_COUNT * WARP_COUNT / HISTOGRAM256_WORKGROUP_SIZE; i++)
        l_Hist[get_local_id(0) + i * HISTOGRAM256_WORKGROUP_SIZE] = 0;
    const uint tag = get_local_id(0) << (UINT_BITS - LOG2_WARP_SIZE);
    barrier(CLK_LOCAL_MEM_FENCE);
    for(uint pos = get_global_id(0); pos < 4096; pos += get_global_size(0)){
        uint data = d_Data[pos];
        addWord(l_WarpHist, data, tag);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for(uint bin = get_local_id(0); bin < HISTOGRAM256_BIN_COUNT; bin += HISTOGRAM256_WORKGROUP_SIZE){
        uint sum = 0;
        for(uint i = 0; i < WARP_COUNT; i++)
            sum += l_Hist[bin + i * HISTOGRAM256_BIN_COUNT] & TAG_MASK;
        d_PartialHistograms[get_group_id(0) * HISTOGRAM256_BIN_COUNT + bin] = sum;
    }
}
