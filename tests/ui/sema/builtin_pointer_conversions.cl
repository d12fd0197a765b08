// oclc-flags: -cl-std=CL2.0
// Built-in calls clang accepts with a warning, because C lets a pointer
// convert to a pointer to another type: the overload the other arguments
// pick is taken and the pointer reinterpreted, as clang does.
kernel void k(global uint *out, global const float *in, local atomic_int *counter)
{
    size_t i = get_global_id(0);
    int4 v = convert_int4(vload4(i, in));
    vstore4(v, i, out);
//                ^^^ warning[W0301]: incompatible pointer types: `global uint *` passed where `global int *` is expected
    atomic_add(counter, 1);
//             ^^^^^^^ warning[W0301]: incompatible pointer types: pointer to `atomic_int` converted to pointer to `int`
    float f = vload_half(i, (global const ushort *)in);
//                          ^^^^^^^^^^^^^^^^^^^^^^^^^ warning[W0301]: incompatible pointer types: `global const ushort *` passed where `global const half *` is expected
    out[i] += (uint)f + (uint)work_group_reduce_add((short)i);
}
