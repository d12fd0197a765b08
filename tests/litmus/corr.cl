// Read-read coherence: role 0 stores 1; role 1 loads the location twice.
// (1, 0) — a newer value, then an older one — is forbidden for atomics of
// any order at a scope including both work-items.

#include "common.h"

#ifndef ORDER
#define ORDER memory_order_relaxed
#endif

kernel void corr(LITMUS_ARGS)
{
    LITMUS_SETUP(2);
    if (role == 0) {
        atomic_store_explicit(&atomics[x], 1, ORDER, SCOPE);
    } else {
        int r0 = atomic_load_explicit(&atomics[x], ORDER, SCOPE);
        int r1 = atomic_load_explicit(&atomics[x], ORDER, SCOPE);
        out[2 * i] = r0;
        out[2 * i + 1] = r1;
    }
}
