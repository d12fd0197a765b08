// oclc-flags: -cl-std=CL2.0
// Contraction through the comma operator, as macro-heavy numeric code
// writes it: `(step++, a * b) + c` is one fused multiply-add in clang (the
// product is the comma's value and used only by the add), in `+=`, in the
// right operand, and inside a chain; a product whose value is also stored
// (`(t = a * b) + c`) is not fused.
#define SCALED(x, s) (count++, (x) * (s))

kernel void comma_fma(global float *out, global const float *in)
{
    const size_t g = get_global_id(0);
    const float a = in[4 * g], b = in[4 * g + 1], c = in[4 * g + 2], d = in[4 * g + 3];
    int count = 0;
    out[8 * g] = SCALED(a, b) + c;
    out[8 * g + 1] = c - SCALED(a, d);
    float acc = d;
    acc += SCALED(b, c);
    acc -= (count += 2, a * a);
    out[8 * g + 2] = acc;
    out[8 * g + 3] = a + b + SCALED(c, d);
    float t;
    out[8 * g + 4] = (t = a * b) + c;
    out[8 * g + 5] = t + (b * c, c * d);
    out[8 * g + 6] = -(count, a * c) + b;
    out[8 * g + 7] = (float)count;
}
