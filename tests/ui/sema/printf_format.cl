// oclc-flags: -cl-std=CL2.0
// W0303: printf arguments checked against a literal format, as clang's
// -Wformat does; near misses: promoted scalars, vectors with the element
// width their length modifier names, and %% with no argument.
kernel void k(global int *o, global float4 *v) {
    float4 f4 = v[0];
    int4 i4 = (int4)(o[0]);
    uchar4 c4 = convert_uchar4(i4);
    long l = o[1];
    char c = 'a';
    printf("%d %u %x %c %hd %ld %f %e %s %p %% %v4hlf %v4d %v4hhu\n",
           c, 1u, o[2], c, (short)1, l, 1.0f, 2.0, "text", o, f4, i4, c4);
    printf("%d\n", 1.0f);
//                 ^^^^ warning[W0303]: format specifies type `int` but the argument has type `float`
    printf("%d\n", l);
//                 ^ warning[W0303]: format specifies type `int` but the argument has type `long`
    printf("%v4f\n", f4);
//                   ^^ warning[W0303]: format specifies type `double4` but the argument has type `float4`
    printf("%v2hlf\n", f4);
//                     ^^ warning[W0303]: format specifies type `float2` but the argument has type `float4`
    printf("%d %d\n", 1);
//         ^^^^^^^^^ warning[W0303]: more `%` conversions than data arguments
    printf("%d\n", 1, 2);
//                    ^ warning[W0303]: data argument not used by the format string
    printf("%q\n", 1);
//         ^^^^^^ warning[W0303]: the format string has an invalid conversion specifier `q`
}
