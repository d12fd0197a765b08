// oclc-flags: -cl-std=CL1.2
// FP16 storage in an HDR pipeline: half RGBA frame buffers read with
// vload_half4 and written with vstore_half4_rte, Reinhard/ACES tone mapping
// computed in float, fp16 weight GEMV with float accumulation, and the
// explicit rounding-mode variants of vstore_half.

#define WG 16

/* the in buffer is reinterpreted as 8192 half values; arbitrary bit patterns
 * include half NaN/inf, which are filtered after conversion to float */
inline float4 sanitize4(float4 v, float lim)
{
    return select((float4)(0.0f), clamp(v, -lim, lim), isfinite(v));
}

inline float luminance(float4 c)
{
    return 0.2126f * c.x + 0.7152f * c.y + 0.0722f * c.z;
}

inline float4 aces_film(float4 x)
{
    const float a = 2.51f, b = 0.03f, c = 2.43f, d = 0.59f, e = 0.14f;
    return clamp((x * (a * x + b)) / (x * (c * x + d) + e), 0.0f, 1.0f);
}

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void tonemap_half_rgba(__global ushort *out, __global const ushort *in)
{
    __local float lum_tree[WG];
    const uint lid = get_local_id(0);
    const uint gid = get_global_id(0);
    const __global half *src = (const __global half *)in;
    __global half *dst = (__global half *)out;

    /* 32 RGBA pixels per work-item */
    float local_sum = 0.0f;
    for (uint p = 0; p < 32; p++) {
        float4 c = fabs(sanitize4(vload_half4(gid * 32 + p, src), 64.0f));
        local_sum += log(0.0001f + luminance(c));
    }
    lum_tree[lid] = local_sum;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = WG / 2; s > 0; s >>= 1) {
        if (lid < s)
            lum_tree[lid] += lum_tree[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    const float log_avg = exp(lum_tree[0] / (float)(WG * 32));
    const float key = 0.18f / log_avg;

    for (uint p = 0; p < 32; p++) {
        float4 c = fabs(sanitize4(vload_half4(gid * 32 + p, src), 64.0f));
        float4 scaled = c * key;
        float L = luminance(scaled);
        float Lw2 = 4.0f;                                /* white point squared */
        float Ld = L * (1.0f + L / Lw2) / (1.0f + L);
        float4 reinhard = (L > 0.0f) ? scaled * (Ld / L) : (float4)(0.0f);
        float4 mapped = 0.5f * reinhard + 0.5f * aces_film(scaled);
        mapped.w = c.w;
        vstore_half4_rte(mapped, gid * 32 + p, dst);
    }
}

/* y = W x with W (64 x 96) and x (96) stored as half, accumulate in float */
__kernel void gemv_fp16_weights(__global float *out, __global const ushort *in)
{
    const uint row = get_global_id(0);
    const __global half *W = (const __global half *)in;
    const __global half *x = W + 64 * 96;
    float acc = 0.0f, acc_abs = 0.0f;
    for (uint k = 0; k < 96; k += 8) {
        float8 w = vload_half8(0, W + row * 96 + k);
        float8 v = vload_half8(0, x + k);
        w = select((float8)(0.0f), clamp(w, -8.0f, 8.0f), isfinite(w));
        v = select((float8)(0.0f), clamp(v, -8.0f, 8.0f), isfinite(v));
        float8 prod = w * v;
        acc += (prod.s0 + prod.s1) + (prod.s2 + prod.s3) + (prod.s4 + prod.s5) + (prod.s6 + prod.s7);
        acc_abs += dot(fabs(w.lo), fabs(v.lo)) + dot(fabs(w.hi), fabs(v.hi));
    }
    out[row] = acc;
    out[64 + row] = acc_abs;
    out[128 + row] = vload_half(row, x + 32);
}

/* every rounding mode of the float -> half store, scalar and vector */
__kernel void half_rounding_modes(__global ushort *out, __global const float *in)
{
    const uint gid = get_global_id(0);
    __global half *dst = (__global half *)out;
    for (uint k = 0; k < 16; k++) {
        uint i = gid * 16 + k;
        float f = in[i];
        /* keep NaNs out (payload propagation is implementation-defined) but let
         * +-inf and out-of-range finite values exercise overflow rounding */
        f = isnan(f) ? 1.0f : (fabs(f) < FLT_MIN ? 0.0f : f);   /* float denormals -> 0 */
        float g = f * 2048.0f;          /* pushes many values past 65504 */
        uint o = i * 8;
        vstore_half(f, o + 0, dst);
        vstore_half_rte(g, o + 1, dst);
        vstore_half_rtz(g, o + 2, dst);
        vstore_half_rtp(g, o + 3, dst);
        vstore_half_rtn(g, o + 4, dst);
        vstore_half_rtz(f * 1.0e-5f, o + 5, dst);     /* half subnormal range */
        vstore_half_rtp(f * 1.0e-6f, o + 6, dst);
        vstore_half_rtn(-f * 3.0e-8f, o + 7, dst);
    }
}

__kernel void half_vector_roundtrip(__global ushort *out, __global const ushort *in)
{
    const uint gid = get_global_id(0);
    const __global half *src = (const __global half *)in;
    __global half *dst = (__global half *)out;
    /* three disjoint regions: 2 x half8 [0,4096), half3 [4096,4864), half2 [6144,6656) */
    for (uint k = 0; k < 4; k++) {
        uint i = gid * 4 + k;
        float8 va = vload_half8(2 * i, src), vb = vload_half8(2 * i + 1, src);
        va = select((float8)(0.0f), va, isfinite(va));          /* drop NaN/inf lanes */
        vb = select((float8)(0.0f), vb, isfinite(vb));
        float8 ta = vb.s76543210 * 0.75f + va * 0.25f;
        float8 tb = va.s76543210 * 0.75f + vb * 0.25f;
        vstore_half8_rtz(ta, 2 * i, dst);
        vstore_half8_rte(tb, 2 * i + 1, dst);
        float3 c3 = vload_half3(i, src + 4096);
        c3 = select((float3)(0.5f), c3, isfinite(c3));
        vstore_half3_rtn(c3 * 1.5f, i, dst + 4096);
        float2 c2 = vload_half2(i, src + 6144);
        c2 = select((float2)(-1.0f), c2, isfinite(c2));
        vstore_half2_rtp(c2 - 0.001f, i, dst + 6144);
    }
}
