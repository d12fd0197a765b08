// oclc-flags: -cl-std=CL1.2
// Vector typedefs spelled with clang's ext_vector_type and GCC's
// vector_size, as headers shared with host or HIP code declare them: a
// `real` precision switch and its vector forms.
typedef float real;
typedef real real4 __attribute__((ext_vector_type(4)));
typedef real real2 __attribute__((ext_vector_type(2)));
typedef int int4_g __attribute__((vector_size(16)));

kernel void blend(global real4 *out, global const real4 *in)
{
    size_t g = get_global_id(0);
    real4 v = in[g];
    real2 lo = v.xy;
    int4_g bits = as_int4(v);
    out[g] = v + v.x + (real4)(lo, lo.yx);
    out[g + 64] = as_float4(bits & 0x7fffffff);
}
