// oclc-flags: -cl-std=CL2.0
// E0304: a scalar operand of a vector operator converts to the element
// type only when it does not outrank it (OpenCL C 3.0 §6.6), as clang
// enforces: a `double` with a `float4`, a `float` with an `int4`, a `long`
// or `uint` with an `int4`, an `int` with a `uchar4`. Near misses: an
// integer with a float vector, an equal or lower rank, shifts, `++`.
kernel void k(global float4 *o, int i, uint u, long l)
{
    float4 f = o[0];
    int4 v = as_int4(f);
    uchar4 c = as_uchar4(i);
    o[1] = f * 2.0;
//         ^^^^^^^ error[E0304]: scalar operand type has greater rank than the type of the vector element (`float4` and `double`)
    o[2] = as_float4(v + 1.0f);
//                   ^^^^^^^^ error[E0304]: scalar operand type has greater rank than the type of the vector element (`int4` and `float`)
    o[3] = as_float4(v + l);
//                   ^^^^^ error[E0304]: scalar operand type has greater rank than the type of the vector element (`int4` and `long`)
    o[4] = as_float4(v == u);
//                   ^^^^^^ error[E0304]: scalar operand type has greater rank than the type of the vector element (`int4` and `uint`)
    c = c + 3;
//      ^^^^^ error[E0304]: scalar operand type has greater rank than the type of the vector element (`uchar4` and `int`)
    o[5] = f * i + f * l + (float)u;
    uint4 w = as_uint4(v) + i;
    o[6] = as_float4((v << l) + (v < 2) + (c++).x + w.x);
//                   ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ error[E0304]: scalar operand type has greater rank than the type of the vector element (`int4` and `uint`)
}
