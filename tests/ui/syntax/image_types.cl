// oclc-flags: -cl-std=CL2.0
// oclc-no-compile: the SPIR-V back end does not emit image types yet.
// Image and sampler type names, with access qualifiers, as kernel
// parameters and helper parameters.
int width_of(read_only image2d_t img) { return 0; }
kernel void images(read_only image2d_t a, __write_only image2d_t b, read_write image3d_t c,
                   image1d_t d, image1d_buffer_t e, image1d_array_t f, image2d_array_t g,
                   image2d_depth_t h, image2d_array_depth_t i, sampler_t smp, global int *out) {
    out[0] = width_of(a);
}
