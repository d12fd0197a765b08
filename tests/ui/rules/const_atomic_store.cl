// oclc-flags: -cl-std=CL2.0
// E0413 const-atomic-store: only loads may go through a pointer to const.
kernel void k(global const atomic_int *ready, global atomic_int *out) {
    atomic_store(ready, 1);
//               ^^^^^ error[E0413]: `atomic_store` cannot modify a `const`-qualified object
    atomic_fetch_add_explicit(ready, 1, memory_order_relaxed);
//                            ^^^^^ error[E0413]: `atomic_fetch_add_explicit` cannot modify a `const`-qualified object
    // Near miss: loading is fine.
    atomic_store(out, atomic_load(ready));
}
