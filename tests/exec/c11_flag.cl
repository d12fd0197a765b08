// atomic_flag: test-and-set and clear on `global` flags contended by work-items
// of every work-group (directly and through a generic-pointer helper), and on
// one `local` flag per work-group. Zeroed memory is a clear flag.

bool take_through_generic(atomic_flag *flag) {
    return !atomic_flag_test_and_set_explicit(flag, memory_order_acq_rel, memory_scope_device);
}

// Work-item i tries to take flag i % flag_count; winners count the successes.
kernel void take(global atomic_flag *flags, global atomic_int *winners, int flag_count) {
    int f = (int)(get_global_id(0) % flag_count);
    if (!atomic_flag_test_and_set(&flags[f])) {
        atomic_fetch_add_explicit(&winners[f], 1, memory_order_relaxed);
    }
}

kernel void take_generic(global atomic_flag *flags, global atomic_int *winners, int flag_count) {
    int f = (int)(get_global_id(0) % flag_count);
    if (take_through_generic(&flags[f])) {
        atomic_fetch_add_explicit(&winners[f], 1, memory_order_relaxed);
    }
}

kernel void clear_all(global atomic_flag *flags, int flag_count) {
    int f = (int)get_global_id(0);
    if (f < flag_count) {
        atomic_flag_clear_explicit(&flags[f], memory_order_release, memory_scope_device);
    }
}

// One local flag per work-group, cleared by work-item 0 before a barrier;
// exactly one work-item of the group may win it.
kernel void take_local(global int *winners) {
    local atomic_flag flag;
    local atomic_int count;
    if (get_local_id(0) == 0) {
        atomic_flag_clear_explicit(&flag, memory_order_relaxed, memory_scope_work_group);
        atomic_init(&count, 0);
    }
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    if (!atomic_flag_test_and_set_explicit(&flag, memory_order_acquire, memory_scope_work_group)) {
        atomic_fetch_add_explicit(&count, 1, memory_order_relaxed, memory_scope_work_group);
    }
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0) {
        winners[get_group_id(0)] = atomic_load_explicit(&count, memory_order_relaxed, memory_scope_work_group);
    }
}
