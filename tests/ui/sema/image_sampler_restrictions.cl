// oclc-flags: -cl-std=CL2.0
// Images and samplers are only parameters and constants (OpenCL C 3.0
// §6.11, §6.15.15): a program-scope sampler is `const` or `constant`, no
// struct member, return value, assignment or `?:` holds one. Near misses:
// a `constant` sampler, and images and samplers passed to helpers.
sampler_t loose = CLK_FILTER_NEAREST;
//        ^^^^^ error[E0315]: a program-scope sampler must be declared `const` or in the `constant` address space (OpenCL C 3.0 §6.15.15.1)
constant sampler_t fixed = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;

struct pair { image2d_t img; sampler_t s; };
//                      ^^^ error[E0315]: `image2d_t` cannot be the type of a struct or union member (OpenCL C 3.0 §6.11)
//                                     ^ error[E0315]: `sampler_t` cannot be the type of a struct or union member (OpenCL C 3.0 §6.11)

image2d_t pick(read_only image2d_t a) { return a; }
//        ^^^^^^^^^^^^^^^^^^^^^^^^^^^ error[E0315]: a function cannot return `image2d_t`: images and samplers are only parameters

static float4 fetch(read_only image2d_t img, sampler_t s) { return read_imagef(img, s, (int2)(0)); }

kernel void k(global float4 *out, read_only image2d_t a, read_only image2d_t b, sampler_t s)
{
    sampler_t t;
    t = s;
//  ^ error[E0305]: cannot assign to a sampler: samplers and images are not modified (OpenCL C 3.0 §6.15.15)
    out[0] = read_imagef(out[1].x > 0 ? a : b, s, (int2)(0));
//                       ^^^^^^^^^^^^^^^^^^^^ error[E0303]: incompatible operand types (`image2d_t` and `image2d_t`) in conditional expression
    out[2] = fetch(a, fixed) + fetch(b, s);
}
