// oclc-flags: -cl-std=CL2.0
// E0408 invalid-order-value: only the five memory_order enumerators.
kernel void k(global atomic_int *p, global int *out) {
    out[0] = atomic_load_explicit(p, (memory_order)1);
//                                   ^^^^^^^^^^^^^^^ error[E0408]: `1` is not a valid memory order
    atomic_store_explicit(p, 1, (memory_order)7);
//                              ^^^^^^^^^^^^^^^ error[E0408]: `7` is not a valid memory order
    // Near miss: 2 is memory_order_acquire.
    out[1] = atomic_load_explicit(p, (memory_order)2);
}
