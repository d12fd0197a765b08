// oclc-flags: -cl-std=CL1.2
// Full-precision math library coverage, written like the argument-reduction
// and special-function code of scientific kernels: every argument is mapped
// into the function's domain, NaN results are folded to one canonical bit
// pattern, and results are stored as raw IEEE bits.

#define OUT_PER_WI 64
#define CANON_NAN  0x7fc00000u

typedef struct {
    __global uint *dst;
    uint n;
} sink_t;

static inline uint canon(float x)
{
    return isnan(x) ? CANON_NAN : as_uint(x);
}

static inline void put(sink_t *s, float v)
{
    if (s->n < OUT_PER_WI)
        s->dst[s->n++] = canon(v);
}

static inline void put_i(sink_t *s, int v)
{
    if (s->n < OUT_PER_WI)
        s->dst[s->n++] = (uint)v;
}

/* finite, clamped to [-100, 100], denormals flushed to +0 */
static inline float sane(float x)
{
    return (isfinite(x) && fabs(x) >= FLT_MIN) ? clamp(x, -100.0f, 100.0f) : 0.0f;
}

static inline float arg(__global const float *in, uint i)
{
    return sane(in[i & 4095u]);
}

__kernel void math_trig_exp_log(__global uint *out, __global const float *in)
{
    const uint gid = get_global_id(0);
    sink_t s = { out + gid * OUT_PER_WI, 0 };
    for (uint k = 0; k < 2; k++) {
        float x = arg(in, gid * 2 + k);
        float y = arg(in, gid * 2 + k + 1024);
        float t = x * 0.1f;                         /* [-10, 10]  */
        float u = clamp(x * 0.01f, -1.0f, 1.0f);    /* [-1, 1]    */
        float p = fabs(x) + 0.001f;                 /* (0, 100]   */
        float e = clamp(x, -80.0f, 80.0f);

        put(&s, sin(t));   put(&s, cos(t));   put(&s, tan(t));
        put(&s, asin(u));  put(&s, acos(u));  put(&s, atan(x));
        put(&s, atan2(x, y));
        put(&s, sinh(t));  put(&s, cosh(t));  put(&s, tanh(t));
        put(&s, exp(e));   put(&s, exp2(e));  put(&s, exp10(clamp(x, -30.0f, 30.0f)));
        put(&s, expm1(t));
        put(&s, log(p));   put(&s, log2(p));  put(&s, log10(p));
        put(&s, log1p(fabs(x) - 0.5f));
        put(&s, pow(p, t));
        put(&s, pow(x, floor(t)));                   /* negative base, integral power */
        put(&s, pown(x, (int)(as_uint(in[(gid * 2 + k + 7) & 4095u]) & 15u) - 7));
        put(&s, powr(p, u * 8.0f));
        put(&s, rootn(x, (int)(as_uint(in[(gid * 2 + k + 9) & 4095u]) % 7u) + 1));
        put(&s, sqrt(p));  put(&s, rsqrt(p));  put(&s, cbrt(x));
        put(&s, hypot(x, y));
        put(&s, sinpi(t)); put(&s, cospi(t)); put(&s, tanpi(t * 0.37f));
        put(&s, asinpi(u)); put(&s, acospi(u));
    }
}

__kernel void math_rounding_decompose(__global uint *out, __global const float *in)
{
    const uint gid = get_global_id(0);
    sink_t s = { out + gid * OUT_PER_WI, 0 };
    for (uint k = 0; k < 2; k++) {
        float x = arg(in, gid * 2 + k + 64);
        float y = arg(in, gid * 2 + k + 2048);
        float yd = (y == 0.0f) ? 1.5f : y;
        int q;
        float ip, fl;
        int ex;

        put(&s, fmod(x, yd));
        put(&s, remainder(x, yd));
        float rq = remquo(x, yd, &q);
        put(&s, rq);
        put_i(&s, q < 0 ? -((-q) & 127) : (q & 127));   /* only the low 7 bits are specified */
        put(&s, fract(x, &fl));  put(&s, fl);
        put(&s, modf(x, &ip));   put(&s, ip);
        put(&s, frexp(x, &ex));  put_i(&s, ex);
        put(&s, ldexp(x, (int)(as_uint(in[(gid + k) & 4095u]) & 31u) - 16));
        put_i(&s, ilogb(x == 0.0f ? 3.0f : x));
        put(&s, logb(x == 0.0f ? 0.75f : x));
        put(&s, nextafter(x == 0.0f ? 1.0f : x, y));       /* keep results out of the denormal range */
        put(&s, copysign(x, y));
        put(&s, fdim(x, y));
        put(&s, fmax(x, y));     put(&s, fmin(x, y));
        put(&s, floor(x * 0.37f)); put(&s, ceil(x * 0.37f));
        put(&s, round(x * 0.5f));  put(&s, rint(x * 0.5f));  put(&s, trunc(x * 0.37f));
        put(&s, mad(x, y, 0.5f));
        put(&s, fma(x, y, -x));
        put(&s, maxmag(x, y));   put(&s, minmag(x, y));
        put_i(&s, (int)(as_uint(nan((uint)(gid * 16 + k))) >> 22));  /* sign, exponent, quiet bit */
        put(&s, atanpi(x));
        put(&s, atan2pi(y, x));
        put(&s, degrees(x * 0.01f));
        put(&s, radians(x));
    }
}

