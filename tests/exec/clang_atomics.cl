// clang's atomic built-ins as OpenCL runtimes' kernel libraries use them:
// the OpenCL 1.x atomic functions redefined, overloadable, on top of the
// GNU `__atomic_*` built-ins for each address space and type (written for
// this test in the style of such libraries), then used by kernels; and
// kernels exercising `__sync_*`, `__c11_atomic_*` and `__opencl_atomic_*`
// directly. Every kernel's result is exact, so the host checks it.

#define DEFINE_ATOMICS(Q, T)                                                   \
    __attribute__((overloadable)) T atomic_add(volatile Q T *p, T v) {         \
        return __atomic_fetch_add(p, v, __ATOMIC_ACQ_REL);                     \
    }                                                                          \
    __attribute__((overloadable)) T atomic_sub(volatile Q T *p, T v) {         \
        return __atomic_fetch_sub(p, v, __ATOMIC_ACQ_REL);                     \
    }                                                                          \
    __attribute__((overloadable)) T atomic_inc(volatile Q T *p) {              \
        return __atomic_fetch_add(p, (T)1, __ATOMIC_ACQ_REL);                  \
    }                                                                          \
    __attribute__((overloadable)) T atomic_dec(volatile Q T *p) {              \
        return __atomic_fetch_sub(p, (T)1, __ATOMIC_ACQ_REL);                  \
    }                                                                          \
    __attribute__((overloadable)) T atomic_xchg(volatile Q T *p, T v) {        \
        return __atomic_exchange_n(p, v, __ATOMIC_ACQ_REL);                    \
    }                                                                          \
    __attribute__((overloadable)) T atomic_cmpxchg(volatile Q T *p, T c, T v) { \
        __atomic_compare_exchange_n(p, &c, v, false, __ATOMIC_ACQ_REL,         \
                                    __ATOMIC_ACQUIRE);                         \
        return c;                                                              \
    }                                                                          \
    __attribute__((overloadable)) T atomic_min(volatile Q T *p, T v) {         \
        return __atomic_fetch_min(p, v, __ATOMIC_ACQ_REL);                     \
    }                                                                          \
    __attribute__((overloadable)) T atomic_max(volatile Q T *p, T v) {         \
        return __atomic_fetch_max(p, v, __ATOMIC_ACQ_REL);                     \
    }                                                                          \
    __attribute__((overloadable)) T atomic_and(volatile Q T *p, T v) {         \
        return __atomic_fetch_and(p, v, __ATOMIC_ACQ_REL);                     \
    }                                                                          \
    __attribute__((overloadable)) T atomic_or(volatile Q T *p, T v) {          \
        return __atomic_fetch_or(p, v, __ATOMIC_ACQ_REL);                      \
    }                                                                          \
    __attribute__((overloadable)) T atomic_xor(volatile Q T *p, T v) {         \
        return __atomic_fetch_xor(p, v, __ATOMIC_ACQ_REL);                     \
    }

DEFINE_ATOMICS(__global, int)
DEFINE_ATOMICS(__global, uint)
DEFINE_ATOMICS(__local, int)
DEFINE_ATOMICS(__local, uint)
DEFINE_ATOMICS(__global, long)
DEFINE_ATOMICS(__global, ulong)

// A float add the libraries build from the integer compare-exchange above,
// reading the float's bits through a union.
__attribute__((overloadable)) float atomic_add(volatile __global float *p, float v) {
    union {
        uint bits;
        float value;
    } seen, want, before;
    seen.value = *p;
    do {
        before.bits = seen.bits;
        want.value = before.value + v;
        seen.bits = atomic_cmpxchg((volatile __global uint *)p, before.bits, want.bits);
    } while (seen.bits != before.bits);
    return seen.value;
}

#define BINS 16

// A histogram in local bins (atomic_inc), merged into global bins
// (atomic_add), through the redefined functions.
kernel void histogram(global const uint *values, volatile global uint *bins) {
    local uint local_bins[BINS];
    size_t lid = get_local_id(0);
    if (lid < BINS) {
        local_bins[lid] = 0;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_inc(&local_bins[values[get_global_id(0)] % BINS]);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < BINS) {
        atomic_add(&bins[lid], local_bins[lid]);
    }
}

