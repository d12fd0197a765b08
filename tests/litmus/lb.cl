// Load buffering. Role 0 reads x, then writes y; role 1 reads y, then
// writes x. Results (r0, r1). (1, 1) -- each read sees the other's later
// write -- is forbidden when the loads are acquire and the stores
// release at a scope that includes both work-items.

#define ROLES 2
#define LOCATIONS 2
#define RESULTS 2
#include "common.h"

#ifndef STORE_ORDER
#define STORE_ORDER memory_order_release
#endif
#ifndef LOAD_ORDER
#define LOAD_ORDER memory_order_acquire
#endif

kernel void litmus_test(LITMUS_ARGS)
{
    LITMUS_BEGIN;
    uint a = instance(p, 0);
    uint b = instance(p, 1);
    int r0 = atomic_load_explicit(&mem[loc(p, a, 0)], LOAD_ORDER, SCOPE);
    atomic_store_explicit(&mem[loc(p, a, 1)], 1, STORE_ORDER, SCOPE);
    int r1 = atomic_load_explicit(&mem[loc(p, b, 1)], LOAD_ORDER, SCOPE);
    atomic_store_explicit(&mem[loc(p, b, 0)], 1, STORE_ORDER, SCOPE);
    out[2 * a] = r0;
    out[2 * b + 1] = r1;
}
