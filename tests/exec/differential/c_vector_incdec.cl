// oclc-flags: -cl-std=CL1.2
// ++ and -- on whole integer vectors (OpenCL C §6.3c allows them on vector
// types; clang and the runtime accept them), prefix and postfix, as counter
// vectors in SDK samples step them. Found by the third probe round.
__kernel void vec_incdec(__global uint *out, __global const uint *in)
{
    int gid = get_global_id(0);
    uint4 w = vload4(gid, in);
    uint4 x = w++;
    uint4 y = --w;
    uchar2 c = (uchar2)(255, 0);
    c++; --c; c--;
    vstore4(x, gid*2, out);
    vstore4(y + (uint4)(c.x, c.y, 0, 0), gid*2 + 1, out);
}
