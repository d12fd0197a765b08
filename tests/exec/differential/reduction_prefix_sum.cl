// oclc-flags: -cl-std=CL1.2
// AMD SDK Reduction + PrefixSum: uint4 tree reduction in local memory, a
// float reduction with grid-stride accumulation and an unrolled tail, the
// Blelloch work-efficient exclusive scan with bank-conflict-free offsets, and
// the block-sum fix-up kernel.

#ifndef GROUP_SIZE
#define GROUP_SIZE 16
#endif

#define NUM_BANKS       32
#define LOG_NUM_BANKS   5
#define CONFLICT_FREE_OFFSET(n) ((n) >> LOG_NUM_BANKS)

#define N_FLOATS 4096u
#define SCAN_LENGTH 128u
#define BLOCK_SUMS_OFFSET 2048u

inline float finite_or_zero(float x)
{
    return isfinite(x) ? clamp(x, -1000.0f, 1000.0f) : 0.0f;
}

__kernel
__attribute__((reqd_work_group_size(GROUP_SIZE, 1, 1)))
void reduce(__global uint4 *out, __global const uint4 *in)
{
    __local uint4 sdata[GROUP_SIZE];
    unsigned int tid       = get_local_id(0);
    unsigned int bid       = get_group_id(0);
    unsigned int gid       = get_global_id(0);
    unsigned int localSize = get_local_size(0);
    unsigned int stride    = gid * 2;

    sdata[tid] = in[stride] + in[stride + 1];
    barrier(CLK_LOCAL_MEM_FENCE);

    for (unsigned int s = localSize >> 1; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (tid == 0)
        out[bid] = sdata[0];
    out[get_num_groups(0) + gid] = in[stride] ^ in[stride + 1];
}

/* Float variant: the classic warp-synchronous tail is replaced by a barrier
 * ladder because the work-group is smaller than a warp/wavefront. */
inline void tailReduce(volatile __local float *s, uint tid, uint n)
{
    for (uint off = n; off > 0; off >>= 1) {
        if (tid < off)
            s[tid] += s[tid + off];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
}

__kernel __attribute__((reqd_work_group_size(GROUP_SIZE, 1, 1)))
void reduceFloat(__global float *out, __global const float *in)
{
    __local float sdata[GROUP_SIZE];
    __global const float *g_idata = in;
    const unsigned int n = N_FLOATS;
    unsigned int tid = get_local_id(0);
    unsigned int i = get_group_id(0) * (get_local_size(0) * 2) + tid;
    unsigned int gridSize = get_local_size(0) * 2 * get_num_groups(0);

    float mySum = 0.0f;
    while (i < n) {
        mySum += finite_or_zero(g_idata[i]);
        if (i + get_local_size(0) < n)
            mySum += finite_or_zero(g_idata[i + get_local_size(0)]);
        i += gridSize;
    }
    sdata[tid] = mySum;
    barrier(CLK_LOCAL_MEM_FENCE);

    for (unsigned int s = get_local_size(0) / 2; s > 4; s >>= 1) {
        if (tid < s)
            sdata[tid] = mySum = mySum + sdata[tid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    tailReduce(sdata, tid, 4);

    if (tid == 0)
        out[get_group_id(0)] = sdata[0];
}

__kernel __attribute__((reqd_work_group_size(GROUP_SIZE, 1, 1)))
void group_prefixSum(__global float *out, __global const float *in)
{
    __local float block[2 * GROUP_SIZE + CONFLICT_FREE_OFFSET(2 * GROUP_SIZE - 1) + 1];
    __global float *output = out;
    __global float *sumBuffer = out + BLOCK_SUMS_OFFSET;
    const uint length = SCAN_LENGTH;

    int tid = get_local_id(0);
    int gid = get_group_id(0);
    int n   = get_local_size(0) * 2;
    int offset = 1;

    int ai = tid;
    int bi = tid + (n / 2);
    int bankOffsetA = CONFLICT_FREE_OFFSET(ai);
    int bankOffsetB = CONFLICT_FREE_OFFSET(bi);

    int base = gid * n;
    block[ai + bankOffsetA] = (base + ai < length) ? finite_or_zero(in[base + ai]) : 0.0f;
    block[bi + bankOffsetB] = (base + bi < length) ? finite_or_zero(in[base + bi]) : 0.0f;

    /* up-sweep */
    for (int d = n >> 1; d > 0; d >>= 1) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (tid < d) {
            int a = offset * (2 * tid + 1) - 1;
            int b = offset * (2 * tid + 2) - 1;
            a += CONFLICT_FREE_OFFSET(a);
            b += CONFLICT_FREE_OFFSET(b);
            block[b] += block[a];
        }
        offset <<= 1;
    }

    if (tid == 0) {
        int last = n - 1 + CONFLICT_FREE_OFFSET(n - 1);
        sumBuffer[gid] = block[last];
        block[last] = 0.0f;
    }

    /* down-sweep */
    for (int d = 1; d < n; d <<= 1) {
        offset >>= 1;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (tid < d) {
            int a = offset * (2 * tid + 1) - 1;
            int b = offset * (2 * tid + 2) - 1;
            a += CONFLICT_FREE_OFFSET(a);
            b += CONFLICT_FREE_OFFSET(b);
            float t  = block[a];
            block[a] = block[b];
            block[b] += t;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    if (base + ai < length) output[base + ai] = block[ai + bankOffsetA];
    if (base + bi < length) output[base + bi] = block[bi + bankOffsetB];
}

__kernel void global_prefixSum(__global float *out, __global const float *in)
{
    __global const float *buffer = in;
    __global const float *blockSums = in + BLOCK_SUMS_OFFSET;
    const uint length = N_FLOATS / 2;
    for (uint gid = get_global_id(0); gid < length; gid += get_global_size(0)) {
        uint group = gid / (get_local_size(0) * 2);
        float v = finite_or_zero(buffer[gid]);
        if (group != 0)
            v += finite_or_zero(blockSums[group]);
        out[gid] = v;
    }
}
