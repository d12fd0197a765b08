// The litmus harness shared by every test here (protocol in README.md):
// kernel arguments, the parameter block of a dispatch, the pairing of
// instances across work-groups, the locations of an instance, memory
// stress, the bounded global barrier, and the kernel that counts the
// outcomes of a dispatch on the GPU.
//
// A test file defines ROLES (threads of the test), LOCATIONS (memory
// locations per instance), RESULTS (values its readers write per
// instance) and optionally FINALS with FINAL(j) (locations whose final
// value is part of the outcome), then includes this header and writes
// `kernel void litmus_test(LITMUS_ARGS)` starting with LITMUS_BEGIN.
// A test may define TOUCH, a mask of (role, location) pairs, bit
// `role * 4 + location`: the reads that return the old value in the
// outcome it counts (see `touch` below).

#ifndef SCOPE
#define SCOPE memory_scope_device
#endif

// A module may hold both kernels, or one each: -DLITMUS_TEST_ONLY leaves
// out the check kernel, -DLITMUS_CHECK_ONLY makes the test kernel (spelt
// `kernel`) a plain function (the check kernel is spelt `__kernel`).
#ifdef LITMUS_CHECK_ONLY
#define kernel static
#endif
#ifndef FINALS
#define FINALS 0
#endif
#ifndef TOUCH
#define TOUCH 0
#endif
#ifndef FINAL
#define FINAL(j) (j)
#endif

// The outcome of an instance: RESULTS + FINALS values, each clamped to
// 0..3, as base-4 digits (the first value most significant).
#define KEYS (RESULTS + FINALS)
#define BINS (1 << (2 * KEYS))

// The parameter block of dispatch `iter` (written by the host, see
// crates/vkrun/src/litmus.rs, which must agree on these offsets).
#define PARAM_WORDS 32
#define P_TESTING 0      // testing work-groups T
#define P_GROUPS 1       // work-groups dispatched D (T..max; the rest stress)
#define P_SHUFFLE_A 2    // work-group id shuffle: (id * A + B) % D
#define P_SHUFFLE_B 3
#define P_LID_PRIME 4    // local-id permutation of the partner roles
#define P_STRIDE 5       // words between an instance's locations
#define P_PRE_STRESS 6   // pre-stress iterations in testing threads (0: off)
#define P_MEM_STRESS 7   // stress iterations in the other work-groups
#define P_BARRIER 8      // spins of the bounded global barrier (0: off)
#define P_PRE_PATTERN 9  // stress patterns: 0 st-st, 1 st-ld, 2 ld-st, 3 ld-ld
#define P_MEM_PATTERN 10
#define P_STRESS_LINES 11 // scratch lines the stress targets
#define P_LINE_WORDS 12   // words per scratch line
#define P_STRESS_SHIFT 13 // which lines this dispatch targets
#define P_TOUCH 14        // whether testing work-items touch TOUCH's sectors first
#define P_LOC_PRIME 16   // location k >= 1 of instance i is at perm_k(i): 16 + k - 1

// The scratch buffer: word 0 the barrier counter, lines from SCRATCH_BASE.
#define SCRATCH_BASE 64

#define LITMUS_ARGS                                                            \
    global int *data, global atomic_int *mem, global int *out,                 \
        global const uint *params, global atomic_uint *scratch,                \
        global atomic_uint *hist, uint iter

// This work-group's id after the dispatch's shuffle.
static uint shuffled_group(global const uint *p)
{
    return (get_group_id(0) * p[P_SHUFFLE_A] + p[P_SHUFFLE_B]) % p[P_GROUPS];
}

