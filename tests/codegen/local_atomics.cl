// Local atomics: one work-item initialises, a barrier publishes, everyone
// adds, a second barrier, one work-item copies the result out.
kernel void group_sum(global const int *in, global int *out) {
    local atomic_int sum;
    if (get_local_id(0) == 0)
        atomic_init(&sum, 0);
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    atomic_fetch_add_explicit(&sum, in[get_global_id(0)], memory_order_relaxed, memory_scope_work_group);
    work_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_work_group);
    if (get_local_id(0) == 0)
        out[get_group_id(0)] = atomic_load_explicit(&sum, memory_order_acquire, memory_scope_work_group);
}
