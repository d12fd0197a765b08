// Explicit conversions with saturation and rounding, and reinterpretation,
// as image and quantisation kernels use them (float pixels to uchar,
// fixed-point rounding, bit tricks on floats).

kernel void float_to_int(global const float *in, global int *out) {
    size_t i = get_global_id(0);
    float x = in[i];
    out[i * 6 + 0] = convert_int(x);          // toward zero, undefined out of range
    out[i * 6 + 1] = convert_int_sat(x);
    out[i * 6 + 2] = convert_int_sat_rte(x);
    out[i * 6 + 3] = convert_int_sat_rtp(x);
    out[i * 6 + 4] = convert_int_sat_rtn(x);
    out[i * 6 + 5] = convert_uchar_sat_rte(x);
}

kernel void int_to_narrow(global const int *in, global int *out) {
    size_t i = get_global_id(0);
    int x = in[i];
    out[i * 5 + 0] = convert_uchar_sat(x);
    out[i * 5 + 1] = convert_short_sat(x);
    out[i * 5 + 2] = (int)convert_uint_sat(x);
    out[i * 5 + 3] = convert_int_sat((uint)x);
    out[i * 5 + 4] = convert_char(x);
}

kernel void pixels(global const float4 *in, global uchar4 *out, global uint *bits) {
    size_t i = get_global_id(0);
    float4 p = in[i] * 255.0f;
    out[i] = convert_uchar4_sat_rte(p);
    bits[i * 3 + 0] = as_uint(in[i].x);
    uchar4 b = as_uchar4(bits[i * 3 + 0]);
    bits[i * 3 + 1] = b.s0 + b.s1 * 3u + b.s2 * 5u + b.s3 * 7u;
    int4 q = convert_int4(in[i] * 8.0f);
    bits[i * 3 + 2] = as_uint(convert_float_rtp(q.x + q.y + 16777216));
}
