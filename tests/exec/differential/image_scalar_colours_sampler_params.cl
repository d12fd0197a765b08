// oclc-corpus: image rgba8
// Image idioms of raw-processing and filter code: a scalar written as a
// colour (`write_imagef(out, p, luma)`, splatted as clang's overloads
// convert it), a `#define SAMPLER (CLK_…)` constant passed to a helper's
// `sampler_t` parameter, and a kernel-scope sampler initialised from
// another sampler.

#define SAMPLER (CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST)
#define SAMPLER_WRAP (CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_LINEAR)

static float4 fetch(read_only image2d_t img, sampler_t s, int2 p)
{
    sampler_t used = s;
    return read_imagef(img, used, p);
}

static float4 fetch_norm(read_only image2d_t img, sampler_t s, float2 uv)
{
    return read_imagef(img, s, uv);
}

kernel void luma(write_only image2d_t out, read_only image2d_t in)
{
    const int2 p = (int2)(get_global_id(0), get_global_id(1));
    const float4 c = fetch(in, SAMPLER, p);
    const float y = 0.299f * c.x + 0.587f * c.y + 0.114f * c.z;
    if ((p.x + p.y) & 1)
        write_imagef(out, p, y);
    else
        write_imagef(out, p, 0.5f);
}

kernel void shifted_blend(write_only image2d_t out, read_only image2d_t in)
{
    const int2 p = (int2)(get_global_id(0), get_global_id(1));
    const float4 a = fetch(in, SAMPLER, p + (int2)(3, -2));
    const float2 uv = ((float2)(p.x, p.y) + 0.5f) / 32.0f + (float2)(0.25f, 0.125f);
    const float4 b = fetch_norm(in, SAMPLER_WRAP, uv);
    write_imagef(out, p, mix(a, b, 0.25f));
}

kernel void threshold(write_only image2d_t out, read_only image2d_t in)
{
    const int2 p = (int2)(get_global_id(0), get_global_id(1));
    const float4 c = read_imagef(in, SAMPLER, p);
    write_imagef(out, p, c.x > 0.5f ? 1 : 0);
}
