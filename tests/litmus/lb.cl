// Load buffering: each role loads the other's location, then stores 1 to
// its own. (1, 1) is forbidden with acquire loads and release stores;
// with relaxed accesses it is allowed.

#include "common.h"

#ifndef STORE_ORDER
#define STORE_ORDER memory_order_release
#endif
#ifndef LOAD_ORDER
#define LOAD_ORDER memory_order_acquire
#endif

kernel void lb(LITMUS_ARGS)
{
    LITMUS_SETUP(2);
    uint mine = role == 0 ? x : y;
    uint theirs = role == 0 ? y : x;
    out[2 * i + role] = atomic_load_explicit(&atomics[theirs], LOAD_ORDER, SCOPE);
    atomic_store_explicit(&atomics[mine], 1, STORE_ORDER, SCOPE);
}
