// oclc-flags: -cl-std=CL2.0
// clang's `__c11_atomic_*` built-ins on atomic objects: every order rule
// applies, with fixes spelled `__ATOMIC_*`.
kernel void k(global atomic_int *a, global int *p, global atomic_float *f, int order) {
    int expected = 0;
    __c11_atomic_store(a, 1, __ATOMIC_ACQUIRE);
    //~^ error[E0401]: atomic store cannot have `__ATOMIC_ACQUIRE` ordering
    p[0] = __c11_atomic_load(a, __ATOMIC_RELEASE);
    //~^ error[E0402]: atomic load cannot have `__ATOMIC_RELEASE` ordering
    __c11_atomic_compare_exchange_strong(a, &expected, 1, __ATOMIC_ACQ_REL, __ATOMIC_ACQ_REL);
    //~^ error[E0404]: compare-exchange failure order cannot be `__ATOMIC_ACQ_REL`
    __c11_atomic_compare_exchange_strong(a, &expected, 1, __ATOMIC_RELAXED, __ATOMIC_ACQUIRE);
    //~^ error[E0405]: failure order `__ATOMIC_ACQUIRE` is stronger than success order `__ATOMIC_RELAXED`
    __c11_atomic_fetch_add(a, 1, 6);
    //~^ error[E0408]: `6` is not a valid memory order
    __c11_atomic_exchange(a, 1, order);
    //~^ warning[W0403]: memory order argument is not a compile-time constant
    __c11_atomic_thread_fence(__ATOMIC_RELAXED);
    //~^ warning[W0401]: `__c11_atomic_thread_fence` with `__ATOMIC_RELAXED` has no effect
    __c11_atomic_store(p, 1, __ATOMIC_RELAXED);
    //~^ error[E0411]: requires a pointer to an atomic type
    __c11_atomic_compare_exchange_weak(a, &expected, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
    //~^ warning[W0405]: result of `__c11_atomic_compare_exchange_weak` is ignored
    // Near misses.
    __c11_atomic_init(a, 0);
    __c11_atomic_store(a, 1, __ATOMIC_RELEASE);
    p[1] = __c11_atomic_load(a, __ATOMIC_ACQUIRE) + __c11_atomic_fetch_sub(a, 1, __ATOMIC_ACQ_REL);
    p[2] = __c11_atomic_compare_exchange_strong(a, &expected, 1, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    p[3] = __c11_atomic_fetch_and(a, 1, __ATOMIC_RELAXED) | __c11_atomic_fetch_or(a, 1, __ATOMIC_RELAXED)
         | __c11_atomic_fetch_xor(a, 1, __ATOMIC_RELAXED) | __c11_atomic_fetch_min(a, 1, __ATOMIC_RELAXED)
         | __c11_atomic_fetch_max(a, 1, __ATOMIC_RELAXED);
    p[4] = (int)__c11_atomic_fetch_add(f, 1.0f, __ATOMIC_RELAXED);
    __c11_atomic_thread_fence(__ATOMIC_SEQ_CST);
    __c11_atomic_signal_fence(__ATOMIC_SEQ_CST);
    p[5] = __c11_atomic_is_lock_free(4);
}
