// oclc-flags: -cl-std=CL2.0
// A small rigid-body/rendering toolkit on float3/float4: cross products
// written by hand with swizzles next to cross(), dot/length/normalize/
// distance, Gram-Schmidt, barycentric interpolation with mix(), a
// reflection vector, and triangle normals, on bounded random inputs.

static inline float3 tame3(float3 v)
{
    return select((float3)(0.5f), clamp(v, -16.0f, 16.0f), isfinite(v));
}

static inline float3 cross_manual(float3 a, float3 b)
{
    return a.yzx * b.zxy - a.zxy * b.yzx;
}

kernel void frames_and_normals(global float *out, global const float *in)
{
    int gid = get_global_id(0);
    global const float *s = in + gid * 64;
    global float *d = out + gid * 64;
    for (int k = 0; k < 4; ++k) {
        float3 p0 = tame3(vload3(0, s + 12 * k));
        float3 p1 = tame3(vload3(1, s + 12 * k));
        float3 p2 = tame3(vload3(2, s + 12 * k));
        float3 e1 = p1 - p0, e2 = p2 - p0;
        float3 n1 = cross(e1, e2);
        float3 n2 = cross_manual(e1, e2);
        float nx = e1.y * e2.z - e1.z * e2.y;
        float area = 0.5f * length(n1);
        float3 t = normalize(e1);
        float3 b = normalize(e2 - dot(e2, t) * t);
        vstore3(n1 - n2, 0, d + 16 * k);
        d[16 * k + 3] = nx - n1.x;
        d[16 * k + 4] = area;
        vstore3(b, 0, d + 16 * k + 5);
        d[16 * k + 8] = distance(p0, p2) - fast_distance(p0, p2);
        d[16 * k + 9] = dot(t, b);
        float3 l = normalize(p2);
        float3 r = l - 2.0f * dot(l, t) * t;
        vstore3(r, 0, d + 16 * k + 10);
        d[16 * k + 13] = t.x * b.y + t.y * b.x;
        d[16 * k + 14] = e1.x * e2.x + e1.y * e2.y + e1.z * e2.z;
        d[16 * k + 15] = length(e1) * length(e2);
    }
}

kernel void barycentric_shading(global float4 *out, global const float4 *in)
{
    int gid = get_global_id(0);
    global const float4 *s = in + gid * 16;
    global float4 *d = out + gid * 16;
    for (int k = 0; k < 4; ++k) {
        float4 c0 = s[k], c1 = s[4 + k], c2 = s[8 + k];
        float4 w = fabs(s[12 + k]);
        c0 = select((float4)(0.0f), fmin(fabs(c0), 4.0f), isfinite(c0));
        c1 = select((float4)(0.0f), fmin(fabs(c1), 4.0f), isfinite(c1));
        c2 = select((float4)(1.0f), fmin(fabs(c2), 4.0f), isfinite(c2));
        w = select((float4)(0.25f), fmin(w, 1.0f), isfinite(w));
        float u = w.x, v = w.y * (1.0f - u);
        float4 col = c0 * (1.0f - u - v) + c1 * u + c2 * v;
        float4 lerp = mix(c0, c1, w.z);
        float4 lerp2 = mix(c0, c2, (float4)(w.w, w.z, w.y, w.x));
        d[4 * k + 0] = col;
        d[4 * k + 1] = lerp - lerp2;
        d[4 * k + 2] = (float4)(dot(col, lerp), length(col), fast_length(lerp2), dot(c0.xyz, c1.zyx));
        d[4 * k + 3] = normalize(col) + fast_normalize(lerp) * 0.5f;
    }
}

kernel void quaternion_rotate(global float4 *out, global const float4 *in)
{
    int gid = get_global_id(0);
    global const float4 *s = in + gid * 16;
    global float4 *d = out + gid * 16;
    for (int k = 0; k < 8; ++k) {
        float4 q = s[k];
        float4 v = s[8 + k];
        q = select((float4)(0.5f), clamp(q, -2.0f, 2.0f), isfinite(q));
        v = select((float4)(1.0f), clamp(v, -8.0f, 8.0f), isfinite(v));
        q = normalize(q);
        float3 u = q.xyz;
        float w = q.w;
        float3 t = 2.0f * cross(u, v.xyz);
        float3 r = v.xyz + w * t + cross(u, t);
        float4 qq = (float4)(w * q.x + q.x * w + q.y * q.z - q.z * q.y,
                             w * q.y - q.x * q.z + q.y * w + q.z * q.x,
                             w * q.z + q.x * q.y - q.y * q.x + q.z * w,
                             w * w - dot(u, u));
        d[2 * k] = (float4)(r, dot(r, v.xyz));
        d[2 * k + 1] = qq;
    }
}
