// oclc-flags: -cl-std=CL1.2
// Lookup tables written the way filter and codec code writes them: with
// the inner braces elided (C 6.7.9): a 3x3 Gaussian and a 5x5 Laplacian-of-
// Gaussian as flat lists, an 8x8 quantization matrix, an array of float2
// given scalars (each splatted: vectors take no elision), arrays of structs
// given as flat lists, a struct with a char-array name set from
// a string, and private tables the same way.

constant float gauss3[3][3] = { 1, 2, 1, 2, 4, 2, 1, 2, 1 };
constant int log5[5][5] = {
     0,  0, -1,  0,  0,
     0, -1, -2, -1,  0,
    -1, -2, 16, -2, -1,
     0, -1, -2, -1,  0,
     0,  0, -1,  0,  0
};
constant uchar jpeg_q[8][8] = {
    16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55,
    14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62,
    18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92,
    49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99
};

typedef struct { char name[8]; int taps; float gain; } Filter;
constant Filter filters[3] = {
    "box", 9, 0.111111f,
    { "gauss", 9, 0.0625f },
    "log", 25, 1.0f
};

typedef struct { int lo; int hi[2]; } Band;

kernel void filter_tables(global float *out, global const float *in)
{
    const int gid = get_global_id(0);
    const float *unused = 0;
    /* a scalar initializes a whole vector element (splatted), no elision */
    float2 offsets[4] = { -1, 0, 1, (float2)(0, -1) };
    Band band = { 3, 7, 11 };
    float acc = 0.0f;
    for (int y = 0; y < 3; ++y)
        for (int x = 0; x < 3; ++x)
            acc += gauss3[y][x] * in[gid * 16 + y * 3 + x];
    float lap = 0.0f;
    for (int y = 0; y < 5; ++y)
        for (int x = 0; x < 5; ++x)
            lap += log5[y][x] * in[gid * 32 + y * 5 + x];
    global float *d = out + gid * 16;
    d[0] = acc / 16.0f;
    d[1] = lap;
    d[2] = (float)jpeg_q[gid % 8][(gid / 8) % 8];
    d[3] = offsets[gid % 4].x * 2.0f + offsets[gid % 4].y;
    d[4] = (float)(band.lo + band.hi[0] * 10 + band.hi[1] * 100);
    const Filter f = filters[gid % 3];
    d[5] = (float)f.taps * f.gain;
    d[6] = (float)(f.name[0] + f.name[1] * 2 + f.name[3] * 4 + f.name[7]);
    (void)unused;
}
