// oclc-flags: -cl-std=CL1.1
// A Parboil-style histogram: every legacy atom_*/atomic_* function on
// global and local counters, under OpenCL C 1.1 with the extension pragmas.
#pragma OPENCL EXTENSION cl_khr_global_int32_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_local_int32_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_global_int32_extended_atomics : enable
#pragma OPENCL EXTENSION cl_khr_local_int32_extended_atomics : enable

#define UINT8_MAX 255
#define HISTO_BINS 64

__kernel void histo_main_kernel(__global unsigned int *out, __global const unsigned int *in)
{
    __local unsigned int sub_histo[HISTO_BINS];
    const int lid = get_local_id(0);
    for (int i = lid; i < HISTO_BINS; i += get_local_size(0))
        sub_histo[i] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < 64; k++) {
        unsigned int v = in[get_global_id(0) * 64 + k];
        unsigned int bin = (v >> 3) % HISTO_BINS;
        atom_inc(&sub_histo[bin]);
        atom_add(&sub_histo[(v >> 11) & 63], 2u);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int i = lid; i < HISTO_BINS; i += get_local_size(0)) {
        unsigned int c = sub_histo[i];
        atom_add(&out[i], c);
        atom_max(&out[64 + i], c);
        atom_min(&out[128 + i], c | 0x80000000u);
        atom_or(&out[192 + i], 1u << get_group_id(0));
        atom_xor(&out[256 + i], c);
        atomic_add(&out[320 + i], c & 0xff);
    }
}

__kernel void histo_final_kernel(__global unsigned int *out, __global const unsigned int *in)
{
    unsigned int gid = get_global_id(0);
    unsigned int v = in[gid];
    unsigned int b0 = min(v & 0xff, (unsigned)UINT8_MAX);
    atom_inc(&out[b0 & 63]);
    atomic_inc(&out[64 + ((v >> 8) & 63)]);
    atom_dec(&out[128 + ((v >> 16) & 63)]);
    atomic_sub(&out[192 + (v >> 26)], 3u);
    atom_and(&out[256 + (gid & 15)], ~(1u << (v & 31)));
    atomic_cmpxchg(&out[320 + gid], 0u, v);
    int old = atom_xchg((__global int *)&out[400 + gid], (int)v);
    out[500 + gid] = (unsigned)old;
}
