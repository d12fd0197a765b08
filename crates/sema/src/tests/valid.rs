//! A corpus of realistic atomic kernels that must analyse without errors,
//! each also checked for the atomic operations it lowers to (operation,
//! folded order and scope as written in the source).

use super::{compile_ok, Compiled};
use oclc_ir::{MemArg, MemoryOrder, MemoryScope};

/// The atomic operations of `function` as `Op order scope` (`-` for an
/// argument not written, `/failure` after a compare-exchange's order),
/// sorted, so the expectation reads as the source does.
fn atomics(compiled: &Compiled, function: &str) -> Vec<String> {
    let spell = |arg: &Option<MemArg>, name: &dyn Fn(i64) -> Option<String>| match arg {
        None => "-".to_owned(),
        Some(arg) => arg.value.and_then(name).unwrap_or_else(|| "?".to_owned()),
    };
    let order = |v| MemoryOrder::from_value(v).map(|o| format!("{o:?}"));
    let scope = |v| MemoryScope::from_value(v).map(|s| format!("{s:?}"));
    let mut out: Vec<String> = compiled
        .atomics(compiled.function(function))
        .iter()
        .map(|a| {
            let mut text = format!("{:?} {}", a.op, spell(&a.order, &order));
            if a.failure.is_some() {
                text.push_str(&format!("/{}", spell(&a.failure, &order)));
            }
            format!("{text} {}", spell(&a.scope, &scope))
        })
        .collect();
    out.sort();
    out
}

#[test]
fn counter_with_fetch_add() {
    let compiled = compile_ok(
        "kernel void count(global atomic_int *counter, global const int *data, int threshold) {
            size_t i = get_global_id(0);
            if (data[i] > threshold)
                atomic_fetch_add_explicit(counter, 1, memory_order_relaxed, memory_scope_device);
        }",
    );
    assert_eq!(atomics(&compiled, "count"), ["FetchAdd Relaxed Device"]);
}

#[test]
fn histogram_with_legacy_atomic_inc() {
    let compiled = compile_ok(
        "#define BINS 256
        __kernel __attribute__((reqd_work_group_size(64, 1, 1)))
        void histogram(__global const uchar *pixels, volatile __global uint *bins, uint n) {
            __local uint local_bins[BINS];
            uint lid = get_local_id(0);
            for (uint b = lid; b < BINS; b += get_local_size(0))
                local_bins[b] = 0;
            barrier(CLK_LOCAL_MEM_FENCE);
            for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
                atomic_inc(&local_bins[pixels[i]]);
            barrier(CLK_LOCAL_MEM_FENCE);
            for (uint b = lid; b < BINS; b += get_local_size(0))
                atomic_add(&bins[b], local_bins[b]);
        }",
    );
    assert_eq!(
        atomics(&compiled, "histogram"),
        ["LegacyAdd - -", "LegacyInc - -"]
    );
}

#[test]
fn spin_lock_with_atomic_flag() {
    let compiled = compile_ok(
        "void lock(global atomic_flag *l) {
            while (atomic_flag_test_and_set_explicit(l, memory_order_acquire, memory_scope_device))
                ;
        }
        void unlock(global atomic_flag *l) {
            atomic_flag_clear_explicit(l, memory_order_release, memory_scope_device);
        }
        kernel void critical(global atomic_flag *l, global int *shared) {
            lock(l);
            *shared += 1;
            unlock(l);
        }",
    );
    assert_eq!(
        atomics(&compiled, "lock"),
        ["FlagTestAndSet Acquire Device"]
    );
    assert_eq!(atomics(&compiled, "unlock"), ["FlagClear Release Device"]);
    assert!(atomics(&compiled, "critical").is_empty());
}

#[test]
fn compare_exchange_loop_for_float_max() {
    let compiled = compile_ok(
        "float as_float_bits(int x) { return (float)x; }
        kernel void float_max(global atomic_int *result, global const float *values) {
            size_t i = get_global_id(0);
            int expected = atomic_load_explicit(result, memory_order_relaxed);
            int desired;
            do {
                float current = as_float_bits(expected);
                desired = values[i] > current ? (int)values[i] : expected;
            } while (!atomic_compare_exchange_weak_explicit(result, &expected, desired,
                         memory_order_acq_rel, memory_order_relaxed, memory_scope_device));
        }",
    );
    assert_eq!(
        atomics(&compiled, "float_max"),
        [
            "CompareExchangeWeak AcqRel/Relaxed Device",
            "Load Relaxed -"
        ]
    );
}

#[test]
fn program_scope_atomics() {
    let compiled = compile_ok(
        "global atomic_uint tickets = ATOMIC_VAR_INIT(0);
        global atomic_flag guard = ATOMIC_FLAG_INIT;
        constant int weights[4] = {1, 2, 3, 4};
        kernel void take(global uint *out) {
            size_t i = get_global_id(0);
            out[i] = atomic_fetch_add(&tickets, (uint)weights[i % 4]);
            atomic_flag_clear(&guard);
        }",
    );
    assert_eq!(
        atomics(&compiled, "take"),
        ["FetchAdd - -", "FlagClear - -"]
    );
}

