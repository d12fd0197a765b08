// Store buffering: each role stores 1 to its location, then loads the
// other's. (0, 0) is forbidden when all four accesses are seq_cst; with
// release stores and acquire loads it is allowed.

#include "common.h"

#ifndef STORE_ORDER
#define STORE_ORDER memory_order_seq_cst
#endif
#ifndef LOAD_ORDER
#define LOAD_ORDER memory_order_seq_cst
#endif

kernel void sb(LITMUS_ARGS)
{
    LITMUS_SETUP(2);
    uint mine = role == 0 ? x : y;
    uint theirs = role == 0 ? y : x;
    atomic_store_explicit(&atomics[mine], 1, STORE_ORDER, SCOPE);
    out[2 * i + role] = atomic_load_explicit(&atomics[theirs], LOAD_ORDER, SCOPE);
}
