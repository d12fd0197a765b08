// R. Role 0 writes x = 1, then y = 1; role 1 writes y = 2, then reads x.
// Outcome (r0, final y). (0, 2) -- role 1's write of y came last, yet it
// missed x -- is forbidden when everything is seq_cst; release and
// acquire allow it.

#define ROLES 2
#define LOCATIONS 2
#define RESULTS 1
#define FINALS 1
#define FINAL(j) 1
// The reads that are stale in the outcome (common.h's touch): role 1
// reads x (location 0) stale.
#define TOUCH 0x10
#include "common.h"

#ifndef STORE_ORDER
#define STORE_ORDER memory_order_seq_cst
#endif
#ifndef LOAD_ORDER
#define LOAD_ORDER memory_order_seq_cst
#endif

kernel void litmus_test(LITMUS_ARGS)
{
    LITMUS_BEGIN;
    uint a = instance(p, 0);
    uint b = instance(p, 1);
    atomic_store_explicit(&mem[loc(p, a, 0)], 1, STORE_ORDER, SCOPE);
    atomic_store_explicit(&mem[loc(p, a, 1)], 1, STORE_ORDER, SCOPE);
    atomic_store_explicit(&mem[loc(p, b, 1)], 2, STORE_ORDER, SCOPE);
    int r0 = atomic_load_explicit(&mem[loc(p, b, 0)], LOAD_ORDER, SCOPE);
    out[b] = r0;
}
