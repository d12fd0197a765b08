// oclc-flags: -cl-std=CL2.0
// clang's `__opencl_atomic_*` built-ins: every order and scope rule
// applies, with fixes spelled `__ATOMIC_*` and `__OPENCL_MEMORY_SCOPE_*`.
kernel void k(global atomic_int *a, local atomic_int *l, global int *p, global atomic_uint *u, int scope) {
    int expected = 0;
    __opencl_atomic_store(a, 1, __ATOMIC_ACQ_REL, __OPENCL_MEMORY_SCOPE_DEVICE);
    //~^ error[E0401]: atomic store cannot have `__ATOMIC_ACQ_REL` ordering
    p[0] = __opencl_atomic_load(a, __ATOMIC_RELEASE, __OPENCL_MEMORY_SCOPE_DEVICE);
    //~^ error[E0402]: atomic load cannot have `__ATOMIC_RELEASE` ordering
    __opencl_atomic_compare_exchange_strong(a, &expected, 1, __ATOMIC_SEQ_CST, __ATOMIC_RELEASE, __OPENCL_MEMORY_SCOPE_DEVICE);
    //~^ error[E0404]: compare-exchange failure order cannot be `__ATOMIC_RELEASE`
    __opencl_atomic_compare_exchange_strong(a, &expected, 1, __ATOMIC_RELEASE, __ATOMIC_SEQ_CST, __OPENCL_MEMORY_SCOPE_DEVICE);
    //~^ error[E0405]: failure order `__ATOMIC_SEQ_CST` is stronger than success order `__ATOMIC_RELEASE`
    __opencl_atomic_fetch_add(a, 1, __ATOMIC_RELAXED, __OPENCL_MEMORY_SCOPE_WORK_ITEM);
    //~^ error[E0406]: `__OPENCL_MEMORY_SCOPE_WORK_ITEM` cannot be used with an atomic operation
    __opencl_atomic_fetch_add(a, 1, 9, __OPENCL_MEMORY_SCOPE_DEVICE);
    //~^ error[E0408]: `9` is not a valid memory order
    __opencl_atomic_fetch_add(a, 1, __ATOMIC_RELAXED, 7);
    //~^ error[E0409]: `7` is not a valid memory scope
    __opencl_atomic_fetch_add(a, 1, __ATOMIC_RELAXED, scope);
    //~^ warning[W0403]: memory scope argument is not a compile-time constant
    __opencl_atomic_fetch_add(l, 1, __ATOMIC_RELAXED, __OPENCL_MEMORY_SCOPE_DEVICE);
    //~^ warning[W0402]: scope `__OPENCL_MEMORY_SCOPE_DEVICE` is wider than needed
    __opencl_atomic_exchange(p, 1, __ATOMIC_RELAXED, __OPENCL_MEMORY_SCOPE_DEVICE);
    //~^ error[E0411]: requires a pointer to an atomic type
    // Near misses.
    __opencl_atomic_init(a, 0);
    __opencl_atomic_store(a, 1, __ATOMIC_RELEASE, __OPENCL_MEMORY_SCOPE_WORK_GROUP);
    p[1] = __opencl_atomic_load(l, __ATOMIC_ACQUIRE, __OPENCL_MEMORY_SCOPE_WORK_GROUP);
    while (!__opencl_atomic_compare_exchange_weak(a, &expected, 1, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE, __OPENCL_MEMORY_SCOPE_DEVICE)) {}
    p[3] = __opencl_atomic_fetch_min(a, 1, __ATOMIC_RELAXED, __OPENCL_MEMORY_SCOPE_ALL_SVM_DEVICES)
         + __opencl_atomic_fetch_max(u, 1u, __ATOMIC_RELAXED, __OPENCL_MEMORY_SCOPE_WORK_GROUP)
         + __opencl_atomic_fetch_sub(a, 1, __ATOMIC_RELAXED, __OPENCL_MEMORY_SCOPE_DEVICE);
}
