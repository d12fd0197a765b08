// oclc-flags: -cl-std=CL2.0
// What OpenCL C forbids that C allows, as clang reports it: the address of
// a vector component (§6.5.14), a floating-point `?:` condition (§6.5.9)
// and `sizeof(void)`. Near misses: the address of a whole vector or of an
// array element, an integer or vector condition, `if` on a float.
kernel void k(global int *out, global const float *in)
{
    int4 v = 0;
    int *component = &v.x;
//                    ^^^ error[E0305]: address of vector element requested
    float4 f = 1.0f;
    int *odd = &f.s1;
//              ^^^^ error[E0305]: address of vector element requested
    out[0] = in[0] ? 1 : 2;
//           ^^^^^ error[E0304]: used type `float` where floating point type is not allowed
    out[1] = sizeof(void);
//           ^^^^^^^^^^^^ error[E0315]: invalid application of `sizeof` to an incomplete or opaque type `void`
    int4 *whole = &v;
    int a[4] = { 0 };
    int *elem = &a[2];
    out[2] = (int)in[0] ? 1 : 2;
    if (in[1])
        out[3] = whole->x + *elem + *component + *odd;
    out[4] = select(1, 2, (int)in[2]);
}
