// Write-write coherence, observed: role 0 stores 1 then 2 to one
// location; role 1 loads it twice. (2, 1) — the writes seen out of the
// order they were made in — is forbidden for atomics of any order at a
// scope including both work-items.

#include "common.h"

#ifndef ORDER
#define ORDER memory_order_relaxed
#endif

kernel void coww(LITMUS_ARGS)
{
    LITMUS_SETUP(2);
    if (role == 0) {
        atomic_store_explicit(&atomics[x], 1, ORDER, SCOPE);
        atomic_store_explicit(&atomics[x], 2, ORDER, SCOPE);
    } else {
        int r0 = atomic_load_explicit(&atomics[x], ORDER, SCOPE);
        int r1 = atomic_load_explicit(&atomics[x], ORDER, SCOPE);
        out[2 * i] = r0;
        out[2 * i + 1] = r1;
    }
}
