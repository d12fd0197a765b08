// oclc-flags: -cl-std=CL2.0
// Vector component selection and literals (OpenCL C 3.0 §6.3.6, §6.3.7):
// what is valid, and each kind of invalid selection.
kernel void k(global float4 *out, float2 f2, float8 f8) {
    float4 v = out[0];
    v.xy = v.yx;
    v.s23 += f2;
    out[0] = (float4)(f2, v.zw);
    out[1] = (float4)(f8.lo.xy, f8.s7, 1.0f);
    out[2].w = f8.hi.odd.y;
    float bad1 = v.xs0;
//                 ^^^ error[E0314]: invalid vector component selection `.xs0` on `float4`: a swizzle cannot mix component sets
    float bad2 = f2.z;
//                  ^ error[E0314]: component 2 is out of range for a vector of 2 components
    v.xx = f2;
//    ^^ error[E0304]: `.xx` repeats a component and cannot be assigned to
    float4 bad3 = (float4)(f2, 1.0f);
//                ^^^^^^^^^^^^^^^^^^ error[E0304]: a `float4` literal needs 4 components, not 3
    float3 bad4 = v.xyzww;
//                  ^^^^^ error[E0314]: a swizzle selects 1, 2, 3, 4, 8 or 16 components, not 5
    float bad5 = v.r;
//                 ^ error[E0314]: `.rgba` components need OpenCL C 3.0
    // `.xyzw` name the first four components of an 8-vector, as clang
    // accepts.
    float fine = f8.w + f8.xyzw.x;
    // Stepping components: integer ones only, as whole vectors (clang).
    int4 counters = (int4)(0);
    counters.xy++;
    --counters.hi;
    v.xz++;
//  ^^^^ error[E0304]: cannot increment a value of type `float2`
}
