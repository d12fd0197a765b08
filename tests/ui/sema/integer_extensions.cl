// oclc-flags: -cl-std=CL2.0 -cl-ext=-cl_khr_integer_dot_product
// The integer extensions OpenCL C 3.1 makes core: their functions need the
// extension on earlier versions (here the dot product is switched off),
// and wrong argument types find no overload.
kernel void k(global int *out, global const uint *in)
{
    char4 a = as_char4(in[0]);
    out[0] = dot(a, a);
//           ^^^ error[E0417]: `dot` on integer vectors requires the `cl_khr_integer_dot_product` extension
    out[1] = dot_acc_sat(a, a, 5);
//           ^^^^^^^^^^^ error[E0417]: `dot_acc_sat` requires the `cl_khr_integer_dot_product` extension
    out[2] = dot_4x8packed_ss_int(in[0], in[1]);
//           ^^^^^^^^^^^^^^^^^^^^ error[E0417]: `dot_4x8packed_ss_int` requires the `cl_khr_integer_dot_product` extension
    out[3] = bitfield_insert(in[0], in[1], 4u, 8u);
    out[4] = bitfield_extract_signed(1.0f, 0u, 4u);
//                                   ^^^^ error[E0310]: no matching overload of `bitfield_extract_signed`: expected an integer scalar or vector, found `float`
    out[5] = bit_reverse(in[0]) + (int)bitfield_extract_unsigned(in[1], 2u, 3u);
    out[6] = bitfield_insert(in[0], in[1], 1.5f, 2u);
//                                         ^^^^ error[E0310]: no matching overload of `bitfield_insert`: expected a `uint` offset or count, found `float`
}

kernel void wrong_vectors(global int *out, global const int4 *in)
{
    out[0] = dot(in[0], in[1]);
//               ^^^^^ error[E0310]: no matching overload of `dot`: expected floating-point vectors of up to 4 components, or `char4` and `uchar4`, found `int4`
}
