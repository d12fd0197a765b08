// A device-wide spin lock on an `atomic_flag` (an integer exchange on
// Vulkan), guarding a plain read-modify-write of a shared counter: acquire
// on taking it and release on clearing it make the plain accesses
// race-free. One work-item per group takes the lock (spinning work-items
// of one group could starve each other).

kernel void locked_count(global atomic_flag *lock, global uint *counter, uint rounds)
{
    if (get_local_id(0) != 0)
        return;
    for (uint r = 0; r < rounds; r++) {
        while (atomic_flag_test_and_set_explicit(lock, memory_order_acquire, memory_scope_device))
            ;
        counter[0] = counter[0] + 1;
        counter[1 + get_group_id(0)] += 1;
        atomic_flag_clear_explicit(lock, memory_order_release, memory_scope_device);
    }
}
