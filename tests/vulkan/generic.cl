// Helpers with unqualified (generic, in OpenCL C 2.0) pointer parameters,
// called with global, local and private pointers: the Vulkan target
// copies each helper per combination of spaces its callers pass.

static uint bump(atomic_uint *counter) { return atomic_fetch_add(counter, 1u); }

static void accumulate(int *sum, const int *values, int n)
{
    for (int i = 0; i < n; i++)
        *sum += values[i];
}

kernel void counts(global atomic_uint *total, global const int *values, global int *out)
{
    local atomic_uint group_count;
    if (get_local_id(0) == 0)
        atomic_init(&group_count, 0u);
    barrier(CLK_LOCAL_MEM_FENCE);
    bump(total);
    bump(&group_count);
    int sum = 0;
    accumulate(&sum, values + 4 * get_global_id(0), 4);
    out[get_global_id(0)] = sum;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0)
        out[get_global_size(0) + get_group_id(0)] =
            (int)atomic_load_explicit(&group_count, memory_order_relaxed, memory_scope_work_group);
}
