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
//                 ^^^^^^^ error[E0310]: no matching overload of `as_uint`: expected a value the size of `uint` (not `uchar2`)
}
