// oclc-flags: -cl-std=CL2.0
// A sub-group exchange through local memory: OpControlBarrier with
// Subgroup execution scope, Workgroup memory scope by default (as
// llvm-spirv) or the scope written, and the flags' storage bits.
kernel void rotate_in_sub_group(global int *out, global const int *in)
{
    local int slots[64];
    const uint lid = get_local_id(0);
    const uint base = get_sub_group_id() * get_max_sub_group_size();
    slots[lid] = in[get_global_id(0)];
    sub_group_barrier(CLK_LOCAL_MEM_FENCE);
    int next = slots[base + (get_sub_group_local_id() + 1) % get_sub_group_size()];
    sub_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_sub_group);
    out[get_global_id(0)] = next;
    sub_group_barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE, memory_scope_work_group);
}
