// One helper taking a generic `atomic_int *`, called with a global and a
// local object.
int bump(atomic_int *p) {
    return atomic_fetch_add_explicit(p, 1, memory_order_acq_rel, memory_scope_work_group);
}
kernel void both(global atomic_int *g, global int *out) {
    local atomic_int l;
    atomic_init(&l, 0);
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = bump(g) + bump(&l);
}