// Every read-modify-write of the redefined set on shared words: out[0..]
// hold the final values; olds[i] the value atomic_sub returned to item i.
kernel void library_ops(volatile global int *words, volatile global uint *bits,
                        global const int *vals, global int *olds) {
    size_t i = get_global_id(0);
    int v = vals[i];
    olds[i] = atomic_sub(&words[0], v);
    atomic_min(&words[1], v);
    atomic_max(&words[2], v);
    atomic_dec(&words[3]);
    atomic_or(&bits[0], 1u << (i % 32));
    atomic_and(&bits[1], ~(1u << (i % 32)));
    atomic_xor(&bits[2], 1u << (i % 32));
    // Each item claims slot i % 8 of words[4..12) once it is free (-1).
    atomic_cmpxchg(&words[4 + i % 8], -1, (int)i);
    atomic_xchg(&words[12], 7);
}

// The library's float add and 64-bit words: sums of halves (exact in
// binary32), a 64-bit counter above 2^32 and a 64-bit minimum.
kernel void library_wide(volatile global float *sum, volatile global long *wide,
                         volatile global ulong *uwide) {
    size_t i = get_global_id(0);
    atomic_add(sum, 0.5f);
    atomic_add(&wide[0], 1L << 33);
    atomic_min(&wide[1], -(long)i << 40);
    atomic_max(&uwide[0], (ulong)i << 40);
}

// NAND, which SPIR-V has no instruction for: every item NANDs all ones into
// the words (each NAND complements the word) through each spelling, with a
// constant and a run-time order; every returned value is one of the two
// states. Item 0 also NANDs a mask into a word of its own.
kernel void nand_forms(volatile global uint *words, volatile global ulong *wide,
                       global atomic_uint *c11, global uint *olds, global ulong *wide_olds,
                       int order) {
    size_t i = get_global_id(0);
    olds[6 * i + 0] = __atomic_fetch_nand(&words[0], ~0u, __ATOMIC_ACQ_REL);
    olds[6 * i + 1] = __atomic_nand_fetch(&words[1], ~0u, __ATOMIC_RELAXED);
    olds[6 * i + 2] = __sync_fetch_and_nand(&words[2], ~0u);
    olds[6 * i + 3] = __sync_nand_and_fetch(&words[3], ~0u);
    olds[6 * i + 4] = __atomic_fetch_nand(&words[4], ~0u, order);
    olds[6 * i + 5] = __c11_atomic_fetch_nand(c11, ~0u, __ATOMIC_SEQ_CST);
    wide_olds[i] = __atomic_fetch_nand(wide, ~0UL, __ATOMIC_SEQ_CST);
    if (i == 0) {
        uint mask = 0x0ff00ff0u;
        words[6] = __atomic_nand_fetch(&words[5], mask, __ATOMIC_RELAXED);
    }
}

// GNU forms the library does not use: `<op>_fetch` returns the new value,
// the generic forms pass values through pointers, test-and-set / clear
// guard a plain counter (one taker per work-group, as in spin_lock.cl).
kernel void gnu_forms(volatile global int *words, global int *news,
                      global int *lock, global int *counter) {
    size_t i = get_global_id(0);
    news[i] = __atomic_add_fetch(&words[0], 3, __ATOMIC_RELAXED);
    int value = (int)i;
    __atomic_store(&words[1 + i % 4], &value, __ATOMIC_RELEASE);
    int seen;
    __atomic_load(&words[1 + i % 4], &seen, __ATOMIC_ACQUIRE);
    if (seen < 0 || seen % 4 != (int)(i % 4)) {
        __atomic_fetch_add(&words[5], 1, __ATOMIC_RELAXED); // an error count
    }
    if (get_local_id(0) == 0) {
        while (__atomic_test_and_set(lock, __ATOMIC_ACQUIRE)) {
        }
        *counter = *counter + 1;
        __atomic_clear(lock, __ATOMIC_RELEASE);
    }
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    if (__atomic_always_lock_free(sizeof(int), 0) && __atomic_is_lock_free(sizeof(long), words)) {
        __atomic_fetch_or(&words[6], 1, __ATOMIC_RELAXED);
    }
}

