// oclc-flags: -cl-std=CL1.2
// AMD SDK SobelFilter: edge detection on a 64x64 RGBA8 buffer (uchar4 per
// pixel), gradient magnitude via float4 hypot and saturated convert, plus a
// luminance/threshold variant driven by __constant 3x3 kernel tables.

#define IMG_W 64
#define IMG_H 64
#define THRESHOLD 96.0f

__kernel void sobel_filter(__global uchar4 *out, __global const uchar4 *in)
{
    __global const uchar4 *inputImage = in;
    __global uchar4 *outputImage = out;
    uint x = get_global_id(0);
    uint width  = IMG_W;
    uint height = IMG_H;

    for (uint y = 0; y < height; y++) {
        float4 Gx = (float4)(0);
        float4 Gy = Gx;

        int c = x + y * width;

        /* Read each texel component and calculate the filtered value using neighbouring texel components */
        if (x >= 1 && x < (width - 1) && y >= 1 && y < height - 1) {
            float4 i00 = convert_float4(inputImage[c - 1 - width]);
            float4 i10 = convert_float4(inputImage[c - width]);
            float4 i20 = convert_float4(inputImage[c + 1 - width]);
            float4 i01 = convert_float4(inputImage[c - 1]);
            float4 i11 = convert_float4(inputImage[c]);
            float4 i21 = convert_float4(inputImage[c + 1]);
            float4 i02 = convert_float4(inputImage[c - 1 + width]);
            float4 i12 = convert_float4(inputImage[c + width]);
            float4 i22 = convert_float4(inputImage[c + 1 + width]);

            Gx = i00 + (float4)(2) * i10 + i20 - i02 - (float4)(2) * i12 - i22;
            Gy = i00 - i20 + (float4)(2) * i01 - (float4)(2) * i21 + i02 - i22;

            /* taking root of sums of squares of Gx and Gy */
            outputImage[c] = convert_uchar4_sat(hypot(Gx, Gy) / (float4)(2));
            (void)i11;
        }
    }
}

/* Luminance-only variant with threshold, using a __constant kernel table. */
__constant int sobelX[9] = { -1, 0, 1, -2, 0, 2, -1, 0, 1 };
__constant int sobelY[9] = { -1, -2, -1, 0, 0, 0, 1, 2, 1 };

inline float luma(uchar4 p)
{
    return dot(convert_float4(p).xyz, (float3)(0.299f, 0.587f, 0.114f));
}

__kernel void sobel_threshold(__global uchar *out, __global const uchar4 *in)
{
    const int width = IMG_W, height = IMG_H;
    const float thresh = THRESHOLD;
    __global const uchar4 *src = in;
    __global uchar *dst = out;
    int x = get_global_id(0);
    if (x >= width)
        return;

    for (int y = 0; y < height; y++) {
        float gx = 0.0f, gy = 0.0f;
        for (int j = -1; j <= 1; j++) {
            int yy = clamp(y + j, 0, height - 1);
            for (int i = -1; i <= 1; i++) {
                int xx = clamp(x + i, 0, width - 1);
                float l = luma(src[yy * width + xx]);
                int k = (j + 1) * 3 + (i + 1);
                gx = fma((float)sobelX[k], l, gx);
                gy = fma((float)sobelY[k], l, gy);
            }
        }
        float mag = sqrt(gx * gx + gy * gy);
        dst[y * width + x] = (mag > thresh) ? (uchar)255 : (uchar)(mag * 0.5f);
    }
}
