// oclc-flags: -cl-std=CL2.0
// oclc-corpus: image rgba8
// 8-bit image processing where the write conversion matters, as in
// OpenCV's OpenCL ports and GPUImage filters: write_imagef to UNORM_INT8
// with values exactly between codes, negative, above one, NaN and inf;
// linear sampling of 8-bit data at sub-texel offsets; posterize and
// dithering with integer coordinates and per-pixel threshold tables.

__constant sampler_t lin = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_LINEAR;
__constant sampler_t rep = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_LINEAR;
__constant sampler_t mir = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_MIRRORED_REPEAT | CLK_FILTER_NEAREST;

__constant uchar bayer4[16] = { 0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5 };

__kernel void write_conversion_edges(__write_only image2d_t dst, __read_only image2d_t src)
{
    int x = get_global_id(0), y = get_global_id(1);
    float v = ((float)(x + 32 * y) - 256.0f) / 255.0f;       /* exact codes, then halves */
    float h = v + 0.5f / 255.0f;
    float4 c;
    switch (y & 3) {
    case 0: c = (float4)(v, h, -v, 1.0f - h); break;
    case 1: c = (float4)(h * 4.0f, -0.0f, v * 1e30f, 0.5f); break;
    case 2: c = (float4)(NAN, INFINITY, -INFINITY, v); break;
    default: c = (float4)(sqrt(v), 1.0f / v, 0.49999997f / 255.0f, 254.5f / 255.0f); break;
    }
    write_imagef(dst, (int2)(x, y), c);
}

__kernel void subtexel_linear(__write_only image2d_t dst, __read_only image2d_t src)
{
    int x = get_global_id(0), y = get_global_id(1);
    float2 p = (float2)(x + 0.5f + (x & 3) * 0.125f, y + 0.5f + (y & 3) * 0.3f);
    float4 a = read_imagef(src, lin, p);
    float4 b = read_imagef(src, rep, (float2)(x * 0.0371f - 0.3f, y * 0.041f + 1.7f));
    float4 c = read_imagef(src, mir, (float2)(x * 0.11f - 1.2f, 2.9f - y * 0.07f));
    write_imagef(dst, (int2)(x, y), (a + b + c) * (1.0f / 3.0f));
}

__kernel void ordered_dither(__write_only image2d_t dst, __read_only image2d_t src)
{
    int x = get_global_id(0), y = get_global_id(1);
    float4 c = read_imagef(src, (int2)(x, y));
    float t = (bayer4[(y & 3) * 4 + (x & 3)] + 0.5f) / 16.0f;
    float4 levels = 3.0f;
    float4 q = floor(c * levels + t) / levels;
    uint4 u = convert_uint4_sat_rte(c * 255.0f);
    float4 post = convert_float4(u & (uint4)0xe0) / 255.0f;
    write_imagef(dst, (int2)(x, y), select(q, post, (int4)((x ^ y) & 1 ? -1 : 0)));
}
