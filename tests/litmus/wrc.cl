// Write-to-read causality. Role 0 writes x; role 1 reads x, then writes
// y; role 2 reads y, then x. Results (r0, r1, r2) = (role 1's x, role 2's
// y, role 2's x). (1, 1, 0) is forbidden when y's store is release and
// role 2's loads acquire at a scope that includes all three (x relaxed:
// causality runs through the release sequence). With FENCES (STORE_ORDER
// and LOAD_ORDER relaxed): a release fence between role 1's read and write
// (WRITER_FENCE) and an acquire fence between role 2's reads
// (READER_FENCE), at FENCE_SCOPE, forbid it too (role 1's read happens
// before role 2's second read, so read-read coherence).

#define ROLES 3
#define LOCATIONS 2
#define RESULTS 3
// The reads that are stale in the outcome (common.h's touch): role 2
// reads x (location 0) stale.
#define TOUCH 0x100
#include "common.h"

#ifndef STORE_ORDER
#define STORE_ORDER memory_order_release
#endif
#ifndef LOAD_ORDER
#define LOAD_ORDER memory_order_acquire
#endif
#ifndef FENCE_SCOPE
#define FENCE_SCOPE SCOPE
#endif

kernel void litmus_test(LITMUS_ARGS)
{
    LITMUS_BEGIN;
    uint a = instance(p, 0);
    uint b = instance(p, 1);
    uint c = instance(p, 2);
    atomic_store_explicit(&mem[loc(p, a, 0)], 1, memory_order_relaxed, SCOPE);
    int r0 = atomic_load_explicit(&mem[loc(p, b, 0)], memory_order_relaxed, SCOPE);
#ifdef WRITER_FENCE
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, FENCE_SCOPE);
#endif
    atomic_store_explicit(&mem[loc(p, b, 1)], 1, STORE_ORDER, SCOPE);
    int r1 = atomic_load_explicit(&mem[loc(p, c, 1)], LOAD_ORDER, SCOPE);
#ifdef READER_FENCE
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire, FENCE_SCOPE);
#endif
    int r2 = atomic_load_explicit(&mem[loc(p, c, 0)], memory_order_relaxed, SCOPE);
    out[3 * b] = r0;
    out[3 * c + 1] = r1;
    out[3 * c + 2] = r2;
}
