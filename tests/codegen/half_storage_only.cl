// oclc-flags: -cl-std=CL2.0
// `half` only as storage, through vload_half/vstore_half without
// cl_khr_fp16: the module declares Float16Buffer, not Float16, as
// llvm-spirv does, so drivers without fp16 arithmetic accept it.
kernel void scale_half_buffer(global half *data, float gain)
{
    size_t i = get_global_id(0);
    float x = vload_half(i, data);
    vstore_half_rte(x * gain, i, data);
    float4 v = vload_half4(i, data + 64);
    vstorea_half4_rtz(v + 1.0f, i, data + 64);
}
