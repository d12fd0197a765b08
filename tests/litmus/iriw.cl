// Independent reads of independent writes: roles 0 and 1 write x and y;
// role 2 reads x then y, role 3 reads y then x. Results (r0, r1, r2, r3).
// (1, 0, 1, 0) — the two readers disagree on the order of the writes — is
// forbidden when everything is seq_cst; with release/acquire it is
// allowed.

#include "common.h"

#ifndef STORE_ORDER
#define STORE_ORDER memory_order_seq_cst
#endif
#ifndef LOAD_ORDER
#define LOAD_ORDER memory_order_seq_cst
#endif

kernel void iriw(LITMUS_ARGS)
{
    LITMUS_SETUP(4);
    if (role == 0) {
        atomic_store_explicit(&atomics[x], 1, STORE_ORDER, SCOPE);
    } else if (role == 1) {
        atomic_store_explicit(&atomics[y], 1, STORE_ORDER, SCOPE);
    } else {
        uint first = role == 2 ? x : y;
        uint second = role == 2 ? y : x;
        int r0 = atomic_load_explicit(&atomics[first], LOAD_ORDER, SCOPE);
        int r1 = atomic_load_explicit(&atomics[second], LOAD_ORDER, SCOPE);
        out[4 * i + 2 * (role - 2)] = r0;
        out[4 * i + 2 * (role - 2) + 1] = r1;
    }
}
