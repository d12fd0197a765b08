// oclc-flags: -cl-std=CL2.0
// Calls clang resolves by its overload ranking, with a warning where a
// pointer converts: a vector stored through a pointer of the other
// signedness, a legacy atomic on a C11 atomic object, a reduction of
// `short` values (promoted to the `int` overload), mixed scalar/vector
// library calls.
kernel void k(global uint *out, global const uint *in)
{
    size_t gid = get_global_id(0);
    uint x = in[gid];
    int4 v = (int4)((int)x, (int)(x >> 3), -(int)x, (int)(x * 7u));
    vstore4(v, gid, out);
    local atomic_int counter;
    if (get_local_id(0) == 0)
        atomic_init(&counter, 0);
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_fetch_add(&counter, 1);
    atomic_fetch_add(&counter, (short)(x & 3));
    barrier(CLK_LOCAL_MEM_FENCE);
    short s = (short)(x & 0x7fff);
    int total = work_group_reduce_add(s);
    int most = work_group_reduce_max((char)(x & 0x7f));
    float f = (float)(x & 0xff) * 0.25f;
    float4 w = fmin((float4)(f, 1.5f, -f, 3.0f), f) + clamp((float4)(f), 0.0f, 2.0f)
        + step(1.0f, (float4)(f, 0.5f, 2.0f, f));
    out[256 + gid] = (uint)total + (uint)most + (uint)atomic_load(&counter)
        + as_uint(w.x + w.y + w.z + w.w) + (uint)mad24(gid, 3, 1) + (uint)max(x, 5u);
    out[512 + gid] = upsample((ushort)x, (ushort)(x >> 16)) + (uint)popcount(x) + rotate(x, 3u);
}
