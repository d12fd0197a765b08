// oclc-flags: -cl-std=CL2.0
// Calls that several overloads of a built-in match equally well: clang
// rejects each of them, and so does oclc, naming the overloads that tie.
kernel void mixed_signedness(global int *out, global const int *in, uint n)
{
    int i = get_global_id(0);
    out[i] = min(in[i], n);
//           ^^^^^^^^^^^^^ error[E0324]: call to `min` is ambiguous
    out[i] = max(abs(in[i]), 3);
//           ^^^^^^^^^^^^^^^^^^ error[E0324]: call to `max` is ambiguous
    out[i] = min(get_global_id(0), n);
//           ^^^^^^^^^^^^^^^^^^^^^^^^ error[E0324]: call to `min` is ambiguous
    // The casts pick one overload.
    out[i] = min(in[i], (int)n) + max((int)abs(in[i]), 3) + (int)min(get_global_id(0), (size_t)n);
}

kernel void float_and_double(global float *out, global const float *in)
{
    float x = in[get_global_id(0)];
    out[0] = sqrt(2);
//           ^^^^^^^ error[E0324]: call to `sqrt` is ambiguous
    out[1] = pow(x, 2.0);
//           ^^^^^^^^^^^ error[E0324]: call to `pow` is ambiguous
    out[2] = clamp(x, 0, 1);
//           ^^^^^^^^^^^^^^ error[E0324]: call to `clamp` is ambiguous
    out[3] = fmin(x, 1.0) + mix(x, 1.0f, 0.5);
//           ^^^^^^^^^^^^ error[E0324]: call to `fmin` is ambiguous
//                          ^^^^^^^^^^^^^^^^^ error[E0324]: call to `mix` is ambiguous
    // Literals of the argument's type, or an integer where only a
    // `float` overload takes the other arguments exactly.
    out[4] = sqrt(2.0f) + pow(x, 2.0f) + clamp(x, 0.0f, 1.0f) + pow(x, 2) + mad24(get_global_id(0), 2, 1);
}

kernel void vectors(global float4 *out, global const float4 *in, global int4 *flags)
{
    float4 v = in[get_global_id(0)];
    out[0] = select(v, v, 1);
//           ^^^^^^^^^^^^^^^ error[E0324]: call to `select` is ambiguous
    out[1] = select(v, v, flags[0]) + clamp(v, 0, 1) + fmin(v, 0.5f) + step(0.5f, v);
    out[2] = cross(1.0f, 2.0f);
//           ^^^^^^^^^^^^^^^^^ error[E0324]: call to `cross` is ambiguous
}
