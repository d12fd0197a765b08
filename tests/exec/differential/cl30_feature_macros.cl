// oclc-flags: -cl-std=CL3.0
// A portable kernel written against OpenCL C 3.0 optional features: the
// __opencl_c_* feature macros select fp64, generic-pointer and program-scope
// variable paths, falling back to float when fp64 is absent.

#if defined(__opencl_c_fp64)
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
typedef double acc_t;
#define ACC_TAG 64
#else
typedef float acc_t;
#define ACC_TAG 32
#endif

#if defined(__opencl_c_program_scope_global_variables)
global uint g_calls = 0;
#define NOTE_CALL() (g_calls += 0)
#else
#define NOTE_CALL() ((void)0)
#endif

static acc_t kahan_sum(const float *p, int n)
{
    acc_t s = 0, c = 0;
    for (int i = 0; i < n; ++i) {
        acc_t v = p[i];
        acc_t y = v - c;
        acc_t t = s + y;
        c = (t - s) - y;
        s = t;
    }
    return s;
}

kernel void features(global float *out, global const float *in)
{
    int gid = get_global_id(0);
    float buf[32];
    for (int k = 0; k < 32; ++k) {
        float v = in[gid * 64 + k];
        buf[k] = isfinite(v) ? v : 0.0f;
    }
    NOTE_CALL();
    out[gid * 64 + 0] = (float)kahan_sum(buf, 32);
    out[gid * 64 + 1] = ACC_TAG;
#ifdef __opencl_c_generic_address_space
    out[gid * 64 + 2] = 1.0f;
#endif
#ifdef __opencl_c_subgroups
    out[gid * 64 + 4] = 3.0f;
#endif
#ifdef __opencl_c_atomic_order_seq_cst
    out[gid * 64 + 5] = 4.0f;
#endif
#ifdef __opencl_c_int64
    out[gid * 64 + 6] = 5.0f;
#endif
#ifdef __opencl_c_pipes
    out[gid * 64 + 8] = 7.0f;
#endif
#ifdef cl_khr_fp16
    out[gid * 64 + 12] = 11.0f;
#endif
#ifdef __opencl_c_fp16
    out[gid * 64 + 13] = 12.0f;
#endif
    out[gid * 64 + 14] = __OPENCL_C_VERSION__;
#ifdef __opencl_c_atomic_scope_all_devices
    out[gid * 64 + 16] = 13.0f;
#endif
#ifdef __ENDIAN_LITTLE__
    out[gid * 64 + 21] = 18.0f;
#endif
#ifdef __FAST_RELAXED_MATH__
    out[gid * 64 + 22] = 19.0f;
#endif
#ifdef cl_khr_int64_base_atomics
    out[gid * 64 + 23] = 20.0f;
#endif
}
