// oclc-flags: -cl-std=CL3.0
// Images: OpTypeImage per dimensionality and access qualifier, a literal
// sampler (OpConstantSampler), sampled reads (OpSampledImage +
// OpImageSampleExplicitLod Lod 0), unsampled reads and writes, the size
// and format queries (the channel type offset by CLK_SNORM_INT8), and the
// image fence of a read_write image.
constant sampler_t edge = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

kernel void sharpen(read_only image2d_t src, write_only image2d_t dst, read_write image2d_t acc,
                    global int *info)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    float4 c = read_imagef(src, edge, p) * 5.0f;
    c -= read_imagef(src, edge, p + (int2)(1, 0)) + read_imagef(src, edge, p - (int2)(1, 0));
    write_imagef(dst, p, c);
    uint4 n = read_imageui(acc, p);
    write_imageui(acc, p, n + (uint4)(1));
    atomic_work_item_fence(CLK_IMAGE_MEM_FENCE, memory_order_acq_rel, memory_scope_work_item);
    if (p.x == 0 && p.y == 0) {
        info[0] = get_image_width(src) * get_image_height(src);
        info[1] = get_image_channel_data_type(dst);
    }
}
