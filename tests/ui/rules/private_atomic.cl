// oclc-flags: -cl-std=CL2.0
// W0404 private-atomic: atomics on private memory are undefined.
void on_private(private atomic_int *mine) {
    atomic_store(mine, 1);
//               ^^^^ warning[W0404]: `atomic_store` on an object in `private` memory has undefined behaviour
}

// Near miss: global memory.
void on_global(global atomic_int *shared) {
    atomic_store(shared, 1);
}

kernel void k(global atomic_int *shared) {
    on_global(shared);
}
