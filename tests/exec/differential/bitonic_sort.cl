// oclc-flags: -cl-std=CL1.2
// AMD/NVIDIA SDK bitonic sort: the one-pass-per-launch global compare/swap
// kernel (stage/pass baked in as constants) and the local-memory variant that
// sorts 2*get_local_size(0) keys per work-group with barriers between strides.

#define ASCENDING  1
#define DESCENDING 0

#define SORT_STAGE 3
#define SORT_PASS  1
#define LOCAL_SIZE_LIMIT 32          /* keys per work-group (2 per work-item) */

__kernel
void bitonicSort(__global uint *out, __global const uint *in)
{
    const uint stage = SORT_STAGE;
    const uint passOfStage = SORT_PASS;
    const uint direction = ASCENDING;

    uint sortIncreasing = direction;
    uint threadId = get_global_id(0);

    uint pairDistance = 1 << (stage - passOfStage);
    uint blockWidth   = 2 * pairDistance;

    uint leftId = (threadId % pairDistance)
                   + (threadId / pairDistance) * blockWidth;

    uint rightId = leftId + pairDistance;

    uint leftElement  = in[leftId];
    uint rightElement = in[rightId];

    uint sameDirectionBlockWidth = 1 << stage;

    if ((threadId / sameDirectionBlockWidth) % 2 == 1)
        sortIncreasing = 1 - sortIncreasing;

    uint greater;
    uint lesser;
    if (leftElement > rightElement) {
        greater = leftElement;
        lesser  = rightElement;
    } else {
        greater = rightElement;
        lesser  = leftElement;
    }

    if (sortIncreasing) {
        out[leftId]  = lesser;
        out[rightId] = greater;
    } else {
        out[leftId]  = greater;
        out[rightId] = lesser;
    }
}

/* Local-memory variant: sorts a block of 2*get_local_size(0) keys entirely in LDS. */
inline void comparator_local(__local uint *a, __local uint *b, uint dir)
{
    uint ka = *a, kb = *b;
    if ((ka > kb) == dir) {
        *a = kb;
        *b = ka;
    }
}

__kernel __attribute__((reqd_work_group_size(LOCAL_SIZE_LIMIT / 2, 1, 1)))
void bitonicSortLocal(__global uint *out, __global const uint *in)
{
    __local uint l_key[LOCAL_SIZE_LIMIT];
    const uint arrayLength = LOCAL_SIZE_LIMIT;
    const uint dir = (get_group_id(0) & 1) ? DESCENDING : ASCENDING;
    const uint halfLen = LOCAL_SIZE_LIMIT / 2;

    uint lid = get_local_id(0);
    __global const uint *d_Src = in + get_group_id(0) * LOCAL_SIZE_LIMIT + lid;
    __global uint *d_Dst = out + get_group_id(0) * LOCAL_SIZE_LIMIT + lid;

    l_key[lid]        = d_Src[0];
    l_key[lid + halfLen] = d_Src[halfLen];

    for (uint size = 2; size < arrayLength; size <<= 1) {
        uint ddd = dir ^ ((lid & (size / 2)) != 0);
        for (uint stride = size / 2; stride > 0; stride >>= 1) {
            barrier(CLK_LOCAL_MEM_FENCE);
            uint pos = 2 * lid - (lid & (stride - 1));
            comparator_local(&l_key[pos], &l_key[pos + stride], ddd);
        }
    }

    for (uint stride = arrayLength / 2; stride > 0; stride >>= 1) {
        barrier(CLK_LOCAL_MEM_FENCE);
        uint pos = 2 * lid - (lid & (stride - 1));
        comparator_local(&l_key[pos], &l_key[pos + stride], dir);
    }

    barrier(CLK_LOCAL_MEM_FENCE);
    d_Dst[0]    = l_key[lid];
    d_Dst[halfLen] = l_key[lid + halfLen];
}
