// Not a litmus test: the check of the harness's pairing (used by
// tests/suite/vulkan.rs). Each role r of every instance counts itself at
// the instance's location 0 and writes its work-group to out; the check
// counts outcome (roles complete, placement right): (1, 1) when each
// instance got each of its ROLES roles exactly once, from ROLES different
// work-groups (SAME_WG: all from the same work-group).

#ifndef ROLES
#define ROLES 4
#endif
#define LOCATIONS 1
#define RESULTS 2
#define LITMUS_CUSTOM_CHECK
#include "common.h"

kernel void litmus_test(LITMUS_ARGS)
{
    LITMUS_BEGIN;
    for (uint r = 0; r < ROLES; r++) {
        uint i = instance(p, r);
        atomic_fetch_add_explicit(&mem[loc(p, i, 0)], 1, memory_order_relaxed, SCOPE);
        out[ROLES * i + r] = (int)shuffled_group(p);
    }
}

#ifndef LITMUS_TEST_ONLY
__kernel void litmus_check(LITMUS_ARGS)
{
    LITMUS_BINS
    global const uint *p = params + iter * PARAM_WORDS;
    uint lid = get_local_id(0);
    uint size = get_local_size(0);
    LITMUS_CLEAR_BINS
    uint i = get_group_id(0) * size + lid;
    uint at = loc(p, i, 0);
    uint complete = atomic_load_explicit(&mem[at], memory_order_relaxed, memory_scope_device) == ROLES;
    uint placed = 1;
    for (uint r = 0; r < ROLES; r++)
        for (uint s = 0; s < r; s++) {
#ifdef SAME_WG
            if (out[ROLES * i + r] != out[ROLES * i + s])
#else
            if (out[ROLES * i + r] == out[ROLES * i + s])
#endif
                placed = 0;
        }
    atomic_store_explicit(&mem[at], 0, memory_order_relaxed, memory_scope_device);
    if (i == 0)
        atomic_store_explicit(scratch, 0u, memory_order_relaxed, memory_scope_device);
    uint key = complete * 4 + placed;
    LITMUS_COUNT(key);
}
#endif
