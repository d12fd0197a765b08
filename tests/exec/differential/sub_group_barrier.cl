// oclc-flags: -cl-std=CL2.0
// sub_group_barrier around a sub-group's exchange through local memory:
// each lane publishes a value, the barrier makes the sub-group's writes
// visible, each lane sums its sub-group's slots, and a second barrier (with
// an explicit scope) orders the reads before the slots are reused. The
// sub-group size is fixed so both compilers partition the work-group alike.
#pragma OPENCL EXTENSION cl_khr_subgroups : enable

#define SG __attribute__((intel_reqd_sub_group_size(8)))

kernel SG void sub_group_exchange(global int *out, global const int *in)
{
    local int scratch[16];
    const uint lid = get_local_id(0);
    const uint base = get_sub_group_id() * get_max_sub_group_size();
    int x = in[get_global_id(0)] & 0xffff;
    for (int round = 0; round < 3; ++round) {
        scratch[lid] = x;
        sub_group_barrier(CLK_LOCAL_MEM_FENCE);
        int sum = 0;
        for (uint i = 0; i < get_sub_group_size(); ++i)
            sum += scratch[base + i];
        sub_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_sub_group);
        // The neighbour's slot, rotated within the sub-group.
        int next = scratch[base + (get_sub_group_local_id() + 1) % get_sub_group_size()];
        sub_group_barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_scope_work_group);
        x = (sum - sub_group_reduce_add(x)) + next + round;
    }
    out[get_global_id(0)] = x;
}
