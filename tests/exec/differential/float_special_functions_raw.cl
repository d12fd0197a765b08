// oclc-flags: -cl-std=CL1.2
// Special functions and bit-level float helpers on the raw special inputs
// (NaN, ±inf, ±0, the smallest denormal, INT_MAX/INT_MIN bit patterns),
// as statistics and physics codes call them: nextafter, copysign,
// nan(uint), ilogb, logb, hypot, cbrt, erf/erfc, tgamma, lgamma/lgamma_r,
// fdim, fmax/fmin, and the relational built-ins on NaN. Stored raw.

__kernel void special_scalar(__global uint *out, __global const float *in)
{
    const int gid = get_global_id(0);
    const int b = gid * 64;
    for (int i = 0; i < 3; i++) {
        float x = in[b + i], y = in[b + 3 + i];
        int sg;
        float lg = lgamma_r(x, &sg);
        out[b + i * 20 + 0] = as_uint(nextafter(x, y));
        out[b + i * 20 + 1] = as_uint(copysign(x, y));
        out[b + i * 20 + 2] = as_uint(nan(as_uint(x)));
        out[b + i * 20 + 3] = (uint)ilogb(x);
        out[b + i * 20 + 4] = as_uint(logb(x));
        out[b + i * 20 + 5] = as_uint(hypot(x, y));
        out[b + i * 20 + 6] = as_uint(cbrt(x));
        out[b + i * 20 + 7] = as_uint(erf(x));
        out[b + i * 20 + 8] = as_uint(erfc(x));
        out[b + i * 20 + 9] = as_uint(tgamma(x));
        out[b + i * 20 + 10] = as_uint(lg);
        out[b + i * 20 + 11] = (uint)sg;
        out[b + i * 20 + 12] = as_uint(lgamma(y));
        out[b + i * 20 + 13] = as_uint(fdim(x, y));
        out[b + i * 20 + 14] = as_uint(fmax(x, y)) ^ as_uint(fmin(y, x));
        out[b + i * 20 + 15] = isequal(x, y) | isnotequal(x, y) << 1 | islessgreater(x, y) << 2 | isordered(x, y) << 3 | isunordered(x, y) << 4 | signbit(x) << 5 | isnormal(x) << 6 | isgreaterequal(x, y) << 7 | islessequal(x, y) << 8;
        out[b + i * 20 + 16] = as_uint(maxmag(x, y)) + as_uint(minmag(x, y));
        out[b + i * 20 + 17] = as_uint(rootn(x, 3)) ^ as_uint(pown(x, -2));
        out[b + i * 20 + 18] = as_uint(expm1(x)) ^ as_uint(log1p(x));
        out[b + i * 20 + 19] = as_uint(atan2(x, y)) + as_uint(atan2pi(y, x));
    }
}

__kernel void special_vector_relational(__global int4 *out, __global const float4 *in)
{
    const int gid = get_global_id(0);
    float4 x = in[gid], y = in[gid + 64];
    out[gid * 16 + 0] = isequal(x, y);
    out[gid * 16 + 1] = isnotequal(x, y);
    out[gid * 16 + 2] = islessgreater(x, y);
    out[gid * 16 + 3] = isunordered(x, y) + isordered(x, x) * 2;
    out[gid * 16 + 4] = isfinite(x) | isinf(y) << 1 | isnan(x) << 2 | isnormal(y) << 3;
    out[gid * 16 + 5] = signbit(x);
    out[gid * 16 + 6] = ilogb(x);
    out[gid * 16 + 7] = as_int4(nextafter(x, (float4)(0.0f)));
    out[gid * 16 + 8] = as_int4(copysign((float4)(1.5f), x));
    out[gid * 16 + 9] = as_int4(nan(as_uint4(y) & 0x3fffffu));
    out[gid * 16 + 10] = as_int4(logb(y));
    out[gid * 16 + 11] = as_int4(hypot(x, y));
    out[gid * 16 + 12] = as_int4(cbrt(y));
    out[gid * 16 + 13] = (x < y) + (x > y) * 2 + (x == y) * 4 + (x != y) * 8;
    out[gid * 16 + 14] = as_int4(fmax(x, 0.0f)) ^ as_int4(fmin(y, -0.0f));
    out[gid * 16 + 15] = (int4)(any(isnan(x)), all(isnan(x)), any(x > y), all(x <= y));
}

__kernel void special_double(__global ulong *out, __global const double *in)
{
    const int gid = get_global_id(0);
    const int b = gid * 32;
    for (int i = 0; i < 3; i++) {
        double x = in[b + i], y = in[b + 3 + i];
        out[b + i * 8 + 0] = as_ulong(nextafter(x, y));
        out[b + i * 8 + 1] = as_ulong(copysign(x, y));
        out[b + i * 8 + 2] = (ulong)(long)ilogb(x);
        out[b + i * 8 + 3] = as_ulong(logb(x));
        out[b + i * 8 + 4] = as_ulong(hypot(x, y));
        out[b + i * 8 + 5] = as_ulong(cbrt(x));
        out[b + i * 8 + 6] = as_ulong(nan(as_ulong(y) >> 12));
        out[b + i * 8 + 7] = (ulong)(isequal(x, y) | isnotequal(x, y) << 1 | islessgreater(x, y) << 2);
    }
}
