// oclc-flags: -cl-std=CL2.0
// W0403 non-constant-order: orders and scopes should be constants.
kernel void k(global atomic_int *p, int order, int scope) {
    atomic_store_explicit(p, 1, order);
//                              ^^^^^ warning[W0403]: memory order argument is not a compile-time constant
    atomic_store_explicit(p, 1, memory_order_release, scope);
//                                                    ^^^^^ warning[W0403]: memory scope argument is not a compile-time constant
    // Near miss: a constant expression folds.
    atomic_store_explicit(p, 1, memory_order_relaxed + 0);
}
