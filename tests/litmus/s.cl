// S. Role 0 writes x = 2, then releases y = 1; role 1 acquires y, then
// writes x = 1. Outcome (r0, final x). (1, 2) -- role 1 saw the flag yet
// its write of x lost to the one before the flag -- is forbidden with
// release/acquire at a scope that includes both.

#define ROLES 2
#define LOCATIONS 2
#define RESULTS 1
#define FINALS 1
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
    atomic_store_explicit(&mem[loc(p, a, 0)], 2, memory_order_relaxed, SCOPE);
    atomic_store_explicit(&mem[loc(p, a, 1)], 1, STORE_ORDER, SCOPE);
    int r0 = atomic_load_explicit(&mem[loc(p, b, 1)], LOAD_ORDER, SCOPE);
    atomic_store_explicit(&mem[loc(p, b, 0)], 1, memory_order_relaxed, SCOPE);
    out[b] = r0;
}
