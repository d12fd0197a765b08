// oclc-flags: -cl-std=CL1.2
// `event_t e = 0;` then chaining async copies onto e, a common idiom
// (clang accepts the literal as "no event").

kernel void gather_columns(global uint *out, global const uint *in)
{
    local uint col[16][16];
    const int lid = get_local_id(0), grp = get_group_id(0);
    event_t g = 0;
    for (int c = 0; c < 16; c++)
        g = async_work_group_strided_copy(&col[c][0], in + grp * 16 + c, 16, 64, g);
    wait_group_events(1, &g);
    for (int r = 0; r < 16; r++)
        out[get_global_id(0) * 16 + r] = col[lid][r];
}
