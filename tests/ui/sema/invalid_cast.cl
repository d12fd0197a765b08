// oclc-flags: -cl-std=CL2.0
// E0320: casts between types that do not convert; near misses: scalar and
// pointer casts.
struct pair { int a; int b; };
kernel void k(global int *p, global float *f) {
    struct pair s;
    s.a = 1;
    int x = (int)s;
//          ^^^^^^ error[E0320]: cannot cast `struct pair` to `int`
    struct pair t = (struct pair)x;
//                  ^^^^^^^^^^^^^^ error[E0320]: cannot cast `int` to `struct pair`
    p[0] = (int)f[0] + (int)(long)p + x;
    global float *fp = (global float *)p;
}
