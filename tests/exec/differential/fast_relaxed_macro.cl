// oclc-flags: -cl-std=CL1.2 -cl-fast-relaxed-math
// -cl-fast-relaxed-math defines __FAST_RELAXED_MATH__ (OpenCL C spec,
// "Preprocessor directives and macros"; clang defines it too): code that
// picks a fast path by the macro.
kernel void fast_macro(global int *out, global const int *in)
{
    const int gid = get_global_id(0);
#ifdef __FAST_RELAXED_MATH__
    out[gid] = 1 + in[gid] * 0;
#else
    out[gid] = 2 + in[gid] * 0;
#endif
}
