// oclc-flags: -cl-std=CL2.0
// Explicit conversions of `bool` values: `convert_T(b)` converts the `int`
// the `bool` promotes to; `as_size_t` and `as_ptrdiff_t` are the
// pointer-sized reinterpretations clang's header defines. (`as_uchar(b)`
// compiles too, but the runtime's own compiler aborts on it: "Invalid
// bitcast".)
kernel void k(global uint *out, global const float *in)
{
    size_t i = get_global_id(0);
    float x = in[i];
    bool big = x > 1.0f;
    bool nan = isnan(x);
    out[i] = as_uint(convert_float(big) + convert_float_rtz(nan) * 2.0f);
    out[64 + i] = (uint)convert_ushort_sat(big) + ((uint)convert_uchar(nan) << 8)
        + ((uint)convert_char_sat(big) << 16) + (uint)convert_long(big && !nan);
    out[128 + i] = (uint)as_size_t((size_t)i * 3) + (uint)as_ptrdiff_t((ptrdiff_t)i - 40);
}
