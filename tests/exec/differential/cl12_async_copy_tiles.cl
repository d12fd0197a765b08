// oclc-flags: -cl-std=CL1.2
// Explicit local-memory staging with the async copy built-ins, as in the
// AMD APP SDK convolution and matrix-transpose samples and Parboil's
// stencil: async_work_group_copy global->local and back,
// async_work_group_strided_copy gathering a column and scattering it,
// wait_group_events on several events, prefetch hints, and vector element
// types (float4, uchar16) in the copies.

#define WG 16

__kernel void stencil_async(__global float *out, __global const float *in)
{
    __local float tile[WG * 4 + 2];
    const int lid = get_local_id(0), grp = get_group_id(0);
    const int base = grp * WG * 4;
    event_t e = async_work_group_copy(tile + 1, in + base, WG * 4, 0);
    /* halo cells: one event chained onto the first */
    e = async_work_group_copy(tile, in + (base == 0 ? 4095 : base - 1), 1, e);
    e = async_work_group_copy(tile + WG * 4 + 1, in + ((base + WG * 4) & 4095), 1, e);
    wait_group_events(1, &e);
    for (int k = 0; k < 4; k++) {
        int i = lid * 4 + k + 1;
        float l = tile[i - 1], c = tile[i], r = tile[i + 1];
        float v = 0.25f * l + 0.5f * c + 0.25f * r;
        out[base + i - 1] = isnan(v) ? -1.0f : v;
    }
}

__kernel void transpose_strided(__global uint *out, __global const uint *in)
{
    /* each group transposes a 16x16 block of the 64x64 matrix in[] */
    __local uint block[WG * WG];
    const int lid = get_local_id(0), grp = get_group_id(0);
    const int bx = grp & 3, by = grp >> 2;
    event_t ev[WG];
    for (int r = 0; r < WG; r++)
        ev[r] = async_work_group_copy(block + r * WG, in + (by * WG + r) * 64 + bx * WG, WG, 0);
    wait_group_events(WG, ev);
    barrier(CLK_LOCAL_MEM_FENCE);
    /* each column of the block gathered from global memory with a stride */
    __local uint col[WG][WG];
    event_t g = async_work_group_strided_copy(&col[0][0], in + by * WG * 64 + bx * WG, WG, 64, 0);
    for (int c = 1; c < WG; c++)
        g = async_work_group_strided_copy(&col[c][0], in + by * WG * 64 + bx * WG + c, WG, 64, g);
    wait_group_events(1, &g);
    for (int r = 0; r < WG; r++)
        out[(bx * WG + lid) * 64 + by * WG + r] = col[lid][r] ^ block[r * WG + lid] ^ (uint)r;
    barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
    /* strided scatter local -> global: the first row of the block becomes
       the first column of this group's output block */
    event_t s = async_work_group_strided_copy(out + bx * WG * 64 + by * WG, block, WG, 64, 0);
    wait_group_events(1, &s);
}

__kernel void vector_element_copies(__global uchar16 *out, __global const uchar16 *in)
{
    __local uchar16 px[WG];
    __local float4 fx[WG];
    const int lid = get_local_id(0), grp = get_group_id(0);
    prefetch(in + grp * WG, WG);
    event_t a = async_work_group_copy(px, in + grp * WG, WG, 0);
    event_t b = async_work_group_strided_copy(fx, (__global const float4 *)in + grp * 32 + 1, WG, 2, 0);
    event_t evs[2] = { a, b };
    wait_group_events(2, evs);
    uchar16 p = px[WG - 1 - lid];
    float4 f = fx[lid];
    uchar16 q = p.s02468ace13579bdf + (uchar16)(convert_uchar4_sat(fabs(f)), (uchar4)(1), p.lo.lo, (uchar4)(lid));
    px[lid] = rotate(q, (uchar16)(3));
    barrier(CLK_LOCAL_MEM_FENCE);
    event_t c = async_work_group_copy(out + grp * WG, px, WG, 0);
    wait_group_events(1, &c);
}
