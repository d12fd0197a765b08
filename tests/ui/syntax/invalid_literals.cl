// oclc-flags: -cl-std=CL2.0
// Malformed number literals: bad octal digit, exponent without digits,
// `0x` without digits, unknown suffix, hexadecimal float without `p`,
// `ll` (64-bit `long long` is not OpenCL C), a second dot; and values out
// of range.
kernel void k(global int *p, global float *f, global long *l) {
    p[0] = 08;
//         ^^ error[E0203]: invalid digit `8` in octal literal `08`
    f[0] = 1e;
//         ^^ error[E0203]: exponent has no digits in `1e`
    p[1] = 0x;
//         ^^ error[E0203]: hexadecimal literal `0x` has no digits
    p[2] = 12abc;
//         ^^^^^ error[E0203]: invalid suffix `abc` on integer literal `12abc`
    f[1] = 0x1.8;
//         ^^^^^ error[E0203]: hexadecimal floating literal `0x1.8` requires a `p` exponent
    l[0] = 1ll;
    f[2] = 1.2.3;
//         ^^^^^ error[E0203]: invalid suffix `.3` on floating literal `1.2.3`
    l[1] = 18446744073709551616;
//         ^^^^^^^^^^^^^^^^^^^^ error[E0204]: integer literal `18446744073709551616` is too large for any integer type
    f[3] = 1e39f;
//         ^^^^^ warning[W0202]: magnitude of floating literal `1e39f` is too large for type `float`; it is infinity
    f[4] = 1e400;
//         ^^^^^ warning[W0202]: magnitude of floating literal `1e400` is too large for type `double`; it is infinity
    f[5] = 1e-50f;
//         ^^^^^^ warning[W0202]: magnitude of floating literal `1e-50f` is too small for type `float`; it is zero
    p[3] = 0b102;
//         ^^^^^ error[E0203]: invalid digit `2` in binary literal `0b102`
}
