// oclc-flags: -cl-std=CL2.0
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
/* implicit argument conversions after overload resolution, as they occur in pricing code */
kernel void argconv(global uint *out, global const uint *in)
{
    size_t g = get_global_id(0);
    uint w0 = in[g * 64], w1 = in[g * 64 + 1], w2 = in[g * 64 + 2];
    long L = ((long)w0 << 32) | w1;
    int i = (int)w2;
    float f = as_float(w1 & 0x3fffffffu);
    double d = as_double(((ulong)w0 << 32 | w1) & 0x3fffffffffffffffUL);
    int k = 0;
#define O(x) out[g * 64 + (k++)] = (x)
    O(as_uint(fmax(f, i)));              /* int -> float rounding */
    O(as_uint(fmin(f, w0)));             /* uint -> float */
    O(as_uint(pown(f, (int)(L & 7))));
    O(as_uint(ldexp(f, (int)(w2 % 40) - 20)));
    O(as_uint(rootn(f, (char)3)));
    O((uint)as_ulong(fmax(d, L)));        /* long -> double rounding */
    O((uint)(as_ulong(fmax(d, L)) >> 32));
    O((uint)as_ulong(fmin(d, w0)));
    O((uint)as_ulong(fmax(d, i)));
    O((uint)as_ulong(ldexp(d, i % 64)));
    O((uint)(as_ulong(pown(d, (short)(w0 & 3))) >> 20));
    O(rotate(w0, (uint)i));
    O(rotate(i, 33));
    O(max(w0, 7u) + min(i, -3) + clamp(i, -100, 100));
    O((uint)clamp((long)L, -5L, 5L));
    O(abs(i) + abs_diff(i, (int)w0));
    O(as_uint(mix(f, (float)w0, 0.25f)));
    O(as_uint(clamp(f, 0.0f, (float)w2)));
    O(as_uint(step(1.0f, f)));
    O(as_uint((float)fma(d, 2.0, -1.0)));
    O(as_uint(mad((float)i, 0.5f, f)));
    O(as_uint(select(f, -f, i)));
    O((uint)select(L, -L, (long)i));
    O(upsample((ushort)w0, (ushort)w1));
    O((uint)(upsample(w0, w1) >> 7));
    O(mul_hi(w0, w1) ^ mul_hi(i, (int)w0));
    O((uint)mul_hi(L, (long)w2));
    O(mad24(w0 & 0xffffff, w1 & 0xffffff, w2));
    O(add_sat(i, (int)w0) ^ sub_sat(w0, w1));
    O(as_uint(copysign(f, (float)i)));
    O(as_uint(fdim((float)w0, (float)i)));
    O(as_uint((float)nextafter(d, 0.0)));
    O(as_uint(maxmag(f, -2.0f) + minmag(f, (float)i)));
    O(ilogb(f) + ilogb(d));
    O(as_uint(nan(w0 & 0x3fffffu)));
    O((uint)as_ulong(nan((ulong)w1)));
    O(isinf(f) + isnan(d) * 2 + signbit((float)i) * 4 + isfinite(d) * 8 + isnormal(f) * 16);
    O(as_uint(fract(f, &f)) ^ as_uint(f));
    { int ex; float m = frexp(f, &ex); O(as_uint(m) + ex); }
    { int q; float r = remquo(f, 3.0f, &q); O(as_uint(r) ^ q); }
    { double ip; double fr = modf(d, &ip); O((uint)as_ulong(fr) ^ (uint)as_ulong(ip)); }
}
