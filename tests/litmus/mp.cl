// Message passing. Role 0 writes x (plain data, or an atomic with
// ATOMIC_DATA), then the flag y; role 1 reads y, then x.
// Results (r0, r1) = (y, x). (1, 0) -- the flag seen, the data stale --
// is forbidden when the flag is a release store read by an acquire load
// at a scope that includes both work-items (or with FENCES: relaxed
// accesses ordered by a release fence and an acquire fence).

#define ROLES 2
#define LOCATIONS 2
#define RESULTS 2
// The reads that are stale in the outcome (common.h's touch): role 1
// reads x (location 0) stale.
#define TOUCH 0x10
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
    // Role 0 of instance a.
#ifdef ATOMIC_DATA
    atomic_store_explicit(&mem[loc(p, a, 0)], 1, memory_order_relaxed, SCOPE);
#else
    data[loc(p, a, 0)] = 1;
#endif
#ifdef WRITER_FENCE
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, FENCE_SCOPE);
#endif
    atomic_store_explicit(&mem[loc(p, a, 1)], 1, STORE_ORDER, SCOPE);
    // Role 1 of instance b.
    int r0 = atomic_load_explicit(&mem[loc(p, b, 1)], LOAD_ORDER, SCOPE);
#ifdef READER_FENCE
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire, FENCE_SCOPE);
#endif
#ifdef ATOMIC_DATA
    int r1 = atomic_load_explicit(&mem[loc(p, b, 0)], memory_order_relaxed, SCOPE);
#else
    int r1 = data[loc(p, b, 0)];
#endif
    out[2 * b] = r0;
    out[2 * b + 1] = r1;
}