// The instance whose role `role` this work-item runs. Role 0: its own
// slot (group * size + local id). Other roles: a partner work-group
// `role + ROLES * (lid % q)` further on, so the roles of one instance
// run in ROLES different work-groups, at a permuted local id (SAME_WG:
// another warp of the same work-group instead). Each role's map is a
// bijection on the instances.
static uint instance(global const uint *p, uint role)
{
    uint size = get_local_size(0);
    uint lid = get_local_id(0);
    uint group = shuffled_group(p);
    if (role == 0)
        return group * size + lid;
#ifdef SAME_WG
    return group * size + (lid + role * (size / ROLES)) % size;
#else
    uint testing = p[P_TESTING];
    uint q = (testing - 1) / ROLES;
    uint partner = (group + role + ROLES * (lid % q)) % testing;
    return partner * size + (lid * p[P_LID_PRIME]) % size;
#endif
}

// The word of location k of instance i: location 0 at i's own block,
// location k >= 1 in the block of a permuted instance, at offset
// k * stride, so an instance's locations lie in different 32-byte
// sectors and cache lines, far apart.
static uint loc(global const uint *p, uint i, uint k)
{
    uint n = p[P_TESTING] * get_local_size(0);
    uint block = k == 0 ? i : (i * p[P_LOC_PRIME + k - 1]) % n;
    return (block * LOCATIONS + k) * p[P_STRIDE];
}

// `iterations` rounds of the access pattern on one scratch line.
static void stress(global atomic_uint *scratch, global const uint *p, uint iterations,
                   uint pattern, uint who)
{
    uint line = (who + p[P_STRESS_SHIFT]) % p[P_STRESS_LINES];
    global atomic_uint *at = scratch + SCRATCH_BASE + line * p[P_LINE_WORDS];
    uint sink = 0;
    for (uint j = 0; j < iterations; j++) {
        if (pattern < 2)
            atomic_store_explicit(at, j, memory_order_relaxed, memory_scope_device);
        else
            sink += atomic_load_explicit(at, memory_order_relaxed, memory_scope_device);
        if (pattern % 2 == 0)
            atomic_store_explicit(at + 1, j, memory_order_relaxed, memory_scope_device);
        else
            sink += atomic_load_explicit(at + 1, memory_order_relaxed, memory_scope_device);
    }
    if (sink == 0xffffffffu)
        atomic_store_explicit(at + 2, sink, memory_order_relaxed, memory_scope_device);
}

// The touch: for every (role, location) pair in TOUCH, a plain read of
// the word after the location (`loc + 1`: in the same 32-byte sector,
// never written by any test, so the read races with nothing and changes
// no outcome), in both test buffers. It brings the sector, holding the
// location's old value, into this work-item's cache (on NVIDIA GPUs the
// SM's L1) before the test runs, so a later read that an implementation
// serves from that cache without the invalidation its synchronisation
// requires -- a work-group-scope acquire across work-groups, a missing
// MakeVisible -- returns the stale value. Needs a stride of at least 2
// words (litmus.rs checks it).
static void touch(global int *data, global atomic_int *mem, global const uint *p,
                  global atomic_uint *scratch)
{
    int sink = 0;
    for (uint r = 0; r < ROLES; r++) {
        uint i = instance(p, r);
        for (uint k = 0; k < LOCATIONS; k++)
            if ((TOUCH >> (r * 4 + k)) & 1) {
                uint at = loc(p, i, k) + 1;
                sink += data[at] + ((global int *)mem)[at];
            }
    }
    if (sink == 0x7fffffff)
        atomic_store_explicit(scratch + 2, (uint)sink, memory_order_relaxed,
                              memory_scope_device);
}

// Counts `key` in dispatch `iter`'s histogram: one global atomic per
// instance, or (LITMUS_LOCAL_HISTOGRAM) a work-group histogram in `local`
// memory first, then one global atomic per bin and work-group.
#ifdef LITMUS_LOCAL_HISTOGRAM
#define LITMUS_BINS local atomic_uint bins[BINS];
#define LITMUS_CLEAR_BINS                                                      \
    for (uint b = lid; b < BINS; b += size)                                    \
        atomic_store_explicit(&bins[b], 0u, memory_order_relaxed,              \
                              memory_scope_work_group);                        \
    barrier(CLK_LOCAL_MEM_FENCE);
