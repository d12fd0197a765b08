// oclc-flags: -cl-std=CL2.0 -DTILE=4 -DGAIN=0.75f -D USE_FMA -DNAME_SUFFIX=_v2 -cl-no-signed-zeros -cl-finite-math-only
// A tiled gain/bias kernel configured entirely from build options, as
// host code often does: -D macros with and without values and with a
// space, a token-pasted kernel name, and the finite-math/no-signed-zero
// flags on data sanitised with integer tests.

#ifndef TILE
#error TILE must be defined
#endif
#define CAT2(a, b) a##b
#define CAT(a, b) CAT2(a, b)

static inline float sane(uint bits)
{
    return ((bits & 0x7f800000u) == 0x7f800000u) ? 1.0f : clamp(as_float(bits), -50.0f, 50.0f);
}

kernel void CAT(gain_bias, NAME_SUFFIX)(global float *out, global const uint *in)
{
    int gid = get_global_id(0);
    global const uint *s = in + gid * 64;
    global float *d = out + gid * 64;
    for (int t = 0; t < 64 / TILE; ++t) {
        for (int j = 0; j < TILE; ++j) {
            float x = sane(s[t * TILE + j]);
            float b = sane(s[(t * TILE + j + 7) & 63]);
#ifdef USE_FMA
            float y = fma(x, GAIN, b);
#else
            float y = x * GAIN + b;
#endif
            d[t * TILE + j] = y - 0.0f + (x > b ? -0.0f * x : x * b);
        }
    }
}
