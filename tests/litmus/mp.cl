// Message passing: role 0 writes plain data, then sets an atomic flag;
// role 1 reads the flag, then the data. Result (r0, r1) = (flag, data).
// (1, 0) — the flag seen, the data stale — is forbidden when the flag is
// a release store read by an acquire load at a scope including both.

#include "common.h"

#ifndef STORE_ORDER
#define STORE_ORDER memory_order_release
#endif
#ifndef LOAD_ORDER
#define LOAD_ORDER memory_order_acquire
#endif

kernel void mp(LITMUS_ARGS)
{
    LITMUS_SETUP(2);
    if (role == 0) {
        data[x] = 1;
        atomic_store_explicit(&atomics[x], 1, STORE_ORDER, SCOPE);
    } else {
        int r0 = atomic_load_explicit(&atomics[x], LOAD_ORDER, SCOPE);
        int r1 = data[x];
        out[2 * i] = r0;
        out[2 * i + 1] = r1;
    }
}
