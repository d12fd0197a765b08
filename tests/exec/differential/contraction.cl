// Floating-point contraction against the runtime's own compiler, on
// values chosen so that one rounding and two roundings give different
// answers: a*b+c fuses, as do x += a*b and the vector forms; explicit
// mad() may not, a product stored first is not contracted, and fma()
// always fuses. A negated product fuses too, the left side first.

kernel void fused(global float *out, global const float *in)
{
    int i = get_global_id(0);
    float e = fmin(fabs(in[i]), 1000.0f) * 1e-7f;
    float a = 1.0f + e, b = 1.0f - e, c = -1.0f;
    out[8 * i + 0] = a * b + c;
    out[8 * i + 1] = c - a * -b;
    float s = c;
    s += a * b;
    out[8 * i + 2] = s;
    float4 v = (float4)(a, b, a, b) * (float4)(b, a, b, a) + (float4)(c);
    out[8 * i + 3] = v.x + v.w;
    float p = a * b;
    out[8 * i + 4] = p + c;
    out[8 * i + 5] = mad(a, b, c);
    out[8 * i + 6] = fma(a, b, c);
    out[8 * i + 7] = a * b - 1.0f;
}

kernel void polynomial(global float *out, global const float *in)
{
    int i = get_global_id(0);
    float x = clamp(in[i], -4.0f, 4.0f) * 0.3333333f;
    float y = 0.0f;
    for (int k = 7; k >= 0; k--)
        y = y * x + (float)(k + 1) / (float)(k + 2);
    out[i] = y;
    out[64 + i] = ((x * 0.25f + 0.5f) * x + 0.75f) * x + 1.0f;
}

kernel void negated_products(global float *out, global const float *in) {
    int i = get_global_id(0);
    float e = fmin(fabs(in[i]), 1000.0f) * 1e-7f;
    float a = 1.0f + e, b = 1.0f - e, c = -1.0f, d = 1.0f;
    out[8*i+0] = -(a * b) + d;
    out[8*i+1] = d - (a * b);
    out[8*i+2] = c - -(a * b);
    out[8*i+3] = (a * b) * 1.0f + c;
    float2 v = (float2)(a, b);
    out[8*i+4] = v.x * v.y + c;
    out[8*i+5] = a * b + c * d;
    out[8*i+6] = (a * b + c) * 2.0f;
    out[8*i+7] = (float)(a * b) + c;
}
kernel void negated_in_chains(global float *out, global const float *in) {
    int i = get_global_id(0);
    float e = fmin(fabs(in[i]), 1000.0f) * 1e-7f;
    float a = 1.0f + e, b = 1.0f - e, c = -1.0f, d = 1.0f;
    float s = c; s += -(a * b); out[8*i+0] = s;
    float t = d; t -= -(a * b); out[8*i+1] = t + c;
    out[8*i+2] = c + d + -(a * b) + d;
    out[8*i+3] = -(a * b) + a * b;
    out[8*i+4] = -(a * b) - c;
    out[8*i+5] = d + -(a * b);
    out[8*i+6] = -(a * b) + -(a * b) + 2.0f;
    out[8*i+7] = c - a * b + d;
}
kernel void products_on_both_sides(global float *out, global const float *in) {
    int i = get_global_id(0);
    float e = fmin(fabs(in[i]), 1000.0f) * 1e-7f;
    float a = 1.0f + e, b = 1.0f - e, c = -1.0f, d = 1.0f + 2.0f * e;
    out[4*i+0] = -(a * b) + d * b;
    out[4*i+1] = d * b - a * b;
    out[4*i+2] = a * -b + d;
    out[4*i+3] = -a * b + d * a;
}
