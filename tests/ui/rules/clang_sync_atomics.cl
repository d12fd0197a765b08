// oclc-flags: -cl-std=CL2.0
// clang's legacy GNU `__sync_*` built-ins: seq_cst at device scope, so no
// order rule can fire; they compile, with extra arguments ignored as
// clang ignores them.
kernel void k(global int *p, global uint *u, local int *l) {
    p[0] = __sync_fetch_and_add(p, 1) + __sync_add_and_fetch(l, 1);
    p[1] = __sync_fetch_and_sub(p, 1, __ATOMIC_RELAXED) + __sync_sub_and_fetch(p, 1);
    p[2] = __sync_fetch_and_and(p, 1) | __sync_or_and_fetch(p, 2) | __sync_fetch_and_xor(p, 4);
    p[3] = __sync_fetch_and_min(p, -1) + __sync_fetch_and_max(p, 1);
    u[0] = __sync_fetch_and_umin(u, 1u) + __sync_fetch_and_umax(u, 2u);
    p[4] = __sync_fetch_and_umin(p, 1);
    p[5] = __sync_val_compare_and_swap(p, 0, 1);
    p[6] = __sync_bool_compare_and_swap(l, 0, 1);
    p[7] = __sync_lock_test_and_set(p, 1) + __sync_swap(p, 2);
    __sync_lock_release(p);
    __sync_synchronize();
    p[8] = __sync_fetch_and_nand(p, 1) + __sync_nand_and_fetch(l, 1);
}
