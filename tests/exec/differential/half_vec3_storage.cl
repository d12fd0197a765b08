// oclc-flags: -cl-std=CL1.2
// Half-precision storage of xyz data as mesh compressors and G-buffer
// packers write it: vstore_half3 and vstorea_half3 (which steps by four
// halves) with each rounding mode, vload_half3/vloada_half3 back, and
// vload3/vstore3 on char, short and half-converted streams; special
// values included.

__kernel void half3_roundtrip(__global ushort *out, __global const float *in)
{
    const int gid = get_global_id(0);
    const int b = gid * 128;
    __global half *h = (__global half *)(out + b);
    float3 v = vload3(gid, in);
    vstore_half3(v, 0, h);
    vstore_half3_rtz(v, 1, h);
    vstore_half3_rtp(v * 1000.0f, 2, h);
    vstore_half3_rtn(v * 1e-5f, 3, h);
    vstorea_half3(v, 3, h);
    vstorea_half3_rte(v * 3.0f, 4, h);
    vstorea_half3_rtn(-v, 5, h);
    float3 r = vload_half3(1, h) + vloada_half3(4, h);
    vstore3(convert_ushort3_sat(fabs(r) * 100.0f), 20, out + b);
    float4 w = vload4(gid, in + 256);
    vstorea_half4_rtp(w, 7, h);
    vstore_half(w.x, 70, h);
    vstore_half_rtn(w.y, 71, h);
    out[b + 72] = (ushort)isnan(vload_half(70, h)) + 1;
}

__kernel void narrow_vec3_streams(__global short *out, __global const char *in)
{
    const int gid = get_global_id(0);
    char3 c = vload3(gid, in);
    uchar3 u = vload3(gid + 64, (__global const uchar *)in);
    short3 s = convert_short3(c) * (short3)(3, -5, 7) + convert_short3(u);
    vstore3(s, gid, out);
    vstore3(convert_char3_sat(s), gid, (__global char *)(out + 256));
    ushort3 us = vload3(gid, (__global const ushort *)in + 512);
    vstore3(as_short3(us >> (ushort3)(1, 2, 3)), gid + 200, out);
}
