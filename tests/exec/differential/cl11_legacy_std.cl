// oclc-flags: -cl-std=CL1.1
// OpenCL 1.1-era code (as in the original NVIDIA OpenCL SDK and Rodinia
// 2.x): the __OPENCL_C_VERSION__ macro, atom_/atomic_ built-ins on local
// and global 32-bit integers, vload/vstore on private arrays, 3-component
// vectors, and the CL_VERSION_1_1 macro.

__kernel void legacy_scan(__global int *out, __global const int *in)
{
    __local int sums[16];
    __local int counter;
    const int lid = get_local_id(0), gid = get_global_id(0);
    if (lid == 0) counter = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    int v = in[gid * 64] & 0xff;
    sums[lid] = v;
    atomic_add(&counter, v);
    atomic_max(&counter, 0);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int off = 1; off < 16; off <<= 1) {
        int t = lid >= off ? sums[lid - off] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        sums[lid] += t;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[gid * 8 + 0] = sums[lid];
    out[gid * 8 + 1] = counter;
    out[gid * 8 + 2] = __OPENCL_C_VERSION__ * 10 + CL_VERSION_1_1;
    out[gid * 8 + 3] = get_work_dim() * 100 + (int)get_local_size(0);
    float priv[6] = { 1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f };
    float3 p = vload3(1, priv);
    vstore3(p * 2.0f, 0, priv);
    out[gid * 8 + 4] = (int)(priv[0] + priv[1] * 10 + priv[2] * 100 + priv[3] * 1000);
    int3 i3 = (int3)(v, v + 1, v + 2);
    out[gid * 8 + 5] = (i3 * 3).z + vec_step(i3);
}
