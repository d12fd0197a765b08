// oclc-flags: -cl-std=CL2.0
// Constructs of OpenCL C that once parsed without compiling (vectors,
// images, strings): they compile now, and none is a parse error.
kernel void vectors(global float4 *out, global int2 *iv, global uchar16 *cv) {
    // Near misses: vector literals and components compile.
    float4 v = (float4)(1.0f, 2.0f, 3.0f, 4.0f);
    out[0] = v;
    out[1].x = iv[0].y;
}
kernel void images(read_only image2d_t img, sampler_t smp, write_only image1d_t out1) {
}
kernel void strings(global char *out) {
    out[0] = "text"[0];
}
