// oclc-flags: -cl-std=CL2.0
// An HDR G-buffer packer: float lighting results are stored as fp16 with
// every rounding mode (vstore_half_rt*, vstore_halfn_rt*, vstorea_halfn),
// then read back with vload_half/vloada_half and re-expanded, on raw input
// words that include NaN, infinities, zeros and denormals.

kernel void pack_scalar_modes(global half *out, global const float *in)
{
    int gid = get_global_id(0);
    global const float *src = in + gid * 64;
    global half *dst = out + gid * 128;
    for (int k = 0; k < 32; ++k) {
        float v = src[k];
        float w = src[32 + k] * 0x1.0p-18f;    /* near the fp16 subnormal range */
        vstore_half(v, 4 * k + 0, dst);
        vstore_half_rtz(v, 4 * k + 1, dst);
        vstore_half_rtp(w, 4 * k + 2, dst);
        vstore_half_rtn(w, 4 * k + 3, dst);
    }
}

kernel void pack_vector_modes(global half *out, global const float *in)
{
    int gid = get_global_id(0);
    global const float4 *src = (global const float4 *)(in + gid * 64);
    global half *dst = out + gid * 128;
    for (int k = 0; k < 4; ++k) {
        float4 v = src[k];
        float4 big = src[4 + k] * 4096.0f;      /* overflow to inf or max */
        vstore_half4_rte(v, 8 * k + 0, dst);
        vstore_half4_rtz(big, 8 * k + 1, dst);
        vstore_half4_rtp(big, 8 * k + 2, dst);
        vstore_half4_rtn(big, 8 * k + 3, dst);
        vstorea_half4_rtp(v * 0x1.0p-14f, 8 * k + 4, dst);
        vstorea_half4_rtn(v * 0x1.0p-14f, 8 * k + 5, dst);
        vstorea_half4(v, 8 * k + 6, dst);
        vstorea_half4_rtz(v * 0x1.0p-24f, 8 * k + 7, dst);
    }
    float8 e = vload8(2, (global const float *)src);
    vstore_half8_rtn(e, 12, dst);
    vstorea_half2_rte(e.s01, 60, dst);
    vstore_half3_rtp(e.s567, 41, dst);
    vstorea_half3_rtz(e.s234, 30, dst);
}

kernel void unpack_and_tonemap(global float *out, global const half *in)
{
    int gid = get_global_id(0);
    global const half *src = in + gid * 128;
    global float *dst = out + gid * 64;
    for (int k = 0; k < 16; ++k) {
        float a = vload_half(k, src);
        float4 b = vload_half4(k, src + 64);
        float4 c = vloada_half4(k, src);
        float2 d = vload_half2(k, src + 96);
        float l = dot(b, (float4)(0.2126f, 0.7152f, 0.0722f, 0.0f));
        dst[k] = a;
        dst[16 + k] = l / (1.0f + fabs(l));
        dst[32 + k] = c.x + c.y * c.z - c.w;
        dst[48 + k] = d.x - d.y;
    }
}

kernel void roundtrip_double_rounding(global ushort *out, global const float *in)
{
    int gid = get_global_id(0);
    global const float *src = in + gid * 64;
    global half *tmp = (global half *)(out + gid * 128);
    for (int k = 0; k < 64; ++k) {
        /* round to fp16 twice through float with each mode */
        float v = src[k] * 0.001f;
        vstore_half_rte(v, k, tmp);
        float r = vload_half(k, tmp);
        vstore_half_rtz(r + v * 0x1.0p-11f, 64 + k, tmp);
    }
}
