// A spin lock made of an atomic_flag (acquire on lock, release on unlock)
// guards a plain, non-atomic read-modify-write of a global counter shared
// by all work-groups. The final count is exact only if the lock orders the
// plain accesses: with relaxed lock operations a compiler may move the plain
// load and store out of the critical section.
//
// Only work-item 0 of each work-group takes the lock. A CPU runtime runs the
// work-items of a group as a loop (or as SIMD lanes) on one thread and never
// preempts a work-group, so two work-items of one group spinning on each
// other could deadlock; but with one taker per group, the holder of the lock
// is always a running work-item whose critical section completes, and
// waiters in other groups spin on other threads.

kernel void count_under_lock(global atomic_flag *lock, global int *counter, int rounds) {
    if (get_local_id(0) != 0) {
        return;
    }
    for (int r = 0; r < rounds; r++) {
        while (atomic_flag_test_and_set_explicit(lock, memory_order_acquire, memory_scope_device)) {
        }
        int value = *counter;
        *counter = value + 1;
        atomic_flag_clear_explicit(lock, memory_order_release, memory_scope_device);
    }
}
