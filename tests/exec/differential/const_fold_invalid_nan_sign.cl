// oclc-flags: -cl-std=CL2.0
// Invalid operations on constants (0.0f / 0.0f, INFINITY - INFINITY,
// 0.0f * INFINITY, (float)(0.0 / 0.0), ...) fold to the positive quiet NaN
// 0x7fc00000, as clang's folding does (not x86's default NaN 0xffc00000),
// and -(0.0f / 0.0f) to 0xffc00000.

kernel void cf(global uint *out, global const uint *in)
{
    const int gid = get_global_id(0);
    out[gid * 8 + 0] = as_uint(0.0f / 0.0f) + 0 * in[gid];
    out[gid * 8 + 1] = as_uint(INFINITY - INFINITY);
    out[gid * 8 + 2] = as_uint(0.0f * INFINITY);
    out[gid * 8 + 3] = as_uint((float)(0.0 / 0.0));
    out[gid * 8 + 4] = as_uint(INFINITY * 0.0f + 1.0f);
    out[gid * 8 + 5] = as_uint(-(0.0f / 0.0f));
    out[gid * 8 + 6] = as_uint(MAXFLOAT * 2.0f - INFINITY);
    out[gid * 8 + 7] = as_uint(NAN);
}
