// ISA2 (transitive message passing). Role 0 writes x, then releases y;
// role 1 acquires y, then releases z; role 2 acquires z, then reads x.
// Results (r0, r1, r2) = (role 1's y, role 2's z, role 2's x). (1, 1, 0)
// is forbidden with release/acquire at a scope that includes all three.
// With fences (STORE_ORDER and LOAD_ORDER relaxed): a release fence in
// role 0 (WRITER_FENCE), an acquire-release fence in role 1
// (MIDDLE_FENCE) and an acquire fence in role 2 (READER_FENCE), at
// FENCE_SCOPE, forbid it too.

#define ROLES 3
#define LOCATIONS 3
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
#ifdef WRITER_FENCE
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, FENCE_SCOPE);
#endif
    atomic_store_explicit(&mem[loc(p, a, 1)], 1, STORE_ORDER, SCOPE);
    int r0 = atomic_load_explicit(&mem[loc(p, b, 1)], LOAD_ORDER, SCOPE);
#ifdef MIDDLE_FENCE
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acq_rel, FENCE_SCOPE);
#endif
    atomic_store_explicit(&mem[loc(p, b, 2)], 1, STORE_ORDER, SCOPE);
    int r1 = atomic_load_explicit(&mem[loc(p, c, 2)], LOAD_ORDER, SCOPE);
#ifdef READER_FENCE
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire, FENCE_SCOPE);
#endif
    int r2 = atomic_load_explicit(&mem[loc(p, c, 0)], memory_order_relaxed, SCOPE);
    out[3 * b] = r0;
    out[3 * c + 1] = r1;
    out[3 * c + 2] = r2;
}
