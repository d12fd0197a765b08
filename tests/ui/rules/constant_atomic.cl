// oclc-flags: -cl-std=CL2.0
// E0412 constant-atomic: constant memory is read-only, even for atomics.
kernel void k(constant atomic_int *table, constant int *words, global atomic_int *counter, global int *out) {
    out[0] = atomic_load(table);
//                       ^^^^^ error[E0412]: `atomic_load` cannot be applied to `constant` memory
    out[1] = atomic_add(words, 1);
//                      ^^^^^ error[E0412]: `atomic_add` cannot be applied to `constant` memory
    // Near miss.
    out[2] = atomic_load(counter);
}
