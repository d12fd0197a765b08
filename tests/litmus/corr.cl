// Read-read coherence. Role 0 writes x; role 1 reads x twice. Results
// (r0, r1). (1, 0) -- a newer value, then an older one -- is forbidden
// for atomics of any order at a scope that includes both work-items.

#define ROLES 2
#define LOCATIONS 1
#define RESULTS 2
#include "common.h"

#ifndef ORDER
#define ORDER memory_order_relaxed
#endif

kernel void litmus_test(LITMUS_ARGS)
{
    LITMUS_BEGIN;
    uint a = instance(p, 0);
    uint b = instance(p, 1);
    atomic_store_explicit(&mem[loc(p, a, 0)], 1, ORDER, SCOPE);
    int r0 = atomic_load_explicit(&mem[loc(p, b, 0)], ORDER, SCOPE);
    int r1 = atomic_load_explicit(&mem[loc(p, b, 0)], ORDER, SCOPE);
    out[2 * b] = r0;
    out[2 * b + 1] = r1;
}
