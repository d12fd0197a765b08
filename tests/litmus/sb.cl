// Store buffering. Role 0 writes x, then reads y; role 1 writes y, then
// reads x. Results (r0, r1). (0, 0) -- both reads miss the other's
// earlier write -- is forbidden when everything is seq_cst; release and
// acquire allow it.

#define ROLES 2
#define LOCATIONS 2
#define RESULTS 2
// The reads that are stale in the outcome (common.h's touch): role 0
// reads y (location 1), role 1 reads x (location 0), both stale.
#define TOUCH 0x12
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
    int r0 = atomic_load_explicit(&mem[loc(p, a, 1)], LOAD_ORDER, SCOPE);
    atomic_store_explicit(&mem[loc(p, b, 1)], 1, STORE_ORDER, SCOPE);
    int r1 = atomic_load_explicit(&mem[loc(p, b, 0)], LOAD_ORDER, SCOPE);
    out[2 * a] = r0;
    out[2 * b + 1] = r1;
}
