// oclc-flags: -target vulkan1.2
// From SPIR-V 1.4 on, `#pragma unroll N` and `opencl_unroll_hint(N)` are
// `PartialCount N`.
kernel void loops(global int *p, int n) {
#pragma unroll 4
    for (int i = 0; i < n; i++) p[i] = i;
    __attribute__((opencl_unroll_hint(2)))
    for (int i = 0; i < n; i++) p[i] += 1;
#pragma unroll 1
    for (int i = 0; i < n; i++) p[i] *= 3;
#pragma unroll
    for (int i = 0; i < 4; i++) p[i] -= 1;
}
