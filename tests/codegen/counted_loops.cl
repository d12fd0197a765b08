// Counted loops without a loop control of their own: a small constant
// trip count and a small body get `Unroll` (the driver unrolls them
// fully, as clang -O2 does before llvm-spirv); anything else stays `None`
// (crates/spirv/src/unroll.rs lists the conditions).
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
    for (int i = 0; i < 4; i++)             // None: it calls a built-in
        o[i] = sin(i * 0.5f);
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
