// The litmus protocol shared by every test here (see README.md): the
// kernel arguments, the role and instance of a work-item, and the arrival
// gate that makes the roles overlap.

#ifndef SCOPE
#define SCOPE memory_scope_device
#endif

#define LITMUS_ARGS                                                            \
    global int *data, global atomic_int *atomics, global int *out,             \
        global const uint *perm, global atomic_uint *gate, uint n, uint stride

// Work-group g plays role g % ROLES; its work-items take the instances
// perm[role][k] for k = (g / ROLES) * local size + local id. Role 0's
// permutation is the identity and the others are random, so the partners
// of an instance sit in different work-groups, at random places.
#define LITMUS_SETUP(ROLES)                                                    \
    uint role = get_group_id(0) % (ROLES);                                     \
    uint k = get_group_id(0) / (ROLES) * get_local_size(0) + get_local_id(0);  \
    uint i = perm[role * n + k];                                               \
    uint x = 2 * i * stride;                                                   \
    uint y = x + stride;                                                       \
    arrive(gate, n * (ROLES))

// Every work-item checks in, then waits (boundedly: work-groups that are
// not resident together must not deadlock) until all have, so that the
// roles of an instance run at the same time.
static void arrive(global atomic_uint *gate, uint total)
{
    atomic_fetch_add_explicit(gate, 1u, memory_order_relaxed, memory_scope_device);
    for (uint spin = 0; spin < 4096; spin++)
        if (atomic_load_explicit(gate, memory_order_relaxed, memory_scope_device) >= total)
            break;
}
