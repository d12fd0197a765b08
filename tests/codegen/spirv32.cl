// oclc-flags: -target spirv32
// A 32-bit target: Physical32 addressing, 32-bit size_t and pointers.
kernel void index_count(global atomic_uint *counter, global uint *ids) {
    size_t id = get_global_id(0);
    ids[id] = atomic_fetch_add_explicit(counter, 1u, memory_order_relaxed, memory_scope_device) + (uint)id;
}