#define LITMUS_COUNT(key)                                                      \
    atomic_fetch_add_explicit(&bins[key], 1u, memory_order_relaxed,            \
                              memory_scope_work_group);                        \
    barrier(CLK_LOCAL_MEM_FENCE);                                              \
    for (uint b = lid; b < BINS; b += size) {                                  \
        uint count = atomic_load_explicit(&bins[b], memory_order_relaxed,      \
                                          memory_scope_work_group);            \
        if (count != 0)                                                        \
            atomic_fetch_add_explicit(&hist[iter * BINS + b], count,           \
                                      memory_order_relaxed,                    \
                                      memory_scope_device);                    \
    }
#else
#define LITMUS_BINS
#define LITMUS_CLEAR_BINS
#define LITMUS_COUNT(key)                                                      \
    atomic_fetch_add_explicit(&hist[iter * BINS + (key)], 1u,                  \
                              memory_order_relaxed, memory_scope_device);
#endif

// Work-groups past the testing ones stress memory and leave; testing
// work-items touch their sectors, pre-stress, then wait at the bounded
// global barrier.
#define LITMUS_BEGIN                                                           \
    global const uint *p = params + iter * PARAM_WORDS;                       \
    {                                                                          \
        uint group = shuffled_group(p);                                        \
        if (group >= p[P_TESTING]) {                                           \
            stress(scratch, p, p[P_MEM_STRESS], p[P_MEM_PATTERN],              \
                   group * get_local_size(0) + get_local_id(0));               \
            return;                                                            \
        }                                                                      \
        if (TOUCH != 0 && p[P_TOUCH] != 0)                                     \
            touch(data, mem, p, scratch);                                      \
        if (p[P_PRE_STRESS] != 0)                                              \
            stress(scratch, p, p[P_PRE_STRESS], p[P_PRE_PATTERN], group);      \
        uint spins = p[P_BARRIER];                                             \
        if (spins != 0) {                                                      \
            uint total = p[P_TESTING] * get_local_size(0);                     \
            atomic_fetch_add_explicit(scratch, 1u, memory_order_relaxed,       \
                                      memory_scope_device);                    \
            for (uint s = 0; s < spins; s++)                                   \
                if (atomic_load_explicit(scratch, memory_order_relaxed,        \
                                         memory_scope_device) >= total)        \
                    break;                                                     \
        }                                                                      \
    }

// Runs after the test dispatch, one work-item per instance: reads the
// instance's results and final values, counts its outcome in a
// work-group histogram, then adds that to dispatch `iter`'s histogram,
// and zeroes the instance's locations for the next dispatch (so the host
// never clears memory between dispatches).
#if !defined(LITMUS_CUSTOM_CHECK) && !defined(LITMUS_TEST_ONLY)
__kernel void litmus_check(LITMUS_ARGS)
{
    LITMUS_BINS
    global const uint *p = params + iter * PARAM_WORDS;
    uint lid = get_local_id(0);
    uint size = get_local_size(0);
    LITMUS_CLEAR_BINS
    uint i = get_group_id(0) * size + lid;
    uint key = 0;
    for (uint j = 0; j < RESULTS; j++) {
        int v = out[RESULTS * i + j];
        key = key * 4 + (v < 0 || v > 3 ? 3 : (uint)v);
    }
    for (uint j = 0; j < FINALS; j++) {
        int v = atomic_load_explicit(&mem[loc(p, i, FINAL(j))], memory_order_relaxed,
                                     memory_scope_device);
        key = key * 4 + (v < 0 || v > 3 ? 3 : (uint)v);
    }
    for (uint k = 0; k < LOCATIONS; k++) {
        uint at = loc(p, i, k);
        data[at] = 0;
        atomic_store_explicit(&mem[at], 0, memory_order_relaxed, memory_scope_device);
    }
    if (i == 0)
        atomic_store_explicit(scratch, 0u, memory_order_relaxed, memory_scope_device);
    LITMUS_COUNT(key);
}
#endif
