// oclc-flags: -cl-std=CL1.2
// OpenCL 1.2 style group-by with 64-bit legacy atomics on local and global, atomic_xchg on float, constant tables of pointers
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
#pragma OPENCL EXTENSION cl_khr_local_int32_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_global_int32_extended_atomics : enable
__constant char codon_aa[64] = "KNKNTTTTRSRSIIMIQHQHPPPPRRRRLLLLEDEDAAAAGGGGVVVV*Y*YSSSS*CWCLFLF";
__constant char * __constant names[4] = { "ALA", "CYS", "GLY", "TRP" };
typedef struct { ulong sum; uint count; uint min_v; } agg_t;
__kernel void groupby12(__global uint *out, __global const uint *in)
{
    __local ulong lsum[21];
    __local uint lcnt[21];
    __local uint lmin[21];
    __local float lastf[1];
    uint lid = get_local_id(0);
    for (uint i = lid; i < 21; i += get_local_size(0)) { lsum[i] = 0; lcnt[i] = 0; lmin[i] = 0xffffffffu; }
    if (lid == 0) lastf[0] = 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    const __global uchar *seq = (const __global uchar *)(in + get_global_id(0) * 64);
    for (int i = 0; i + 2 < 96; i += 3) {
        uint codon = ((seq[i] & 3) << 4) | ((seq[i+1] & 3) << 2) | (seq[i+2] & 3);
        char aa = codon_aa[codon];
        uint g = aa == '*' ? 20 : (uint)(aa - 'A') % 20;
        atom_add(&lsum[g], (ulong)seq[i] * 1000003UL);
        atom_inc(&lcnt[g]);
        atom_min(&lmin[g], (uint)seq[i+1] << 8 | seq[i+2]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    __global ulong *gsum = (__global ulong *)(out + 1024);
    for (uint i = lid; i < 21; i += get_local_size(0)) {
        atom_add(&gsum[i], lsum[i]);
        atomic_add(&out[i], lcnt[i]);
        atomic_min(&out[32 + i], lmin[i] ^ 0xffffffffu);   // out zeroed: track max of complement
        atom_xor(&gsum[32 + i], lsum[i] << 3);
    }
    if (lid == 0) { float old = atomic_xchg(&lastf[0], 1.5f); out[100 + get_group_id(0)] = as_uint(old) ^ names[get_group_id(0) & 3][1]; }
}
