// Shapes from the Khronos conformance suite's c11_atomics test that oclc
// once rejected: program-scope arrays of atomics initialized element by
// element with ATOMIC_VAR_INIT / ATOMIC_FLAG_INIT, compare-exchange with
// success order release and failure order acquire (atomic_half is in
// atomic_half.cl).

global volatile atomic_int slots[4] = {
    ATOMIC_VAR_INIT(-1), ATOMIC_VAR_INIT(-1), ATOMIC_VAR_INIT(2), ATOMIC_VAR_INIT(3)
};
global atomic_flag taken[3] = { ATOMIC_FLAG_INIT, ATOMIC_FLAG_INIT, ATOMIC_FLAG_INIT };

// Every work-item adds one to slot (gid % 4) and tries to take flag
// (gid % 3); winners[f] counts the work-items that set flag f.
kernel void bump_slots(global int *olds, global atomic_int *winners) {
    size_t gid = get_global_id(0);
    olds[gid] = atomic_fetch_add_explicit(&slots[gid % 4], 1, memory_order_relaxed,
                                          memory_scope_device);
    if (!atomic_flag_test_and_set_explicit(&taken[gid % 3], memory_order_acq_rel,
                                           memory_scope_device)) {
        atomic_fetch_add_explicit(&winners[gid % 3], 1, memory_order_relaxed,
                                  memory_scope_device);
    }
}

kernel void read_slots(global int *out) {
    for (int i = 0; i < 4; i++) {
        out[i] = atomic_load(&slots[i]);
    }
}

// A ticket counter advanced with a compare-exchange loop whose success
// order is release and failure order acquire: each work-item gets a
// distinct ticket, and the last value is the count.
kernel void tickets(global atomic_uint *next, global uint *ticket) {
    uint seen = atomic_load_explicit(next, memory_order_acquire, memory_scope_device);
    while (!atomic_compare_exchange_weak_explicit(next, &seen, seen + 1,
                                                  memory_order_release,
                                                  memory_order_acquire,
                                                  memory_scope_device)) {
    }
    ticket[get_global_id(0)] = seen;
}

// Kernel-scope variables of every vector width, in `local` and `private`
// memory, as the conformance suite's `kernel_memory_alignment_*` declares
// them: each address modulo its type's alignment (a 3-vector aligns as a
// 4-vector), which must be 0.
#define ALIGNMENTS(space, T)                                                   \
    space T m1[3];                                                             \
    space T##2 m2[3];                                                          \
    space T##3 m3[3];                                                          \
    space T##4 m4[3];                                                          \
    space T##8 m8[3];                                                          \
    space T##16 m16[3];                                                        \
    out[0] = (ulong)&m1[0] % sizeof(T);                                        \
    out[1] = (ulong)&m2[0] % (2 * sizeof(T));                                  \
    out[2] = (ulong)&m3[0] % (4 * sizeof(T));                                  \
    out[3] = (ulong)&m4[0] % (4 * sizeof(T));                                  \
    out[4] = (ulong)&m8[0] % (8 * sizeof(T));                                  \
    out[5] = (ulong)&m16[0] % (16 * sizeof(T));                                \
    m1[get_local_id(0)] = 0;                                                   \
    m16[get_local_id(0)] = (T##16)(0);

kernel void local_char_alignment(global ulong *out) { ALIGNMENTS(local, char) }
kernel void local_short_alignment(global ulong *out) { ALIGNMENTS(local, short) }
kernel void local_int_alignment(global ulong *out) { ALIGNMENTS(local, int) }
kernel void local_long_alignment(global ulong *out) { ALIGNMENTS(local, long) }
kernel void local_float_alignment(global ulong *out) { ALIGNMENTS(local, float) }
kernel void private_long_alignment(global ulong *out) { ALIGNMENTS(private, long) }
kernel void private_float_alignment(global ulong *out) { ALIGNMENTS(private, float) }
