// oclc-flags: -cl-std=CL2.0
// oclc-corpus: image rgbaf
// HDR post-processing on float RGBA images, darktable- and Blender-style:
// Reinhard tone mapping with exposure, a bilinear downscale-upscale with
// normalized coordinates, a box blur that stages a tile in local memory,
// and a vignette computed from normalized coordinates.

__constant sampler_t px = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
__constant sampler_t bilinear = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_LINEAR;

#define TILE 8
#define RADIUS 1

float luminance(float4 c) { return 0.2126f * c.x + 0.7152f * c.y + 0.0722f * c.z; }

kernel void reinhard(write_only image2d_t dst, read_only image2d_t src)
{
    int2 pos = (int2)(get_global_id(0), get_global_id(1));
    float4 c = read_imagef(src, px, pos) * 2.5f;
    float l = luminance(c);
    float mapped = l * (1.0f + l / (1.2f * 1.2f)) / (1.0f + l);
    float4 out = c * (mapped / fmax(l, 1e-4f));
    out.w = 1.0f;
    write_imagef(dst, pos, out);
}

kernel void rescale(write_only image2d_t dst, read_only image2d_t src)
{
    int2 pos = (int2)(get_global_id(0), get_global_id(1));
    float2 size = convert_float2(get_image_dim(src));
    float2 uv = (convert_float2(pos) + 0.5f) / size;
    float2 coarse = floor(uv * 8.0f) / 8.0f + 1.0f / 16.0f;
    write_imagef(dst, pos, 0.5f * (read_imagef(src, bilinear, uv) + read_imagef(src, bilinear, coarse)));
}

kernel void box_blur(write_only image2d_t dst, read_only image2d_t src)
{
    local float4 tile[TILE + 2 * RADIUS][TILE + 2 * RADIUS];
    int lx = get_local_id(0), ly = get_local_id(1);
    int gx = get_global_id(0), gy = get_global_id(1);
    int bx = gx - lx - RADIUS, by = gy - ly - RADIUS;
    for (int y = ly; y < TILE + 2 * RADIUS; y += TILE)
        for (int x = lx; x < TILE + 2 * RADIUS; x += TILE)
            tile[y][x] = read_imagef(src, px, (int2)(bx + x, by + y));
    barrier(CLK_LOCAL_MEM_FENCE);
    float4 sum = 0.0f;
    for (int dy = 0; dy <= 2 * RADIUS; dy++)
        for (int dx = 0; dx <= 2 * RADIUS; dx++)
            sum += tile[ly + dy][lx + dx];
    write_imagef(dst, (int2)(gx, gy), sum / (float)((2 * RADIUS + 1) * (2 * RADIUS + 1)));
}

kernel void vignette(write_only image2d_t dst, read_only image2d_t src)
{
    int2 pos = (int2)(get_global_id(0), get_global_id(1));
    float2 size = (float2)(get_image_width(src), get_image_height(src));
    float2 d = (convert_float2(pos) + 0.5f) / size - 0.5f;
    float falloff = smoothstep(0.8f, 0.2f, length(d) * 1.4142135f);
    float4 c = read_imagef(src, px, pos);
    write_imagef(dst, pos, (float4)(c.xyz * falloff, c.w));
}
