// oclc-flags: -cl-std=CL1.2
// Over-aligned typedefs, as SIMD-minded headers declare them: aligned(N)
// on a typedef raises the alignment (not the size) of variables and
// struct members declared with it, and a typedef of it inherits it.

typedef int int_a8 __attribute__((aligned(8)));
typedef int_a8 int_b8;
typedef float4 __attribute__((aligned(32))) wide_float4;

typedef struct {
    char tag;
    int_a8 count;      /* offset 8, not 4 */
    char flag;
    wide_float4 value; /* offset 32, not 16 */
} record_t;

__kernel void layout_queries(__global long *out, __global const float *in)
{
    size_t gid = get_global_id(0);
    __global long *o = out + gid * 32;
    int_a8 a = (int)gid;
    int_b8 b = 2;
    int_a8 *p = &a;
    o[0] = __alignof__(int_a8) + 100 * __alignof__(a) + 10000 * __alignof__(b);
    o[1] = sizeof(int_a8) + 100 * sizeof(record_t) + 10000 * __alignof__(record_t);
    o[2] = __builtin_offsetof(record_t, count) + 100 * __builtin_offsetof(record_t, flag)
         + 10000 * __builtin_offsetof(record_t, value);
    o[3] = sizeof(wide_float4) + 100 * __alignof__(wide_float4) + 10000 * __alignof__(p);
    o[4] = *p + b;
}

__kernel void records(__global float *out, __global const float *in)
{
    size_t gid = get_global_id(0);
    __global const float *w = in + gid * 64;
    record_t r[2];
    for (int i = 0; i < 2; i++) {
        r[i].tag = (char)i;
        r[i].count = (int)(w[i] > 0.0f);
        r[i].flag = 1;
        r[i].value = vload4(i + 1, w);
    }
    wide_float4 acc = r[0].value * (float)r[0].count + r[1].value * (float)r[1].count;
    vstore4(acc, 0, out + gid * 64);
    out[gid * 64 + 4] = (float)(r[1].tag + r[0].flag);
}
