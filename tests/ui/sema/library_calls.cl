// oclc-flags: -cl-std=CL2.0
// Library functions: overloads resolved over the generic types, and the
// calls no overload accepts. A scalar splats into a vector parameter, as
// clang's overload resolution does (`rotate(int4, int)`). Ambiguous calls
// are in ambiguous_calls.cl.
kernel void k(global float4 *f, global int4 *i, global long *l, float x, int n) {
    f[0] = sqrt(f[1]) + fmin(f[2], 0.5f) + mix(f[3], f[4], 0.25f) + pown(f[5], i[0]);
    f[1].x = pow(x, 2) + dot(f[0], f[1]) + length(f[2].xyz) + sqrt(2.0f);
    i[1] = clamp(i[2], 0, 255) + rotate(i[5], (int4)(3)) + mad24(i[0], i[1], i[2]);
    uint4 u = abs_diff(i[3], i[4]) + abs(i[5]);
    i[2] = rotate(i[5], 3);
    f[2] = sqrt(i[0]);
//              ^^^^ error[E0310]: no matching overload of `sqrt`: expected floating-point arguments
    f[3] = pow(f[0]);
//         ^^^^^^^^^ error[E0310]: `pow` expects 2 arguments, found 1
    f[0] = mad24(f[1], f[2], f[3]);
//               ^^^^ error[E0310]: no matching overload of `mad24`: expected 32-bit integer arguments
    f[1] = fmin(f[0], f[1].xy);
//         ^^^^^^^^^^^^^^^^^^^ error[E0310]: no matching overload of `fmin` for `(float4, float2)`
    i[3] = any(as_uint4(i[0]));
//             ^^^^^^^^^^^^^^ error[E0310]: no matching overload of `any`: expected signed integer arguments
    f[2].x = fract(x, (constant float *)0);
//                    ^^^^^^^^^^^^^^^^^^^ error[E0310]: no matching overload of `fract`: expected a pointer outside `constant` memory
    f[4] = pown(f[0], n);
    f[5].xy = cross(f[0].xy, f[1].xy);
//                  ^^^^^^^ error[E0310]: no matching overload of `cross`: expected 3- or 4-component vectors
    f[6] = fmax(x, f[0]);
}
