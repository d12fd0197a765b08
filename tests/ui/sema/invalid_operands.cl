// oclc-flags: -cl-std=CL2.0
// E0304: operators applied to operands of the wrong type; near misses:
// pointer arithmetic and integer bitwise operators.
struct pair { int a; int b; };
kernel void k(global int *p, global float *f) {
    struct pair s;
    s.a = 1;
    p[0] = s + 1;
//         ^^^^^ error[E0304]: invalid operands to binary expression (`struct pair` and `int`)
    p[1] = f[0] % 2;
//         ^^^^^^^^ error[E0304]: invalid operands to binary expression (`float` and `int`)
    p[2] = (int)(f[0] & 1.0f);
//               ^^^^^^^^^^^ error[E0304]: invalid operands to binary expression (`float` and `float`)
    p[3] = *(p + 1) & 3;
    p[4] = (int)(p - p);
}

// A pointer moves by integers only.
kernel void pointer_plus_float(global int *p, float f) {
    p = p + f;
//      ^^^^^ error[E0304]: invalid operands to binary expression (`global int *` and `float`)
    p = p + (int)f;
}
