// oclc-flags: -cl-std=CL2.0
// E0416 local-initializer: local variables cannot be initialized.
kernel void k(global int *out) {
    local int n = 5;
//                ^ error[E0416]: `local` variable `n` cannot have an initializer
    // Near miss: initialize from one work-item, then a barrier.
    local atomic_int m;
    if (get_local_id(0) == 0)
        atomic_init(&m, 0);
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    out[0] = atomic_fetch_add_explicit(&m, 1, memory_order_relaxed, memory_scope_work_group) + n;
}
