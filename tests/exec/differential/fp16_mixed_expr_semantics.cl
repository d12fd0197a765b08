// oclc-flags: -cl-std=CL2.0
// The arithmetic-conversion rules of half as a colour-grading kernel relies
// on them: half op int literal, half op float literal (promotes to float),
// half op double-free constants with the h suffix, compound assignment whose
// right side is float, ++/-- on half, ternaries mixing half and float arms,
// half vectors against scalars, and comparisons producing short masks.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

static inline half tameh(half v)
{
    return isfinite(v) ? clamp(v, -64.0h, 64.0h) : (half)0.5f;
}

kernel void grade_scalar(global half *out, global const half *in)
{
    int gid = get_global_id(0);
    global const half *s = in + gid * 128;
    global half *d = out + gid * 128;
    for (int k = 0; k < 16; ++k) {
        half x = tameh(s[k]), y = tameh(s[32 + k]);
        half a = x * 3 + 1;                 /* int literals convert to half */
        half b = x * 0.3f + y;              /* float arithmetic, narrowed on store */
        half c = x * 0.3h + y;              /* half arithmetic */
        half e = x;
        e += y * 0.7f;                      /* compound: float result narrowed */
        e *= 1.1f;
        e -= 0.5h * x;
        half f = x;
        f++;
        ++f;
        f /= 3;
        half g = k & 1 ? x : 2.5f;          /* half and float arms: float */
        half h = x > y ? x * y : y - 1;
        d[8 * k + 0] = a;
        d[8 * k + 1] = b;
        d[8 * k + 2] = c;
        d[8 * k + 3] = e;
        d[8 * k + 4] = f;
        d[8 * k + 5] = g;
        d[8 * k + 6] = h;
        d[8 * k + 7] = (x + y) * (half)0.1 - (half)(x * 0.1f);
    }
}

kernel void grade_vector(global half4 *out, global const half4 *in)
{
    int gid = get_global_id(0);
    global const half4 *s = in + gid * 32;
    global half4 *d = out + gid * 32;
    const half4 lift = (half4)(0.02h, 0.01h, 0.0h, 0.0h);
    for (int k = 0; k < 8; ++k) {
        half4 c = select((half4)(0.25h), clamp(s[k], 0.0h, 4.0h), isfinite(s[k]));
        half4 g = select((half4)(1.0h), clamp(s[8 + k], 0.5h, 2.0h), isfinite(s[8 + k]));
        half4 lin = c * c * (half4)(0.305306h) + c * 0.682171h + 0.012523h;
        half4 graded = pow(lin + lift, g) * 1.2h - 0.1h;
        graded += 0.5h * (graded - dot(graded, (half4)(0.25h)));
        short4 m = graded > (half4)(1.0h);
        short4 m2 = isless(graded, lin);
        d[4 * k + 0] = graded;
        d[4 * k + 1] = select(graded, lin, m);
        d[4 * k + 2] = as_half4(m ^ m2) + c.wzyx * 2;
        d[4 * k + 3] = (half4)(length(c), distance(c, lin), dot(c.xyz, g.xyz), length(c.xy));
    }
}

kernel void half_float_promotions(global float *out, global const half *in)
{
    int gid = get_global_id(0);
    global const half *s = in + gid * 128;
    global float *d = out + gid * 64;
    for (int k = 0; k < 16; ++k) {
        half x = tameh(s[k]), y = tameh(s[64 + k]);
        float fx = s[k];                    /* raw, including NaN/inf/denormal */
        d[4 * k + 0] = fx;
        d[4 * k + 1] = x * y + 1.0f;        /* half product, float sum */
        d[4 * k + 2] = x * y * 1.0f - (float)(half)(x * y);
        d[4 * k + 3] = (float)x / 3.0f - x / 3;
    }
}
