// oclc-flags: -cl-std=CL1.2
// Two literal forms clang accepts in OpenCL C: a multi-character constant
// 'ab' (int 0x6162; FourCC tags in codec code) and a binary literal 0b1011.

kernel void literals(global int *out, global const int *in)
{
    const int gid = get_global_id(0);
    out[gid * 2] = 'ab' + in[gid] * 0;
    out[gid * 2 + 1] = 0b1011;
}
