// C11 atomics: local/global, scopes, fences, flags, program-scope atomic, compare_exchange loops (lock-free max/min on floats via uint)
global atomic_uint g_counter = ATOMIC_VAR_INIT(0);
global atomic_int g_flagish;
inline void atomic_max_float(volatile local atomic_uint *p, float v) {
    uint cur = atomic_load_explicit(p, memory_order_relaxed, memory_scope_work_group);
    while (as_float(cur) < v &&
           !atomic_compare_exchange_weak_explicit(p, &cur, as_uint(v), memory_order_relaxed, memory_order_relaxed, memory_scope_work_group))
        ;
}
kernel void c11(global uint *out, global const uint *in)
{
    local atomic_uint lmax;
    local atomic_int lsum;
    local atomic_ulong lbits;
    local atomic_flag lock;
    uint lid = get_local_id(0), gid = get_global_id(0);
    if (lid == 0) {
        atomic_init(&lmax, as_uint(-INFINITY));
        atomic_init(&lsum, 0);
        atomic_init(&lbits, 0UL);
        atomic_flag_clear_explicit(&lock, memory_order_relaxed, memory_scope_work_group);
    }
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    float v = (float)(int)(in[gid] >> 8) * 0.25f;
    atomic_max_float(&lmax, v);
    int prev = atomic_fetch_add_explicit(&lsum, (int)(in[gid] & 0xff), memory_order_relaxed, memory_scope_work_group);
    atomic_fetch_or_explicit(&lbits, 1UL << (in[gid] & 63), memory_order_acq_rel, memory_scope_work_group);
    atomic_fetch_xor(&lbits, (ulong)lid << 40);
    atomic_fetch_min_explicit(&lsum, 0x7fffffff, memory_order_seq_cst);
    atomic_work_item_fence(CLK_LOCAL_MEM_FENCE, memory_order_release, memory_scope_work_group);
    uint spins = 0;
    while (atomic_flag_test_and_set_explicit(&lock, memory_order_acquire, memory_scope_work_group)) { ++spins; if (spins > 1000000) break; }
    atomic_flag_clear_explicit(&lock, memory_order_release, memory_scope_work_group);
    work_group_barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_scope_work_group);
    atomic_fetch_add_explicit(&g_counter, 1u, memory_order_relaxed, memory_scope_device);
    out[gid] = atomic_load(&lmax);
    out[64 + gid] = atomic_load_explicit(&lsum, memory_order_acquire);
    ulong b = atomic_load_explicit(&lbits, memory_order_relaxed, memory_scope_work_group);
    out[128 + 2*gid] = (uint)b; out[129 + 2*gid] = (uint)(b >> 32);
    uint e = 12345;
    global atomic_uint *slot = (global atomic_uint *)&out[256 + gid];
    atomic_store_explicit(slot, in[gid], memory_order_relaxed);
    bool ok = atomic_compare_exchange_strong(slot, &e, 7u);
    out[320 + gid] = ok | (e == in[gid]) << 1;
    out[384 + gid] = atomic_exchange(slot, e ^ 0x55u);
}
