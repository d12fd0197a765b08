// oclc-flags: -cl-std=CL3.0
// Images: access qualifiers, samplers, coordinates and the restrictions
// OpenCL C 3.0 §6.13.14 and §6.15.15 place on images.
constant sampler_t nearest = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;

kernel void reads_write_only(write_only image2d_t img, global float4 *o) {
    o[0] = read_imagef(img, (int2)(0));
//                     ^^^ error[E0310]: `read_imagef` reads a `write_only` image
}

kernel void writes_read_only(image2d_t img) {
    write_imagef(img, (int2)(0), (float4)(1.0f));
//               ^^^ error[E0310]: `write_imagef` writes a `read_only` image (images are `read_only` unless declared `write_only` or `read_write`)
}

kernel void samples_read_write(read_write image2d_t img, global float4 *o) {
    o[0] = read_imagef(img, nearest, (int2)(0));
//                     ^^^ error[E0310]: a `read_write` image cannot be read with a sampler (OpenCL C 3.0 §6.15.15.6)
}

kernel void float_coordinates_need_a_sampler(image2d_t img, global float4 *o) {
    o[0] = read_imagef(img, (float2)(0.5f));
//                                   ^^^^ error[E0310]: no matching overload of `read_imagef`: expected `int2` coordinates, found `float2`
}

kernel void depth_images_read_float(image2d_depth_t img, global int4 *o) {
    o[0] = read_imagei(img, nearest, (int2)(0));
//                     ^^^ error[E0310]: depth images are read with `read_imagef`, not `read_imagei`
}

kernel void no_height_for_1d(image1d_t img, global int *o) {
    o[0] = get_image_height(img);
//                          ^^^ error[E0310]: `get_image_height` does not apply to `image1d_t`
}

kernel void image_variables(image2d_t img, global int *o) {
    image2d_t copy = img;
//            ^^^^ error[E0315]: an image cannot be a variable, an array element or a struct member: images are only kernel and function parameters (OpenCL C 3.0 §6.13.14)
}

void helper(image2d_t *p);
//                    ^ error[E0315]: pointers to images are not allowed (OpenCL C 3.0 §6.13.14); pass the image itself

kernel void sampler_not_constant(image2d_t img, int bits, global float4 *o) {
    const sampler_t s = bits;
//                      ^^^^ error[E0313]: a sampler must be initialized with a constant combination of `CLK_NORMALIZED_COORDS_*`, `CLK_ADDRESS_*` and `CLK_FILTER_*`
    o[0] = read_imagef(img, nearest, (int2)(0));
}

// Near misses: every valid form.
float4 fetch(read_only image2d_t img, sampler_t s, int2 at) { return read_imagef(img, s, at); }
kernel void valid(read_only image2d_t src, write_only image2d_t dst, read_write image3d_t vol,
                  sampler_t s, global int *o) {
    int2 p = (int2)(get_global_id(0), 0);
    const sampler_t local_sampler = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_LINEAR;
    float4 a = fetch(src, s, p) + read_imagef(src, local_sampler, (float2)(0.25f, 0.75f));
    a += read_imagef(src, CLK_NORMALIZED_COORDS_FALSE | CLK_FILTER_NEAREST, p);
    write_imagef(dst, p, a);
    write_imageui(vol, (int4)(p, 0, 0), read_imageui(vol, (int4)(p, 1, 0)));
    o[0] = get_image_width(src) + get_image_dim(vol).z + get_image_channel_order(dst);
}
