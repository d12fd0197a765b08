// oclc-flags: -cl-std=CL1.2 -DINDEX_TYPE=uint -DVALUE_TYPE=float -DSIZE_TYPE=ulong -DWG_SIZE=16 -DSUBWAVE_SIZE=4 -DATOMIC_INT
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
#pragma OPENCL EXTENSION cl_khr_global_int32_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_local_int32_base_atomics : enable
#ifndef INDEX_TYPE
#error "INDEX_TYPE undefined!"
#endif
#ifndef VALUE_TYPE
#error "VALUE_TYPE undefined!"
#endif
#if defined(ATOMIC_INT)
#define ATOM_ADD atomic_add
#else
#define ATOM_ADD atom_add
#endif
// float atomic add via compare-exchange (clSPARSE atomic_add_float_extended)
inline VALUE_TYPE atomic_add_float(__global VALUE_TYPE *ptr, VALUE_TYPE temp)
{
    unsigned int newVal, prevVal;
    do {
        prevVal = as_uint(*ptr);
        newVal = as_uint(temp + *ptr);
    } while (atomic_cmpxchg((__global unsigned int *)ptr, prevVal, newVal) != prevVal);
    return as_float(prevVal);
}
inline void atomic_add_float_u(volatile __global float *source, const float operand)
{
    union { unsigned int intVal; float floatVal; } newVal;
    union { unsigned int intVal; float floatVal; } prevVal;
    do {
        prevVal.floatVal = *source;
        newVal.floatVal = prevVal.floatVal + operand;
    } while (atomic_cmpxchg((volatile __global unsigned int *)source, prevVal.intVal, newVal.intVal) != prevVal.intVal);
}
inline VALUE_TYPE sum2_reduce(VALUE_TYPE cur_sum, __local VALUE_TYPE *partial, const INDEX_TYPE lid, const INDEX_TYPE max_size, const INDEX_TYPE reduc_size)
{
    barrier(CLK_LOCAL_MEM_FENCE);
    VALUE_TYPE other = partial[lid + reduc_size];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (max_size > reduc_size) {
        cur_sum = cur_sum + other;
        partial[lid] = cur_sum;
    }
    return cur_sum;
}
__kernel __attribute__((reqd_work_group_size(WG_SIZE, 1, 1)))
void csrmv_general(__global VALUE_TYPE *out, __global const uint *in)
{
    __local VALUE_TYPE sdata[WG_SIZE + SUBWAVE_SIZE / 2];
    __local uint lhist[8];
    const INDEX_TYPE global_id = get_global_id(0);
    const INDEX_TYPE local_id = get_local_id(0);
    const INDEX_TYPE thread_lane = local_id & (SUBWAVE_SIZE - 1);
    const INDEX_TYPE vector_id = global_id / SUBWAVE_SIZE;
    const INDEX_TYPE num_vectors = get_global_size(0) / SUBWAVE_SIZE;
    __global SIZE_TYPE *cnt64 = (__global SIZE_TYPE *)(out + 512);
    __global int *cnt32 = (__global int *)(out + 600);
    if (local_id < 8) lhist[local_id] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (INDEX_TYPE row = vector_id; row < 16; row += num_vectors) {
        const INDEX_TYPE row_start = row * 16;
        const INDEX_TYPE row_end = row_start + 16 - (in[row] & 7);
        VALUE_TYPE sum = (VALUE_TYPE)0;
        for (INDEX_TYPE j = row_start + thread_lane; j < row_end; j += SUBWAVE_SIZE) {
            VALUE_TYPE v = (VALUE_TYPE)(in[1024 + j] & 0xff);
            INDEX_TYPE col = in[2048 + j] & 255;
            sum += v * (VALUE_TYPE)(in[3072 + col] & 0xf);
            atomic_inc(&lhist[col & 7]);
        }
        sdata[local_id] = sum;
        sum = sum2_reduce(sum, sdata, local_id, SUBWAVE_SIZE, 2);
        sum = sum2_reduce(sum, sdata, local_id, SUBWAVE_SIZE, 1);
        if (thread_lane == 0) {
            out[row] = sum;
            atomic_add_float(out + 64, sum);
            atomic_add_float_u(out + 65, sum * 0.5f);
            atom_add(cnt64, (SIZE_TYPE)sum);
            atom_max(cnt64 + 1, (SIZE_TYPE)row << 40);
            ATOM_ADD(cnt32, (int)row);
            atomic_max(cnt32 + 1, (int)sum);
            atomic_or(cnt32 + 2, 1 << row);
            atom_xor(cnt32 + 3, (int)row * 3);
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (local_id < 8) atomic_add((__global uint *)(out + 700 + local_id), lhist[local_id]);
}
