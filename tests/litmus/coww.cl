// Write-write coherence, observed. Role 0 writes x = 1, then x = 2;
// role 1 reads x twice. Outcome (r0, r1, final x). The observer seeing
// 2 then 1 (2, 1, _) or a final value 1 (_, _, 1) is forbidden; the
// tuple counted is (2, 1, 2).

#define ROLES 2
#define LOCATIONS 1
#define RESULTS 2
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
    atomic_store_explicit(&mem[loc(p, a, 0)], 1, ORDER, SCOPE);
    atomic_store_explicit(&mem[loc(p, a, 0)], 2, ORDER, SCOPE);
    int r0 = atomic_load_explicit(&mem[loc(p, b, 0)], ORDER, SCOPE);
    int r1 = atomic_load_explicit(&mem[loc(p, b, 0)], ORDER, SCOPE);
    out[2 * b] = r0;
    out[2 * b + 1] = r1;
}