__kernel void math_special_functions(__global uint *out, __global const float *in)
{
    const uint gid = get_global_id(0);
    sink_t s = { out + gid * OUT_PER_WI, 0 };
    for (uint k = 0; k < 4; k++) {
        float x = arg(in, gid * 4 + k + 128);
        float y = arg(in, gid * 4 + k + 3000);
        float g = clamp(x * 0.3f, -9.5f, 30.0f);
        int sg;

        put(&s, erf(x * 0.05f));
        put(&s, erfc(x * 0.05f));
        put(&s, tgamma(g));
        put(&s, lgamma(g));
        put(&s, lgamma_r(g, &sg));
        put_i(&s, sg);
        put(&s, step(y, x));
        put(&s, smoothstep(-20.0f, 20.0f, x));
        put(&s, mix(x, y, 0.3f));
        put(&s, clamp(x, -5.0f, fmax(y, -5.0f)));
        put(&s, sign(x));
        put(&s, fabs(x) * copysign(1.0f, y));
        put(&s, sqrt(fabs(x * y)));
        put(&s, cbrt(x * y));
        put(&s, exp(-fabs(x) * 0.5f) * cos(y));
        put(&s, log(fabs(x) + 1.0f) + log1p(fabs(y)));
    }
}

/* -------------------------- geometric functions -------------------------- */
#define SANE_V(T, v, lim) select((T)(0.0f), clamp((v), -(lim), (lim)), isfinite(v) && fabs(v) >= FLT_MIN)

__kernel void math_geometric(__global uint *out, __global const float4 *in)
{
    const uint gid = get_global_id(0);
    sink_t s = { out + gid * OUT_PER_WI, 0 };
    for (uint k = 0; k < 2; k++) {
        float4 a = SANE_V(float4, in[(gid * 2 + k) & 1023], 100.0f) + (float4)(0.25f);
        float4 b = SANE_V(float4, in[(gid * 2 + k + 512) & 1023], 100.0f) - (float4)(0.5f);
        float3 a3 = a.xyz, b3 = b.xyz;
        float2 a2 = a.xy, b2 = b.zw;

        float3 c3 = cross(a3, b3);
        float4 c4 = cross(a, b);
        put(&s, c3.x); put(&s, c3.y); put(&s, c3.z);
        put(&s, c4.x); put(&s, c4.w);
        put(&s, dot(a, b));  put(&s, dot(a3, b3));  put(&s, dot(a2, b2));  put(&s, dot(a.x, b.y));
        put(&s, distance(a, b)); put(&s, distance(a3, b3)); put(&s, distance(a2, b2));
        put(&s, length(a));  put(&s, length(a3)); put(&s, length(a2)); put(&s, length(b.w));
        float4 n4 = normalize(a);
        float3 n3 = normalize(b3);
        float2 n2 = normalize(a2);
        put(&s, n4.x); put(&s, n4.w); put(&s, n3.y); put(&s, n2.x);
        put(&s, fast_distance(a, b));
        put(&s, fast_length(a3));
        float4 f4 = fast_normalize(b);
        put(&s, f4.y);
        put(&s, fast_length(a2) - fast_distance(a2, b2));
        float3 fn = fast_normalize(a3);
        put(&s, fn.z);
        put(&s, degrees(atan2(c3.y, c3.x)));
        put(&s, radians(dot(n3, fn)));
    }
}
