// oclc-flags: -cl-std=CL2.0
// Overload resolution as mixed-precision code hits it: user functions
// marked overloadable taking int/float/double/long/half, called with char,
// short, bool, literals and half expressions, and integer data passed to
// float math built-ins through explicit conversions.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

static int __attribute__((overloadable)) kind(int x) { return 1; }
static int __attribute__((overloadable)) kind(float x) { return 2; }
static int __attribute__((overloadable)) kind(double x) { return 3; }
static int __attribute__((overloadable)) kind(long x) { return 4; }

static int __attribute__((overloadable)) kindh(half x) { return 5; }
static int __attribute__((overloadable)) kindh(float x) { return 6; }

static int __attribute__((overloadable)) kindf(float x) { return 7; }
static int __attribute__((overloadable)) kindf(double x) { return 8; }

static inline half tameh(half v)
{
    return isfinite(v) ? clamp(v, -16.0h, 16.0h) : 0.75h;
}

kernel void overloadable_user(global int *out, global const half *in)
{
    int gid = get_global_id(0);
    global const half *s = in + gid * 128;
    global int *d = out + gid * 64;
    half h = s[0];
    char c = (char)gid;
    short sh = (short)gid;
    float f = h;
    d[0] = kind(c);          /* integral promotion to int */
    d[1] = kind(sh);
    d[2] = kind(f);
    d[3] = kind(1.0);
    d[4] = kind(2l);
    d[5] = kindh(h);
    d[6] = kindh(f);
    d[7] = kindh(h * 2.0f);
    d[8] = kindf((float)h);
    d[9] = kindf((double)(h + h));
    d[10] = kind((int)h);
    d[11] = kind((uchar)gid);
    d[12] = kind(true);
    d[13] = kindf(1.0f * h);
    for (int k = 14; k < 64; ++k)
        d[k] = kind((float)s[k]) * 10 + kindh(s[k] * 1.0h) + kindf(s[k] * 1.0f);
}

kernel void int_args_to_math(global float *out, global const int *in)
{
    int gid = get_global_id(0);
    global const int *s = in + gid * 64;
    global float *d = out + gid * 64;
    for (int k = 0; k < 32; ++k) {
        int n = s[k] & 1023;
        float x = n;
        d[k] = sqrt(x) + pow(x, 2.0f) * 0.001f;
        d[32 + k] = ldexp(1.0f, n & 31) * 1.0e-9f + pown(1.5f, n & 7) + rootn(x + 1.0f, 3);
    }
}
