// oclc-flags: -cl-std=CL2.0
// E0303: values that do not convert to the required type; near misses:
// arithmetic conversions are implicit.
struct pair { int a; int b; };
int take_int(int v) { return v; }
kernel void k(global int *p, global float *f) {
    struct pair s;
    s.a = 1;
    s.b = 2;
    int x = s;
//          ^ error[E0303]: assigning `struct pair` to an object of incompatible type `int`
    p[0] = take_int(s);
//                  ^ error[E0303]: passing `struct pair` to an object of incompatible type `int`
    f[0] = 1;
    p[1] = 2.5f;
    long l = p[0];
}
