// oclc-flags: -cl-std=CL1.2
// oclc-corpus: image rgbaf
// Texture-sampling conformance in the style of the Khronos CTS image tests
// and of texture-mapping samples: every addressing mode with nearest and
// linear filtering, normalized and unnormalized float coordinates sampled
// exactly on texel centres, on texel edges, and outside the image, plus
// integer coordinates, on a float RGBA image.

__constant sampler_t s_none_n   = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_NONE | CLK_FILTER_NEAREST;
__constant sampler_t s_edge_n   = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
__constant sampler_t s_clamp_n  = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;
__constant sampler_t s_edge_l   = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_LINEAR;
__constant sampler_t s_clamp_l  = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_LINEAR;
__constant sampler_t n_edge_n   = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
__constant sampler_t n_clamp_l  = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP | CLK_FILTER_LINEAR;
__constant sampler_t n_rep_n    = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_NEAREST;
__constant sampler_t n_rep_l    = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_LINEAR;
__constant sampler_t n_mir_n    = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_MIRRORED_REPEAT | CLK_FILTER_NEAREST;
__constant sampler_t n_mir_l    = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_MIRRORED_REPEAT | CLK_FILTER_LINEAR;

/* unnormalized: texel centres, then edges (integer coords), then outside */
__kernel void unnormalized_modes(__write_only image2d_t dst, __read_only image2d_t src)
{
    int x = get_global_id(0), y = get_global_id(1);
    float2 centre = (float2)(x + 0.5f, y + 0.5f);
    float2 edge = (float2)(x, y);
    float2 outside = (float2)(x * 1.75f - 12.0f, y * 1.5f - 8.25f);
    int sel = (x + y) & 7;
    float4 c;
    switch (sel) {
    case 0: c = read_imagef(src, s_edge_n, edge); break;
    case 1: c = read_imagef(src, s_edge_l, edge); break;
    case 2: c = read_imagef(src, s_clamp_l, outside); break;
    case 3: c = read_imagef(src, s_clamp_n, outside); break;
    case 4: c = read_imagef(src, s_edge_l, outside + 0.25f); break;
    case 5: c = read_imagef(src, s_none_n, centre); break;
    case 6: c = read_imagef(src, s_edge_l, centre + (float2)(0.5f, -0.25f)); break;
    default: c = read_imagef(src, s_clamp_l, edge + (float2)(0.3f, 0.7f)); break;
    }
    write_imagef(dst, (int2)(x, y), c);
}

__kernel void normalized_modes(__write_only image2d_t dst, __read_only image2d_t src)
{
    int x = get_global_id(0), y = get_global_id(1);
    float2 size = convert_float2(get_image_dim(src));
    float2 uv = ((float2)(x, y) + 0.5f) / size;
    float2 uv_edge = (float2)(x, y) / size;
    float2 uv_out = uv * 2.75f - 0.875f;
    int sel = (x * 3 + y) % 7;
    float4 c;
    switch (sel) {
    case 0: c = read_imagef(src, n_edge_n, uv_out); break;
    case 1: c = read_imagef(src, n_clamp_l, uv_out); break;
    case 2: c = read_imagef(src, n_rep_n, uv_out); break;
    case 3: c = read_imagef(src, n_rep_l, uv_out); break;
    case 4: c = read_imagef(src, n_mir_n, uv_out); break;
    case 5: c = read_imagef(src, n_mir_l, uv_out); break;
    default: c = read_imagef(src, n_rep_l, uv_edge); break;
    }
    write_imagef(dst, (int2)(x, y), c);
}

/* integer coordinates with each sampler (nearest only is allowed) */
__kernel void integer_coords(__write_only image2d_t dst, __read_only image2d_t src)
{
    int x = get_global_id(0), y = get_global_id(1);
    int2 p = (int2)(x - 4, y * 2 - 16);
    float4 a = read_imagef(src, s_clamp_n, p);
    float4 b = read_imagef(src, s_edge_n, p);
    float4 c = read_imagef(src, (int2)(x ^ 1, y));
    write_imagef(dst, (int2)(x, y), a * 0.5f + b * 0.25f + c * 0.25f);
}

/* a sampler passed as a kernel-local constant into a helper */
inline float4 tap(read_only image2d_t img, sampler_t s, float2 p) { return read_imagef(img, s, p); }

__kernel void bilinear_zoom(__write_only image2d_t dst, __read_only image2d_t src)
{
    const sampler_t smp = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_MIRRORED_REPEAT | CLK_FILTER_LINEAR;
    int x = get_global_id(0), y = get_global_id(1);
    float2 uv = (float2)(x, y) * (1.0f / 96.0f) + (float2)(0.1f, -0.2f);
    float4 c = tap(src, smp, uv) - tap(src, s_clamp_l, (float2)(x, y) * 0.33f + 31.0f);
    write_imagef(dst, (int2)(x, y), c);
}
