// oclc-flags: -cl-std=CL2.0 -cl-mad-enable
// A 5-point heat-equation stencil and a separable blur compiled with
// -cl-mad-enable, where a*b+c may become a mad of lower precision; the
// explicit fma() and a product stored to a temporary are included.

static inline float sane(float v)
{
    return isfinite(v) ? clamp(v, -100.0f, 100.0f) : 0.0f;
}

kernel void heat_step(global float *out, global const float *in)
{
    int gid = get_global_id(0);
    global const float *u = in + gid * 64;
    global float *d = out + gid * 64;
    const float alpha = 0.2f, dt = 0.05f;
    for (int y = 1; y < 7; ++y)
        for (int x = 1; x < 7; ++x) {
            float c = sane(u[y * 8 + x]);
            float lap = sane(u[y * 8 + x - 1]) + sane(u[y * 8 + x + 1])
                      + sane(u[(y - 1) * 8 + x]) + sane(u[(y + 1) * 8 + x]) - 4.0f * c;
            d[y * 8 + x] = c + alpha * dt * lap;
        }
    for (int x = 0; x < 8; ++x) {
        float a = sane(u[x]), b = sane(u[56 + x]);
        d[x] = a * b + a;
        d[56 + x] = fma(a, b, a) - mad(a, b, a);
        float p = a * b;
        d[8 * x] = p - a * b;
    }
}
