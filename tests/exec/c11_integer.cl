// Every C11 integer atomic function family under contention, on one type.
// Built once per type with
//   -DT=<value type> -DU=<unsigned type of the same width> -DA=<atomic type>
//   -DBITS=<32|64> [-DHAS_MIN_MAX]
// (atomic_intptr_t/atomic_uintptr_t are built without HAS_MIN_MAX: their
// min/max overloads take an operand of the opposite signedness.)
//
// Each work-item applies one operation per slot of an array of SLOTS atomic
// counters and records the value each operation returned in `olds`. The host
// (tests/suite/exec/c11_integer.rs) checks final values and returned values.
// The same operations run on a `global` array shared by every work-group,
// on a `local` array per work-group, and through a helper taking generic
// `A *` pointers to either.

#define ADD 0
#define SUB 1
#define OR 2
#define XOR 3
#define AND 4
#define MIN 5
#define MAX 6
#define XCHG 7
#define CAS_STRONG 8
#define CAS_WEAK 9
#define STORE_LOAD 10
#define SLOTS 11

#ifdef HAS_MIN_MAX
#define MIN_MAX(c, v, old, SCOPE)                                               \
    old[MIN] = atomic_fetch_min(&c[MIN], v);                                       \
    old[MAX] = atomic_fetch_max_explicit(&c[MAX], v, memory_order_relaxed, SCOPE);
#else
#define MIN_MAX(c, v, old, SCOPE)
#endif

// Defines `void NAME(Q A *c, T v, uint lane, global T *old)`.
#define DEFINE_OPS(NAME, Q, SCOPE)                                                 \
void NAME(Q A *c, T v, uint lane, global T *old) {                                 \
    T bit = (T)((U)1 << (lane % BITS));                                            \
    old[ADD] = atomic_fetch_add(&c[ADD], (T)1);                                    \
    old[SUB] = atomic_fetch_sub_explicit(&c[SUB], (T)1, memory_order_acq_rel);     \
    old[OR] = atomic_fetch_or_explicit(&c[OR], bit, memory_order_release, SCOPE);  \
    old[XOR] = atomic_fetch_xor_explicit(&c[XOR], v, memory_order_relaxed);        \
    old[AND] = atomic_fetch_and_explicit(&c[AND], ~bit, memory_order_acquire,      \
                                         SCOPE);                                   \
    MIN_MAX(c, v, old, SCOPE)                                                   \
    old[XCHG] = atomic_exchange_explicit(&c[XCHG], v, memory_order_acq_rel);       \
    T expected = atomic_load_explicit(&c[CAS_STRONG], memory_order_relaxed);       \
    while (!atomic_compare_exchange_strong_explicit(&c[CAS_STRONG], &expected,     \
            expected + v, memory_order_acq_rel, memory_order_relaxed, SCOPE)) {    \
    }                                                                              \
    old[CAS_STRONG] = expected;                                                    \
    expected = atomic_load(&c[CAS_WEAK]);                                          \
    while (!atomic_compare_exchange_weak(&c[CAS_WEAK], &expected, expected + v)) { \
    }                                                                              \
    old[CAS_WEAK] = expected;                                                      \
    atomic_store_explicit(&c[STORE_LOAD], v, memory_order_release);                \
    old[STORE_LOAD] = atomic_load_explicit(&c[STORE_LOAD], memory_order_acquire);  \
}

DEFINE_OPS(ops_global, global, memory_scope_device)
DEFINE_OPS(ops_local, local, memory_scope_work_group)
DEFINE_OPS(ops_generic, , memory_scope_device)

// One array shared by the whole NDRange; the host initialises `c`.
kernel void on_global(global A *c, global const T *vals, global T *olds) {
    size_t i = get_global_id(0);
    ops_global(c, vals[i], (uint)i, olds + SLOTS * i);
}

kernel void generic_on_global(global A *c, global const T *vals, global T *olds) {
    size_t i = get_global_id(0);
    ops_generic(c, vals[i], (uint)i, olds + SLOTS * i);
}

// One array per work-group, set up with atomic_init by work-item 0; the
// final values go to `finals` (SLOTS per group).
#define DEFINE_LOCAL_KERNEL(NAME, OPS)                                             \
kernel void NAME(global const T *init, global const T *vals, global T *olds,       \
                 global T *finals) {                                               \
    local A c[SLOTS];                                                              \
    size_t i = get_global_id(0);                                                   \
    if (get_local_id(0) == 0) {                                                    \
        for (int s = 0; s < SLOTS; s++) {                                          \
            atomic_init(&c[s], init[s]);                                           \
        }                                                                          \
    }                                                                              \
    work_group_barrier(CLK_LOCAL_MEM_FENCE);                                       \
    OPS(c, vals[i], (uint)get_local_id(0), olds + SLOTS * i);                      \
    work_group_barrier(CLK_LOCAL_MEM_FENCE);                                       \
    if (get_local_id(0) == 0) {                                                    \
        for (int s = 0; s < SLOTS; s++) {                                          \
            finals[SLOTS * get_group_id(0) + s] =                                  \
                atomic_load_explicit(&c[s], memory_order_relaxed,                  \
                                     memory_scope_work_group);                     \
        }                                                                          \
    }                                                                              \
}

DEFINE_LOCAL_KERNEL(on_local, ops_local)
DEFINE_LOCAL_KERNEL(generic_on_local, ops_generic)
