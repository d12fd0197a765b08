// oclc-flags: -cl-std=CL2.0
// W0406 deprecated-atomics is off by default: nothing is reported.
kernel void k(global int *legacy) {
    atomic_inc(legacy);
    mem_fence(CLK_GLOBAL_MEM_FENCE);
}
