// oclc-flags: -cl-std=CL1.2
// as_typen between 3- and 4-component vectors of the same size (sizeof(T3)
// == sizeof(T4)), which OpenCL C allows and clang accepts: packed RGB
// pixels reinterpreted through their 4-component storage.

__kernel void vec3_reinterpret(__global uint *out, __global const uint4 *in)
{
    const int gid = get_global_id(0);
    uint4 w = in[gid];
    /* as_typen between 3- and 4-component vectors of the same size */
    float3 f3 = as_float3(w);
    uint4 back = as_uint4(f3);
    out[gid * 32 + 0] = back.x;
    out[gid * 32 + 1] = back.y;
    out[gid * 32 + 2] = back.z;
    int3 i3 = as_int3(as_float4(w));
    out[gid * 32 + 3] = (uint)(i3.x + i3.y - i3.z);
    uchar4 u4 = as_uchar4(w.x);
    char3 c3 = as_char3(u4);
    out[gid * 32 + 4] = (uint)(c3.x * 3 + c3.y * 5 + c3.z * 7);
    short3 s3 = as_short3(as_ushort4((uint2)(w.y, w.z)));
    out[gid * 32 + 5] = (uint)(s3.x ^ (s3.y << 4) ^ (s3.z << 8));
    uint3 u3 = as_uint3((float4)(1.0f, -2.0f, 0.5f, 99.0f));
    out[gid * 32 + 6] = u3.x ^ u3.y ^ u3.z;
    ulong3 l3 = as_ulong3(as_double4((ulong4)(w.x, w.y, w.z, w.w)));
    out[gid * 32 + 7] = (uint)(l3.x + l3.y + l3.z);
    out[gid * 32 + 8] = (uint)(l3.z >> 32) ^ (uint)l3.x;
}

