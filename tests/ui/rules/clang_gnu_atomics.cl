// oclc-flags: -cl-std=CL2.0
// clang's GNU `__atomic_*` built-ins on plain objects: every order rule
// applies, with fixes spelled `__ATOMIC_*`.
kernel void k(global int *p, global uint *u, local int *l, int order) {
    int expected = 0;
    __atomic_store_n(p, 1, __ATOMIC_ACQUIRE);
    //~^ error[E0401]: atomic store cannot have `__ATOMIC_ACQUIRE` ordering
    __atomic_store(p, p + 1, __ATOMIC_ACQ_REL);
    //~^ error[E0401]: atomic store cannot have `__ATOMIC_ACQ_REL` ordering
    p[2] = __atomic_load_n(p, __ATOMIC_RELEASE);
    //~^ error[E0402]: atomic load cannot have `__ATOMIC_RELEASE` ordering
    __atomic_load(p, p + 3, __ATOMIC_ACQ_REL);
    //~^ error[E0402]: atomic load cannot have `__ATOMIC_ACQ_REL` ordering
    __atomic_clear(p, __ATOMIC_ACQUIRE);
    //~^ error[E0403]: `__atomic_clear` cannot have `__ATOMIC_ACQUIRE` ordering
    __atomic_compare_exchange_n(p, &expected, 1, false, __ATOMIC_ACQ_REL, __ATOMIC_RELEASE);
    //~^ error[E0404]: compare-exchange failure order cannot be `__ATOMIC_RELEASE`
    __atomic_compare_exchange(p, &expected, p + 4, false, __ATOMIC_ACQUIRE, __ATOMIC_SEQ_CST);
    //~^ error[E0405]: failure order `__ATOMIC_SEQ_CST` is stronger than success order `__ATOMIC_ACQUIRE`
    __atomic_fetch_add(p, 1, 7);
    //~^ error[E0408]: `7` is not a valid memory order
    __atomic_fetch_or(p, 1, order);
    //~^ warning[W0403]: memory order argument is not a compile-time constant
    __atomic_fetch_nand(p, 1, 6);
    //~^ error[E0408]: `6` is not a valid memory order
    __atomic_nand_fetch(p, 1, order);
    //~^ warning[W0403]: memory order argument is not a compile-time constant
    __atomic_thread_fence(__ATOMIC_RELAXED);
    //~^ warning[W0401]: `__atomic_thread_fence` with `__ATOMIC_RELAXED` has no effect
    __atomic_compare_exchange_n(p, &expected, 1, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
    //~^ warning[W0405]: result of `__atomic_compare_exchange_n` is ignored
    // Near misses: every allowed order, on global and local objects.
    __atomic_store_n(l, 1, __ATOMIC_RELEASE);
    __atomic_store_n(p, 1, __ATOMIC_RELAXED);
    __atomic_store_n(p, 1, __ATOMIC_SEQ_CST);
    p[5] = __atomic_load_n(l, __ATOMIC_ACQUIRE);
    p[6] = __atomic_load_n(p, __ATOMIC_CONSUME);
    p[7] = __atomic_exchange_n(p, 3, __ATOMIC_ACQ_REL);
    p[8] = __atomic_compare_exchange_n(p, &expected, 1, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
    p[9] = __atomic_compare_exchange_n(p, &expected, 1, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    while (!__atomic_compare_exchange_n(p, &expected, 1, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {}
    p[10] = __atomic_fetch_sub(l, 1, __ATOMIC_RELAXED) + __atomic_add_fetch(p, 1, __ATOMIC_RELEASE);
    u[0] = __atomic_fetch_min(u, 1u, __ATOMIC_ACQUIRE) + __atomic_max_fetch(u, 2u, __ATOMIC_ACQ_REL);
    p[11] = __atomic_fetch_and(p, 1, __ATOMIC_ACQ_REL) ^ __atomic_xor_fetch(p, 1, __ATOMIC_SEQ_CST);
    p[12] = __atomic_test_and_set(p + 13, __ATOMIC_ACQUIRE);
    __atomic_clear(p + 13, __ATOMIC_RELEASE);
    __atomic_thread_fence(__ATOMIC_ACQ_REL);
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    __atomic_signal_fence(__ATOMIC_RELAXED);
    p[14] = __atomic_always_lock_free(4, 0) + __atomic_is_lock_free(8, p);
    p[15] = __atomic_fetch_nand(l, 3, __ATOMIC_RELEASE) + __atomic_nand_fetch(p, 3, __ATOMIC_CONSUME);
}
