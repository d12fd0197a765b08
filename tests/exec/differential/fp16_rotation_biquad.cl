// oclc-flags: -cl-std=CL2.0
// fp16 DSP blocks: a complex rotator (x*c - y*s, x*s + y*c) on half4
// lanes, a direct-form-I biquad with half state and float coefficients
// narrowed once, a half2 complex multiply-accumulate, and a Goertzel
// recurrence with compound assignment.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

static inline half4 tame4(half4 v)
{
    return select((half4)(0.0h), clamp(v, (half4)(-2.0h), (half4)(2.0h)), isfinite(v));
}

kernel void rotate_iq(global half4 *out, global const half4 *in)
{
    int gid = get_global_id(0);
    global const half4 *src = in + gid * 32;
    global half4 *dst = out + gid * 32;
    half4 c = cos((half4)(0.1h, 0.7h, 1.3h, 2.9h));
    half4 s = sin((half4)(0.1h, 0.7h, 1.3h, 2.9h));
    for (int k = 0; k < 16; ++k) {
        half4 x = tame4(src[k]);
        half4 y = tame4(src[16 + k]);
        dst[k] = x * c - y * s;
        dst[16 + k] = x * s + y * c;
    }
}

kernel void biquad_df1(global half *out, global const half *in)
{
    int gid = get_global_id(0);
    global const half *x = in + gid * 128;
    global half *y = out + gid * 128;
    const float fb0 = 0.2066f, fb1 = 0.4131f, fb2 = 0.2066f;
    const float fa1 = -0.3695f, fa2 = 0.1958f;
    half b0 = fb0, b1 = fb1, b2 = fb2, a1 = fa1, a2 = fa2;
    half x1 = 0.0h, x2 = 0.0h, y1 = 0.0h, y2 = 0.0h;
    for (int n = 0; n < 128; ++n) {
        half xn = x[n];
        xn = isfinite(xn) ? clamp(xn, -4.0h, 4.0h) : 0.0h;
        half yn = b0 * xn + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
        x2 = x1; x1 = xn;
        y2 = y1; y1 = yn;
        y[n] = yn;
    }
}

kernel void complex_mac(global half2 *out, global const half2 *in)
{
    int gid = get_global_id(0);
    global const half2 *a = in + gid * 64;
    global half2 *dst = out + gid * 64;
    half2 acc = (half2)(0.0h);
    for (int k = 0; k < 32; ++k) {
        half2 p = a[k], q = a[63 - k];
        p = select((half2)(0.0h), clamp(p, -1.0h, 1.0h), isfinite(p));
        q = select((half2)(0.0h), clamp(q, -1.0h, 1.0h), isfinite(q));
        half2 prod = (half2)(p.x * q.x - p.y * q.y, p.x * q.y + p.y * q.x);
        acc += prod;
        dst[k] = prod;
        dst[32 + k] = acc;
    }
}

kernel void goertzel(global float *out, global const half *in)
{
    int gid = get_global_id(0);
    global const half *x = in + gid * 128;
    half coeff = 2.0h * cos(0.3926991h);
    half s1 = 0.0h, s2 = 0.0h;
    for (int n = 0; n < 128; ++n) {
        half xn = x[n];
        xn = isnan(xn) || isinf(xn) ? 0.25h : clamp(xn, -1.0h, 1.0h);
        half s0 = xn + coeff * s1 - s2;
        s2 = s1;
        s1 = s0;
        if ((n & 1) == 0)
            out[gid * 64 + (n >> 1)] = s0;
    }
    out[gid * 64 + 63] = s1 * s1 + s2 * s2 - coeff * s1 * s2;
}
