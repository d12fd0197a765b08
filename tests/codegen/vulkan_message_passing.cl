// oclc-flags: -target vulkan1.2
// The Vulkan target: storage buffers at set 0 / binding = argument index,
// a push-constant block for `n`, the work-group size as specialization
// constants, NonPrivatePointer plain accesses, release/acquire with
// MakeAvailable/MakeVisible and UniformMemory at QueueFamily scope, and a
// seq_cst load kept as an acquire-release read-modify-write.
kernel void publish(global int *data, global atomic_int *flag, global int *out, uint n)
{
    uint i = get_global_id(0);
    if (i >= n)
        return;
    if (get_group_id(0) % 2 == 0) {
        data[i] = (int)i;
        atomic_store_explicit(&flag[i], 1, memory_order_release, memory_scope_device);
    } else {
        uint j = i - get_local_size(0);
        int seen = atomic_load_explicit(&flag[j], memory_order_acquire, memory_scope_device);
        out[2 * j] = seen;
        out[2 * j + 1] = data[j];
        out[2 * j] += atomic_load(&flag[j]);
    }
}
