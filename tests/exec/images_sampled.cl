// A sampled read through a sampler argument (the host picks the filter),
// in a file of its own: llvm-spirv-15 aborts ("Inconsistent operand
// types") on a module holding this kernel and images.cl's box filter, and
// the execution tests also run under that reference pipeline.

// Samples `src` at the coordinates in `coords` (x, y pairs, normalized or
// not as the sampler says) and stores the texels.
kernel void sample(read_only image2d_t src, sampler_t s, global const float2 *coords,
                   global float4 *out)
{
    size_t i = get_global_id(0);
    out[i] = read_imagef(src, s, coords[i]);
}
