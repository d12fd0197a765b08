// oclc-flags: -cl-std=CL1.2
// oclc-corpus: image rgba8
// Image filters as OpenCV- and GIMP-style kernels write them on 8-bit RGBA
// images: a 3x3 Gaussian blur through a clamping sampler, a Sobel edge
// magnitude, a grayscale conversion with integer coordinates, gamma and
// contrast with normalized coordinates and a linear filter, and a
// horizontal flip with the image queries.

__constant sampler_t nearest = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
__constant sampler_t linear = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_LINEAR;
__constant sampler_t border = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;

__constant float gauss[9] = { 1.0f / 16, 2.0f / 16, 1.0f / 16,
                              2.0f / 16, 4.0f / 16, 2.0f / 16,
                              1.0f / 16, 2.0f / 16, 1.0f / 16 };

__kernel void gaussian3x3(__write_only image2d_t dst, __read_only image2d_t src)
{
    int2 pos = (int2)(get_global_id(0), get_global_id(1));
    float4 sum = (float4)(0.0f);
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            sum += gauss[(dy + 1) * 3 + dx + 1] * read_imagef(src, nearest, pos + (int2)(dx, dy));
    write_imagef(dst, pos, sum);
}

__kernel void sobel(__write_only image2d_t dst, __read_only image2d_t src)
{
    int x = get_global_id(0), y = get_global_id(1);
    float4 p00 = read_imagef(src, border, (int2)(x - 1, y - 1));
    float4 p10 = read_imagef(src, border, (int2)(x, y - 1));
    float4 p20 = read_imagef(src, border, (int2)(x + 1, y - 1));
    float4 p01 = read_imagef(src, border, (int2)(x - 1, y));
    float4 p21 = read_imagef(src, border, (int2)(x + 1, y));
    float4 p02 = read_imagef(src, border, (int2)(x - 1, y + 1));
    float4 p12 = read_imagef(src, border, (int2)(x, y + 1));
    float4 p22 = read_imagef(src, border, (int2)(x + 1, y + 1));
    float4 gx = p20 + 2.0f * p21 + p22 - p00 - 2.0f * p01 - p02;
    float4 gy = p02 + 2.0f * p12 + p22 - p00 - 2.0f * p10 - p20;
    float4 magnitude = sqrt(gx * gx + gy * gy) * 0.25f;
    magnitude.w = 1.0f;
    write_imagef(dst, (int2)(x, y), clamp(magnitude, 0.0f, 1.0f));
}

__kernel void grayscale(__write_only image2d_t dst, __read_only image2d_t src)
{
    int2 pos = (int2)(get_global_id(0), get_global_id(1));
    float4 rgba = read_imagef(src, pos);
    float luma = dot(rgba.xyz, (float3)(0.299f, 0.587f, 0.114f));
    uint4 q = convert_uint4_sat_rte((float4)(luma, luma, luma, rgba.w) * 255.0f);
    write_imagef(dst, pos, convert_float4(q) / 255.0f);
}

__kernel void gamma_contrast(__write_only image2d_t dst, __read_only image2d_t src)
{
    int2 pos = (int2)(get_global_id(0), get_global_id(1));
    int2 size = get_image_dim(src);
    float2 uv = ((float2)(pos.x, pos.y) + 0.25f) / (float2)(size.x, size.y);
    float4 c = read_imagef(src, linear, uv);
    c.xyz = pow(c.xyz, (float3)(1.0f / 2.2f));
    c.xyz = mix((float3)(0.5f), c.xyz, 1.3f);
    write_imagef(dst, pos, clamp(c, 0.0f, 1.0f));
}

__kernel void flip(__write_only image2d_t dst, __read_only image2d_t src)
{
    int x = get_global_id(0), y = get_global_id(1);
    int w = get_image_width(src), h = get_image_height(dst);
    float4 mirrored = read_imagef(src, nearest, (int2)(w - 1 - x, y));
    float4 rotated = read_imagef(src, nearest, (int2)(w - 1 - x, h - 1 - y));
    write_imagef(dst, (int2)(x, y), select(rotated, mirrored.wzyx, isgreater(mirrored, (float4)(0.5f))));
}