#[test]
fn local_atomics_with_init_and_barrier() {
    let compiled = compile_ok(
        "kernel void reduce(global const int *in, global atomic_int *total) {
            local atomic_int sum;
            if (get_local_id(0) == 0)
                atomic_init(&sum, 0);
            work_group_barrier(CLK_LOCAL_MEM_FENCE);
            atomic_fetch_add_explicit(&sum, in[get_global_id(0)], memory_order_relaxed,
                                      memory_scope_work_group);
            work_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_work_group);
            if (get_local_id(0) == 0)
                atomic_fetch_add(total, atomic_load_explicit(&sum, memory_order_relaxed,
                                                             memory_scope_work_group));
        }",
    );
    assert_eq!(
        atomics(&compiled, "reduce"),
        [
            "FetchAdd - -",
            "FetchAdd Relaxed WorkGroup",
            "Init - -",
            "Load Relaxed WorkGroup"
        ]
    );
}

#[test]
fn generic_pointers_through_helpers() {
    let compiled = compile_ok(
        "int bump(atomic_int *counter, int by) {
            return atomic_fetch_add_explicit(counter, by, memory_order_seq_cst);
        }
        void record(int *slot, int value) { *slot = value; }
        kernel void k(global atomic_int *g, global int *out) {
            local atomic_int l;
            atomic_init(&l, 0);
            work_group_barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
            int a = bump(g, 1);
            int b = bump(&l, 2);
            int tmp;
            record(&tmp, a + b);
            record(&out[get_global_id(0)], tmp);
        }",
    );
    assert_eq!(atomics(&compiled, "bump"), ["FetchAdd SeqCst -"]);
    assert_eq!(atomics(&compiled, "k"), ["Init - -"]);
}

#[test]
fn structs_and_typedefs() {
    let compiled = compile_ok(
        "typedef struct {
            atomic_int head;
            atomic_int tail;
            int items[16];
        } queue_t;
        struct pair { int key; float value; };
        typedef struct pair pair_t;
        void push(global queue_t *q, int item) {
            int slot = atomic_fetch_add_explicit(&q->tail, 1, memory_order_acq_rel,
                                                 memory_scope_device) % 16;
            q->items[slot] = item;
        }
        kernel void k(global queue_t *q, global pair_t *pairs) {
            pair_t p = pairs[get_global_id(0)];
            p.value *= 2.0f;
            push(q, p.key);
            pairs[get_global_id(0)] = p;
            struct pair zero = { .key = 0 };
            pairs[0] = zero;
        }",
    );
    assert_eq!(atomics(&compiled, "push"), ["FetchAdd AcqRel Device"]);
    assert!(atomics(&compiled, "k").is_empty());
}

#[test]
fn switch_and_loops_with_fences() {
    let compiled = compile_ok(
        "enum mode { ADD, SUB = 5, OR };
        kernel void k(global atomic_uint *x, global int *modes, int n) {
            for (int i = 0; i < n; i++) {
                switch (modes[i]) {
                case ADD:
                    atomic_fetch_add(x, 1u);
                    break;
                case SUB:
                case SUB + 1:
                    atomic_fetch_sub_explicit(x, 1u, memory_order_release);
                    continue;
                default:
                    atomic_fetch_or(x, 1u << (i & 31));
                }
                int j = 0;
                while (j < 4) { j++; if (j == 2) break; }
                atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acq_rel, memory_scope_device);
            }
        }",
    );
    assert_eq!(
        atomics(&compiled, "k"),
        ["FetchAdd - -", "FetchOr - -", "FetchSub Release -"]
    );
}

#[test]
fn legacy_atom_functions_on_long_and_min_max() {
    let compiled = compile_ok(
        "#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
        kernel void k(volatile global long *total, volatile local int *m, global int *out) {
            atom_add(total, 5);
            int old = atomic_cmpxchg((volatile local int *)m, 0, 1);
            atomic_max(m, old);
            atomic_xchg((volatile global float *)out, 1.0f);
            out[0] = min(old, 3) + max(1, 2) + clamp(old, 0, 10) + (int)abs(-4);
        }",
    );
    assert_eq!(
        atomics(&compiled, "k"),
        [
            "LegacyAdd - -",
            "LegacyCmpxchg - -",
            "LegacyMax - -",
            "LegacyXchg - -"
        ]
    );
}

#[test]
fn parameters_modified_in_the_body_get_copies() {
    let compiled = compile_ok(
        "kernel void k(global int *p, int n) {
            while (n-- > 0) { *p++ = n; }
        }",
    );
    let function = compiled.function("k");
    assert_eq!(function.locals.len(), 2, "both parameters are copied");
}
