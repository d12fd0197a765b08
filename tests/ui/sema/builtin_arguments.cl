// oclc-flags: -cl-std=CL2.0
// E0310: a built-in called with the wrong number or types of arguments;
// near misses: correct calls.
kernel void k(global int *p, global atomic_int *a) {
    p[0] = get_global_id();
    p[1] = atomic_load(p);
    atomic_store(a, 1, 2);
    p[2] = get_global_id(0) + atomic_load(a);
    barrier(CLK_LOCAL_MEM_FENCE);
}
