// 2+2W. Role 0 writes x = 2, then y = 1; role 1 writes y = 2, then
// x = 1. Outcome (final x, final y). (2, 2) -- each work-item's first
// write came last -- is forbidden when the stores are seq_cst; release
// (or relaxed) stores allow it.

#define ROLES 2
#define LOCATIONS 2
#define RESULTS 0
#define FINALS 2
#include "common.h"

#ifndef STORE_ORDER
#define STORE_ORDER memory_order_seq_cst
#endif

kernel void litmus_test(LITMUS_ARGS)
{
    LITMUS_BEGIN;
    uint a = instance(p, 0);
    uint b = instance(p, 1);
    atomic_store_explicit(&mem[loc(p, a, 0)], 2, STORE_ORDER, SCOPE);
    atomic_store_explicit(&mem[loc(p, a, 1)], 1, STORE_ORDER, SCOPE);
    atomic_store_explicit(&mem[loc(p, b, 1)], 2, STORE_ORDER, SCOPE);
    atomic_store_explicit(&mem[loc(p, b, 0)], 1, STORE_ORDER, SCOPE);
}
