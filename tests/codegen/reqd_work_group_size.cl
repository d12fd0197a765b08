// A kernel with a required work-group size.
kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void tile(global atomic_int *counter) {
    if (get_local_id(0) == 0)
        atomic_fetch_add_explicit(counter, (int)get_local_size(0), memory_order_relaxed);
}
