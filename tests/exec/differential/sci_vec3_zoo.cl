#pragma OPENCL EXTENSION cl_khr_fp16 : enable
// vec3 corner cases common in MD/graphics code
typedef struct { float3 p; float m; } PM;        // m lands at offset 16
static float3 reflect3(float3 d, float3 n) { return d - 2.0f * dot(d, n) * n; }
kernel void vec3_zoo(global uint *out, global const float *in)
{
    int g = get_global_id(0);
    local float3 lp[16];
    local PM lpm[16];
    float3 a = vload3(g, in), b = vload3(g + 64, in);
    a = select(a, (float3)(0.5f), isnan(a) || isinf(a)); b = select(b, (float3)(-0.25f), isnan(b) || isinf(b));
    a = clamp(a, -1e3f, 1e3f); b = clamp(b, -1e3f, 1e3f);
    lp[get_local_id(0)] = a;
    lpm[get_local_id(0)].p = b; lpm[get_local_id(0)].m = (float)g;
    barrier(CLK_LOCAL_MEM_FENCE);
    float3 c = lp[(get_local_id(0) + 3) & 15];
    PM q = lpm[(get_local_id(0) + 7) & 15];
    float3 arr[4] = { a, b, c, q.p };
    int idx = (int)(as_uint(in[g + 200]) & 3);
    float3 pick = arr[idx];
    float3 *pp = &arr[1];
    pp += 2;                       // stride 16 bytes
    float3 r = reflect3(a, normalize(b + (float3)(0.0f, 0.0f, 1e-3f)));
    int3 cmp = a < b;
    float4 w4 = (float4)(a, 1.0f);
    float3 sw = w4.zyx; sw.xy = sw.yx; sw.z += 1.0f;
    half3 h3 = convert_half3(clamp(a, -100.0f, 100.0f));
    local half hbuf[16 * 4];
    vstorea_half3(a, get_local_id(0), hbuf);          // aligned: 4-half stride
    barrier(CLK_LOCAL_MEM_FENCE);
    float3 ha = vloada_half3((get_local_id(0) + 1) & 15, hbuf);
    global float3 *o3 = (global float3 *)(out + 1024);
    o3[g].x = r.x; o3[g].yz = r.yz;                       // 16-byte stride, padding untouched
    uint *po = (uint *)0; (void)po;
    int base = g * 14;
    out[base + 0] = as_uint(pick.x); out[base + 1] = as_uint(pp->y); out[base + 2] = as_uint(c.z);
    out[base + 3] = as_uint(q.m); out[base + 4] = cmp.x ^ (cmp.y << 1) ^ (cmp.z << 2);
    out[base + 5] = as_uint(sw.x); out[base + 6] = as_uint(sw.z);
    out[base + 7] = as_ushort(h3.z) | ((uint)as_ushort(h3.x) << 16);
    out[base + 8] = as_uint(ha.y); out[base + 9] = as_uint(ha.z);
    out[base + 10] = (uint)(sizeof(arr) + sizeof(PM) * 100 + vec_step(float3) * 10000);
    int3 ia = as_int3(a);
    out[base + 11] = ia.x ^ ia.z;
    float3 cr = cross(a, b);
    out[base + 12] = as_uint(cr.y);
    vstore_half3_rtz(b, g, (global half *)(out + 2048));
    out[base + 13] = as_uint(length(c - q.p));
}
