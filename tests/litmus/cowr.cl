// Write-read coherence. Role 0 writes x = 1, then reads x; role 1 writes
// x = 2. Outcome (r0, final x). (2, 1) -- role 0 read 2 after its own
// write, yet its write came last -- is forbidden for atomics at a scope
// that includes both work-items. REVERSED swaps role 0's two accesses
// (read, then write): the mutant whose (2, 1) is allowed.

#define ROLES 2
#define LOCATIONS 1
#define RESULTS 1
#define FINALS 1
#include "common.h"

#ifndef ORDER
#define ORDER memory_order_relaxed
#endif

kernel void litmus_test(LITMUS_ARGS)
{
    LITMUS_BEGIN;
    uint a = instance(p, 0);
    uint b = instance(p, 1);
#ifdef REVERSED
    int r0 = atomic_load_explicit(&mem[loc(p, a, 0)], ORDER, SCOPE);
    atomic_store_explicit(&mem[loc(p, a, 0)], 1, ORDER, SCOPE);
#else
    atomic_store_explicit(&mem[loc(p, a, 0)], 1, ORDER, SCOPE);
    int r0 = atomic_load_explicit(&mem[loc(p, a, 0)], ORDER, SCOPE);
#endif
    atomic_store_explicit(&mem[loc(p, b, 0)], 2, ORDER, SCOPE);
    out[a] = r0;
}