// The legacy `__sync_*` family: seq_cst read-modify-writes, a value and a
// boolean compare-and-swap, and a lock from test-and-set / release.
kernel void sync_forms(volatile global int *words, volatile global uint *u, global int *olds,
                       global int *lock, global int *counter) {
    size_t i = get_global_id(0);
    olds[i] = __sync_fetch_and_add(&words[0], 2);
    __sync_sub_and_fetch(&words[1], 1);
    __sync_fetch_and_min(&words[2], -(int)i);
    __sync_fetch_and_umax(&u[0], (uint)i * 3u);
    __sync_val_compare_and_swap(&words[3 + i % 4], 0, (int)i + 1);
    if (__sync_bool_compare_and_swap(&words[7], 0, 1)) {
        __sync_fetch_and_add(&words[8], 1); // exactly one winner
    }
    if (get_local_id(0) == 0) {
        while (__sync_lock_test_and_set(lock, 1)) {
        }
        *counter = *counter + 1;
        __sync_lock_release(lock);
    }
    __sync_synchronize();
}

// `__c11_atomic_*` on atomic objects.
kernel void c11_forms(global atomic_int *a, global int *olds) {
    size_t i = get_global_id(0);
    olds[i] = __c11_atomic_fetch_add(&a[0], 5, __ATOMIC_RELAXED);
    __c11_atomic_fetch_max(&a[1], (int)i, __ATOMIC_RELAXED);
    __c11_atomic_fetch_xor(&a[2], (int)i, __ATOMIC_RELAXED);
    int expected = 0;
    __c11_atomic_compare_exchange_strong(&a[3], &expected, (int)i + 1, __ATOMIC_ACQ_REL,
                                         __ATOMIC_ACQUIRE);
    __c11_atomic_thread_fence(__ATOMIC_SEQ_CST);
    __c11_atomic_store(&a[4], __c11_atomic_load(&a[4], __ATOMIC_ACQUIRE) | 0, __ATOMIC_RELEASE);
}

// `__opencl_atomic_*` with scopes: a local counter per work-group at
// work-group scope, totals at device scope, and a float sum.
kernel void opencl_forms(global atomic_int *a, global atomic_uint *u, global atomic_float *f,
                         global int *group_counts) {
    local atomic_int count;
    if (get_local_id(0) == 0) {
        __opencl_atomic_init(&count, 0);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    __opencl_atomic_fetch_add(&count, 1, __ATOMIC_RELAXED, __OPENCL_MEMORY_SCOPE_WORK_GROUP);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0) {
        group_counts[get_group_id(0)] =
            __opencl_atomic_load(&count, __ATOMIC_RELAXED, __OPENCL_MEMORY_SCOPE_WORK_GROUP);
    }
    size_t i = get_global_id(0);
    __opencl_atomic_fetch_add(&a[0], 1, __ATOMIC_ACQ_REL, __OPENCL_MEMORY_SCOPE_DEVICE);
    __opencl_atomic_fetch_min(&a[1], -(int)i, __ATOMIC_RELAXED, __OPENCL_MEMORY_SCOPE_DEVICE);
    __opencl_atomic_fetch_max(&u[0], (uint)i, __ATOMIC_RELAXED, __OPENCL_MEMORY_SCOPE_DEVICE);
    __opencl_atomic_fetch_and(&u[1], ~(1u << (i % 32)), __ATOMIC_RELAXED,
                              __OPENCL_MEMORY_SCOPE_DEVICE);
    __opencl_atomic_fetch_add(f, 0.5f, __ATOMIC_RELAXED, __OPENCL_MEMORY_SCOPE_DEVICE);
    int expected = 0;
    while (!__opencl_atomic_compare_exchange_weak(&a[2], &expected, expected + 1, __ATOMIC_ACQ_REL,
                                                  __ATOMIC_RELAXED, __OPENCL_MEMORY_SCOPE_DEVICE)) {
    }
    __opencl_atomic_exchange(&a[3], 9, __ATOMIC_SEQ_CST, __OPENCL_MEMORY_SCOPE_DEVICE);
}
