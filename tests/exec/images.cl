// Image kernels in the style of real image-processing code: a 3x3 box
// filter with a program-scope sampler, a sampled read through a sampler
// argument (each addressing and filter mode is chosen by the host), a
// read_write image updated in place with an image fence, 3D and 2D-array
// reads, 1D writes, unorm8 data and the queries. Every kernel runs one
// work-item per texel over a 1D range (x = id % width).

constant sampler_t clamp_nearest =
    CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

kernel void box_filter(read_only image2d_t src, write_only image2d_t dst)
{
    int w = get_image_width(src);
    int2 p = (int2)(get_global_id(0) % w, get_global_id(0) / w);
    float4 sum = (float4)(0.0f);
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            sum += read_imagef(src, clamp_nearest, p + (int2)(dx, dy));
    write_imagef(dst, p, sum / 9.0f);
}

// Literal samplers of every addressing mode, at integer coordinates
// outside the image (-1 and width), unnormalized where the mode allows.
kernel void addressing(read_only image2d_t src, global float4 *out)
{
    const sampler_t none = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_NONE | CLK_FILTER_NEAREST;
    const sampler_t clamp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;
    int w = get_image_width(src);
    out[0] = read_imagef(src, clamp, (int2)(-1, 0));
    out[1] = read_imagef(src, clamp_nearest, (int2)(w, 0));
    out[2] = read_imagef(src, none, (int2)(1, 1));
    out[3] = read_imagef(src, CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_NEAREST,
                         (float2)(1.0f + 0.5f / w, 0.5f / get_image_height(src)));
    out[4] = read_imagef(src, CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_MIRRORED_REPEAT | CLK_FILTER_NEAREST,
                         (float2)(1.0f + 0.5f / w, 0.5f / get_image_height(src)));
}

// Increments every texel in place, fences, and reads its own write back.
kernel void increment(read_write image2d_t img, global uint *seen)
{
    int w = get_image_width(img);
    int2 p = (int2)(get_global_id(0) % w, get_global_id(0) / w);
    uint4 v = read_imageui(img, p);
    write_imageui(img, p, v + (uint4)(1, 2, 3, 4));
    atomic_work_item_fence(CLK_IMAGE_MEM_FENCE, memory_order_acq_rel, memory_scope_work_item);
    seen[get_global_id(0)] = read_imageui(img, p).w;
}

kernel void queries(read_only image2d_t a, read_only image3d_t b, read_only image2d_array_t c,
                    global int *out)
{
    out[0] = get_image_width(a);
    out[1] = get_image_height(a);
    out[2] = get_image_channel_data_type(a);
    out[3] = get_image_channel_order(a);
    int4 d = get_image_dim(b);
    out[4] = d.x;
    out[5] = d.y;
    out[6] = d.z;
    out[7] = d.w;
    out[8] = get_image_depth(b);
    out[9] = (int)get_image_array_size(c);
    out[10] = get_image_channel_data_type(b);
    out[11] = get_image_channel_order(c);
}

// Reads texel (x, 1, 2) of a 3D image and layer 1 of a 2D array (signed
// ints), writes their sum to a 1D image.
kernel void volumes(read_only image3d_t vol, read_only image2d_array_t layers,
                    write_only image1d_t line)
{
    int x = get_global_id(0);
    float4 v = read_imagef(vol, (int4)(x, 1, 2, 0));
    int4 l = read_imagei(layers, (int4)(x, 0, 1, 0));
    write_imagef(line, x, v + convert_float4(l));
}

// unorm8 data: reads give [0, 1], writes round back to bytes.
kernel void invert(read_only image2d_t src, write_only image2d_t dst)
{
    int w = get_image_width(src);
    int2 p = (int2)(get_global_id(0) % w, get_global_id(0) / w);
    write_imagef(dst, p, (float4)(1.0f) - read_imagef(src, p));
}

// Depth images: a read without a sampler gives the `float` itself (an
// `OpImageRead` of a scalar), a sampled read the first component; written
// to a float image so the host sees both, scaled.
kernel void depth_reads(read_only image2d_depth_t depth, write_only image2d_t out)
{
    int w = get_image_width(depth);
    int2 p = (int2)(get_global_id(0) % w, get_global_id(0) / w);
    const sampler_t nearest = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
    float plain = read_imagef(depth, p);
    float sampled = read_imagef(depth, nearest, p + (int2)(1, 0));
    write_imagef(out, p, (float4)(plain, sampled, plain * 2.0f, 1.0f));
}
