// A global counter: every work-item bumps it once (seq_cst, device scope).
kernel void count(global atomic_uint *counter, global uint *ids) {
    uint id = get_global_id(0);
    ids[id] = atomic_fetch_add(counter, 1u);
}
