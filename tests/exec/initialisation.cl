// Initialising atomics: program-scope objects with ATOMIC_VAR_INIT and
// ATOMIC_FLAG_INIT (kept across launches of the same program), and a local
// atomic set up with atomic_init by one work-item before a barrier.

global atomic_int counter = ATOMIC_VAR_INIT(100);
global atomic_long wide = ATOMIC_VAR_INIT(0x123456789aL);
global atomic_flag once = ATOMIC_FLAG_INIT;

// out = { counter, wide's low and high halves, whether `once` was set }.
kernel void read_state(global int *out) {
    out[0] = atomic_load(&counter);
    long w = atomic_load_explicit(&wide, memory_order_acquire);
    out[1] = (int)(w & 0xffffffff);
    out[2] = (int)(w >> 32);
    out[3] = atomic_flag_test_and_set(&once);
}

kernel void bump(global int *olds) {
    olds[get_global_id(0)] = atomic_fetch_add_explicit(&counter, 1, memory_order_relaxed);
    atomic_fetch_add(&wide, 0x100000000L);
}

kernel void local_init(global const int *seeds, global int *out) {
    local atomic_int sum;
    if (get_local_id(0) == 0) {
        atomic_init(&sum, seeds[get_group_id(0)]);
    }
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    atomic_fetch_add_explicit(&sum, (int)get_local_id(0), memory_order_relaxed, memory_scope_work_group);
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0) {
        out[get_group_id(0)] = atomic_load_explicit(&sum, memory_order_relaxed, memory_scope_work_group);
    }
}
