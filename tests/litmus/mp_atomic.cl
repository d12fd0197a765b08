// Message passing with the data relaxed-atomic too: (1, 0) is forbidden
// with a release/acquire flag.

#include "common.h"

#ifndef STORE_ORDER
#define STORE_ORDER memory_order_release
#endif
#ifndef LOAD_ORDER
#define LOAD_ORDER memory_order_acquire
#endif

kernel void mp_atomic(LITMUS_ARGS)
{
    LITMUS_SETUP(2);
    if (role == 0) {
        atomic_store_explicit(&atomics[y], 1, memory_order_relaxed, SCOPE);
        atomic_store_explicit(&atomics[x], 1, STORE_ORDER, SCOPE);
    } else {
        int r0 = atomic_load_explicit(&atomics[x], LOAD_ORDER, SCOPE);
        int r1 = atomic_load_explicit(&atomics[y], memory_order_relaxed, SCOPE);
        out[2 * i] = r0;
        out[2 * i + 1] = r1;
    }
}
