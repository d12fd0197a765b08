// Independent reads of independent writes. Role 0 writes x, role 1
// writes y; role 2 reads x then y, role 3 reads y then x. Results
// (r0, r1, r2, r3). (1, 0, 1, 0) -- the readers disagree on the order of
// the writes -- is forbidden when everything is seq_cst; release and
// acquire allow it.

#define ROLES 4
#define LOCATIONS 2
#define RESULTS 4
// The reads that are stale in the outcome (common.h's touch): role 2
// reads y (location 1) stale, role 3 reads x stale.
#define TOUCH 0x1200
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
    uint c = instance(p, 2);
    uint d = instance(p, 3);
    atomic_store_explicit(&mem[loc(p, a, 0)], 1, STORE_ORDER, SCOPE);
    atomic_store_explicit(&mem[loc(p, b, 1)], 1, STORE_ORDER, SCOPE);
    int r0 = atomic_load_explicit(&mem[loc(p, c, 0)], LOAD_ORDER, SCOPE);
    int r1 = atomic_load_explicit(&mem[loc(p, c, 1)], LOAD_ORDER, SCOPE);
    int r2 = atomic_load_explicit(&mem[loc(p, d, 1)], LOAD_ORDER, SCOPE);
    int r3 = atomic_load_explicit(&mem[loc(p, d, 0)], LOAD_ORDER, SCOPE);
    out[4 * c] = r0;
    out[4 * c + 1] = r1;
    out[4 * d + 2] = r2;
    out[4 * d + 3] = r3;
}
