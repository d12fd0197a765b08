// oclc-flags: -cl-std=CL2.0
// `restrict` pointer parameters are `FuncParamAttr NoAlias`, in kernels
// and helpers alike, as llvm-spirv marks clang's `noalias`; other
// parameters carry nothing.
static float4 scaled(const global float4 *restrict v, float s, int i) {
    return v[i] * s;
}

kernel void step(global float4 *restrict out, const global float4 *restrict in,
                 global float *f, float s) {
    int i = get_global_id(0);
    out[i] = scaled(in, s, i);
    f[i] = f[i] + s;
}
