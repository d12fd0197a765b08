// Counted loops without a loop control of their own: a small constant
// trip count and a small body get `Unroll` (the driver unrolls them
// fully, as clang -O2 does before llvm-spirv); anything else stays `None`
// (crates/spirv/src/unroll.rs lists the conditions).
float clamped(global const float *in, int i) {
    float v = in[i & 15];
    return isfinite(v) ? clamp(v, -1.0f, 1.0f) : 0.0f;
}

float smooth(float x) { return exp(-x * x); }

kernel void counted(global float *o, int n) {
    float a[4];
    for (int i = 0; i < 4; i++)             // Unroll: 4 trips
        a[i] = o[i];
    for (int i = 10; i > 0; i -= 3)         // Unroll: 10, 7, 4, 1
        o[i] = a[i & 3];
    uint j;
    for (j = 8u; j != 0; j -= 2)            // Unroll: start stored before `for`
        o[j] += 1.0f;
    for (int i = 0; i < 8; i++)             // Unroll, and the inner loop too
        for (int k = 0; k < 8; k++)
            o[i * 8 + k] *= 2.0f;
    for (int i = 0; i < 4; i++)             // Unroll, and the inner loops too:
        for (int k = 0; k < i; k++)         //   their counts are constants in
            for (int m = i + 1; m < 4; m++) //   each iteration around them
                o[i * 16 + k * 4 + m] += 1.0f;
    for (int i = 0; i < n; i++)             // None, and so the inner loop,
        for (int k = 0; k < i; k++)         //   whose count depends on it
            o[k] += 1.0f;
#pragma nounroll
    for (int i = 0; i < 4; i++)             // DontUnroll: as written
        o[i] -= 1.0f;
    for (int i = 0; i < n; i++)             // None: the bound is not a constant
        o[i] += 2.0f;
    for (int i = 0; i < 100; i++)           // None: more than 64 trips
        o[i] += 3.0f;
    for (uint u = 3; u >= 0; u--)           // None: never ends (wraps around)
        if (o[u] > 0.0f)
            break;
    for (int i = 0; i < 4; i++)             // None: `sin` of the counter would
        o[i] = sin(i * 0.5f);               //   fold in the driver's last bits
    for (int i = 0; i < 4; i++)             // None: so would `sqrt` of an inner
        for (int k = 0; k < 2; k++)         //   loop's counter (and the inner
            o[i] += sqrt((float)k);         //   loop is None too)
    for (int i = 0; i < 4; i++)             // Unroll: `sqrt` of data, not of `i`
        o[i] = sqrt(fmax(o[i + 4], 0.0f));
    uint h = (uint)n;
    for (int i = 0; i < 8; i++)             // Unroll: exact built-ins take the
        h = rotate(h, (uint)i) ^ mul_hi(h, 0x9e3779b9u); // counter freely
    o[0] = (float)h;
    for (int i = 0; i < 4; i++)             // Unroll: the helper is small and
        o[i] = clamped(o, i);               //   calls exact built-ins only
    for (int i = 0; i < 4; i++)             // None: the helper calls `exp`
        o[i] = smooth(o[i]);
    for (int i = 0; i < 4; i++) {           // None: it holds a barrier
        o[i] += 1.0f;
        barrier(CLK_GLOBAL_MEM_FENCE);
    }
    int q = 0;
    int *p = &q;
    for (q = 0; q < 4; q++)                 // None: its address is taken
        o[q] = *p;
    for (int i = 0; i < 16; i++) {          // None: the body writes it
        o[i] = 5.0f;
        i += o[i] > 4.0f;
    }
}
