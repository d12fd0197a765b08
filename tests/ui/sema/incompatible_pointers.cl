// oclc-flags: -cl-std=CL2.0
// W0301: implicit conversions between pointers to different types; near
// misses: an explicit cast, and `void *`. Code written before `half`
// pointers passes `ushort *` to `vstore_half`/`vload_half`: the same
// warning, and the pointer is reinterpreted (clang-15 does the same).
kernel void k(global int *p, global float *f) {
    global int *ip = f;
//                   ^ warning[W0301]: incompatible pointer types: pointer to `float` converted to pointer to `int`
    global int *cast = (global int *)f;
    global void *vp = p;
    global int *back = vp;
    ip[0] = cast[0] + back[0];
}

kernel void pack(global ushort *packed, global const float *in) {
    vstore_half(in[0], 0, packed);
//                        ^^^^^^ warning[W0301]: incompatible pointer types: `global ushort *` passed where `global half *` is expected
    float4 back = vload_half4(0, (global const ushort *)packed);
//                               ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ warning[W0301]: incompatible pointer types: `global const ushort *` passed where `global const half *` is expected
    vstore4(back, 1, (global float *)packed);
}
