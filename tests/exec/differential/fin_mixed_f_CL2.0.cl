// oclc-flags: -cl-std=CL2.0 -cl-single-precision-constant
__kernel void mixed_float(__global float *out, __global const float *in)
{
    size_t g = get_global_id(0);
    float x = in[g * 64], y = in[g * 64 + 1];
    float4 v = vload4(1, in + g * 64);
    int n = as_int(in[g * 64 + 8]) & 15;
    int k = 0;
#define O(e) out[g * 64 + (k++)] = (e)
    O(pow(x, 2.0));
    O(fmax(x, 0.0));
    O(clamp(x, 0.0, 1.0));
    O(exp(-0.5 * x));
    O(mad(x, 2.0, 1.0));
    O(fmin(v, 0.5).x);
    O(fmin(v, y).z);
    O(fmax(v, 1.0).w);
    O(clamp(v, 0.0, 1.0).y);
    O(clamp(v, x, y).x);
    O(ldexp(x, n));
    O(ldexp(v, n).y);
    O(pown(x, 3));
    O(rootn(x, n));
    O(mix(v, (float4)y, 0.5).x);
    O(mix(x, y, 0.3));
    O(step(0.5, v).w);
    O(smoothstep(0.0, 1.0, v).z);
    O(smoothstep(0.1, 0.9, x));
    O(max(v, 0.0).y);
    O(min(x, 1.0));
    O(fma(x, y, 1.0));
    O(copysign(2.0, x));
    O(native_divide(x, 3.0));
    O(half_divide(x, 4.0));
    O(fmod(x, 1.5));
    O(atan2(1.0, x));
    O(dot(v, (float4)(1.0, 2.0, 3.0, 4.0)));
    O(length(v.xy));
    O(distance(v, (float4)0.0));
    O(select(0.0, 1.0, n > 3));
    O(bitselect(x, 0.0, y));
    O(step(x, 2.0));
    O(mix(v, v.wzyx, x).x);
    O(nextafter(x, 0.0));
    O(fdim(x, 1));
    O(hypot(x, 0.5));
}
