// oclc-flags: -cl-std=CL2.0
// Explicit conversions and reinterpretation; casts between vector types
// are errors that point to them.
kernel void k(global float4 *f, global int4 *i, global uchar4 *c, global uint *u) {
    c[0] = convert_uchar4_sat_rte(f[0] * 255.0f);
    i[0] = convert_int4_rtn(f[1]) + as_int4(f[2]);
    u[0] = as_uint(f[3].x) + convert_uint_sat(i[1].y);
    f[4] = (float4)i[0];
//         ^^^^^^^^^^^^ error[E0320]: cannot cast `int4` to `float4`: casts between vector types are not allowed
    f[5] = convert_float4(i[2].xyz);
//                        ^^^^^^^^ error[E0310]: no matching overload of `convert_float4`: expected a vector of 4 components, found `int3`
    u[1] = as_uint(c[0].xy);
//                 ^^^^^^^ error[E0310]: no matching overload of `as_uint`: expected a value the size of `uint`, found `uchar2`
    // clang's built-in behind `as_<type>`, as some code spells it.
    i[3] = __builtin_astype(f[6], int4) + (int4)__builtin_astype(u[2], int);
    u[3] = __builtin_astype(c[1], uint);
    u[4] = __builtin_astype(u[5], bool);
//                                ^^^^ error[E0320]: `__builtin_astype` to `bool`: the type must be a scalar or vector of numbers
    u[6] = __builtin_astype(c[2], ushort);
//                          ^^^^ error[E0310]: no matching overload of `__builtin_astype`: expected a value the size of `ushort`, found `uchar4`
}
