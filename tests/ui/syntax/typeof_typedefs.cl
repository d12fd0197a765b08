// oclc-flags: -cl-std=CL2.0
// `__typeof__(expr)` and `__typeof__(type)` as type specifiers, in
// declarations and in typedefs at file and block scope: the operand names
// no declaration, so `typedef __typeof__(x) R;` declares `R` only.
typedef float F;
typedef __typeof__((F)1 + 1) G;

kernel void k(global float *o)
{
    F x = o[0];
    __typeof__(x) y = x;
    typedef __typeof__(x) R;
    R r = y * 2;
    typedef __typeof__(o[0] + 1) H, *HP;
    H h = r;
    HP p = &h;
    __typeof__(F) w = *p;
    G g = w;
    o[1] = g;
}
