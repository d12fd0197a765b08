// oclc-flags: -cl-std=CL2.0
// Vector comparisons, logic and `?:`; operands of different shapes and a
// vector used as a scalar condition are errors.
kernel void k(global int4 *i, global float4 *f, global float2 *g, global int *o) {
    int4 m = i[0] < i[1];
    int4 e = f[0] != f[1];
    i[2] = (m && e) | !i[3];
    f[2] = m ? f[0] : 0.5f;
    int4 bad = f[0] < g[0];
//             ^^^^^^^^^^^ error[E0304]: invalid operands to a vector comparison (`float4` and `float2`)
    if (i[0] < i[1]) {
//      ^^^^^^^^^^^ error[E0304]: a condition must have scalar type, found `int4`
        o[0] = 1;
    }
    o[1] = vec_step(i);
//                  ^ error[E0310]: `vec_step` expects a scalar or vector type, found `global int4 *`
}

// A vector condition's components are as wide as the results' (§6.5.9).
kernel void widths(global int2 *out, global const char *in)
{
    int2 c = (int2)(in[0], in[1]);
    out[0] = c ? in[2] : in[3];
//           ^^^^^^^^^^^^^^^^^ error[E0304]: a vector condition and the results of `?:` must have components of the same size
}
