// oclc-flags: -cl-std=CL2.0
// Loop pragmas and `opencl_unroll_hint` become OpLoopMerge loop controls;
// a SPIR-V 1.0 module has no PartialCount, so counts are dropped there
// (as llvm-spirv-15 --spirv-max-version=1.0 drops them).
#define N 4
kernel void loops(global int *p, int n) {
#pragma unroll
    for (int i = 0; i < n; i++) p[i] = i;
#pragma nounroll
    for (int i = 0; i < n; i++) p[i] += 1;
#pragma unroll N
    for (int i = 0; i < n; i++) p[i] *= 2;
    int j = 0;
    __attribute__((opencl_unroll_hint))
    while (j < n) { p[j] -= 1; j++; }
    __attribute__((opencl_unroll_hint(1)))
    do { p[j] ^= 3; j--; } while (j > 0);
    _Pragma("unroll 8")
    for (int i = 0; i < n; i++) p[i] |= 4;
}
