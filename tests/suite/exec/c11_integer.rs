//! C11 integer atomics under contention (`tests/exec/c11_integer.cl`):
//! every function family on `int`, `uint`, `long`, `ulong`, `intptr_t` and
//! `uintptr_t`, on `global` and `local` objects, directly and through
//! generic pointers, with 4096 work-items in 64 work-groups.
//!
//! Returned values are checked, not just final values: `fetch_add` must
//! hand out each of `init..init+n` exactly once, exchange and the
//! compare-exchange loops must form an unbroken chain. Inputs have the top
//! bit set about half the time, so `fetch_min`/`fetch_max` give different
//! answers for signed and unsigned types (a signedness mix-up fails).

use std::collections::HashMap;
use std::fmt::Debug;
use std::hash::Hash;

use super::device::Scalar;
use super::{build, fixture, runtime_for, Arg, Inputs, CONTENDED};

const ADD: usize = 0;
const SUB: usize = 1;
const OR: usize = 2;
const XOR: usize = 3;
const AND: usize = 4;
const MIN: usize = 5;
const MAX: usize = 6;
const XCHG: usize = 7;
const CAS_STRONG: usize = 8;
const CAS_WEAK: usize = 9;
const STORE_LOAD: usize = 10;
const SLOTS: usize = 11;

/// Host arithmetic for the integer types under test.
trait Int: Scalar + Ord + Eq + Hash + Debug {
    const MIN: Self;
    const MAX: Self;
    const BITS: u32;
    fn from_bits(bits: u64) -> Self;
    fn add(self, other: Self) -> Self;
    fn or(self, other: Self) -> Self;
    fn xor(self, other: Self) -> Self;
    fn and(self, other: Self) -> Self;
    fn not(self) -> Self;
}

macro_rules! impl_int {
    ($($t:ty),*) => {$(
        impl Int for $t {
            const MIN: Self = <$t>::MIN;
            const MAX: Self = <$t>::MAX;
            const BITS: u32 = <$t>::BITS;
            fn from_bits(bits: u64) -> Self {
                bits as $t
            }
            fn add(self, other: Self) -> Self {
                self.wrapping_add(other)
            }
            fn or(self, other: Self) -> Self {
                self | other
            }
            fn xor(self, other: Self) -> Self {
                self ^ other
            }
            fn and(self, other: Self) -> Self {
                self & other
            }
            fn not(self) -> Self {
                !self
            }
        }
    )*};
}
impl_int!(i32, u32, i64, u64);

/// One instantiation of the fixture.
struct Case {
    /// OpenCL C value type.
    value: &'static str,
    /// Unsigned type of the same width.
    unsigned: &'static str,
    /// Atomic type.
    atomic: &'static str,
    /// Whether `atomic_fetch_min`/`max` are exercised.
    min_max: bool,
}

fn run_case<T: Int>(test: &str, case: &Case) {
    let Some(runtime) = runtime_for(test) else {
        return;
    };
    let mut flags = format!(
        "-cl-std=CL2.0 -DT={} -DU={} -DA={} -DBITS={}",
        case.value,
        case.unsigned,
        case.atomic,
        T::BITS
    );
    if case.min_max {
        flags.push_str(" -DHAS_MIN_MAX");
    }
    let program = build(&runtime, fixture!("c11_integer.cl"), &flags);
    let n = CONTENDED.global;
    let mut inputs = Inputs::new(0x5eed ^ u64::from(T::BITS) ^ case.value.len() as u64);
    let vals: Vec<T> = (0..n).map(|_| T::from_bits(inputs.next_u64())).collect();
    let init = initial_values::<T>(&mut inputs);
    let vals_buffer = runtime.buffer(&vals);

    for kernel in ["on_global", "generic_on_global"] {
        let counters = runtime.buffer(&init);
        let olds = runtime.zeroed::<T>(n * SLOTS);
        program.run(
            kernel,
            &[
                Arg::Buffer(&counters),
                Arg::Buffer(&vals_buffer),
                Arg::Buffer(&olds),
            ],
            CONTENDED,
        );
        let olds = runtime.read::<T>(&olds);
        let finals = runtime.read::<T>(&counters);
        let lanes: Vec<u32> = (0..n as u32).collect();
        check_domain(&init, &vals, &olds, &finals, &lanes, case.min_max)
            .unwrap_or_else(|e| panic!("{}: kernel {kernel}: {e}", case.atomic));
    }

    let groups = CONTENDED.global / CONTENDED.local;
    for kernel in ["on_local", "generic_on_local"] {
        let init_buffer = runtime.buffer(&init);
        let olds = runtime.zeroed::<T>(n * SLOTS);
        let finals = runtime.zeroed::<T>(groups * SLOTS);
        program.run(
            kernel,
            &[
                Arg::Buffer(&init_buffer),
                Arg::Buffer(&vals_buffer),
                Arg::Buffer(&olds),
                Arg::Buffer(&finals),
            ],
            CONTENDED,
        );
        let olds = runtime.read::<T>(&olds);
        let finals = runtime.read::<T>(&finals);
        let lanes: Vec<u32> = (0..CONTENDED.local as u32).collect();
        let size = CONTENDED.local;
        for group in 0..groups {
            let items = group * size..(group + 1) * size;
            check_domain(
                &init,
                &vals[items.clone()],
                &olds[items.start * SLOTS..items.end * SLOTS],
                &finals[group * SLOTS..(group + 1) * SLOTS],
                &lanes,
                case.min_max,
            )
            .unwrap_or_else(|e| {
                panic!("{}: kernel {kernel}, work-group {group}: {e}", case.atomic)
            });
        }
    }
}

fn initial_values<T: Int>(inputs: &mut Inputs) -> Vec<T> {
    let mut init: Vec<T> = (0..SLOTS)
        .map(|_| T::from_bits(inputs.next_u64()))
        .collect();
    init[OR] = T::from_bits(0);
    init[AND] = T::from_bits(u64::MAX);
    init[MIN] = T::MAX;
    init[MAX] = T::MIN;
    init
}

/// Checks one contention domain: the work-items that shared one array.
fn check_domain<T: Int>(
    init: &[T],
    vals: &[T],
    olds: &[T],
    finals: &[T],
    lanes: &[u32],
    min_max: bool,
) -> Result<(), String> {
    let old = |slot: usize| -> Vec<T> { olds.iter().skip(slot).step_by(SLOTS).copied().collect() };
    let one = T::from_bits(1);
    let minus_one = T::from_bits(u64::MAX);
    let bits = lanes
        .iter()
        .map(|lane| T::from_bits(1u64 << (lane % T::BITS)))
        .fold(T::from_bits(0), T::or);

    let mut expected = init.to_vec();
    expected[ADD] = (0..vals.len()).fold(init[ADD], |acc, _| acc.add(one));
    expected[SUB] = (0..vals.len()).fold(init[SUB], |acc, _| acc.add(minus_one));
    expected[OR] = init[OR].or(bits);
    expected[XOR] = vals.iter().fold(init[XOR], |acc, &v| acc.xor(v));
    expected[AND] = init[AND].and(bits.not());
    if min_max {
        expected[MIN] = vals.iter().fold(init[MIN], |acc, &v| acc.min(v));
        expected[MAX] = vals.iter().fold(init[MAX], |acc, &v| acc.max(v));
    }
    let sum = vals.iter().fold(T::from_bits(0), |acc, &v| acc.add(v));
    expected[CAS_STRONG] = init[CAS_STRONG].add(sum);
    expected[CAS_WEAK] = init[CAS_WEAK].add(sum);
    expected[XCHG] = finals[XCHG]; // checked as a chain below
    expected[STORE_LOAD] = finals[STORE_LOAD]; // checked below
    for (slot, (want, got)) in expected.iter().zip(finals).enumerate() {
        if want != got {
            return Err(format!(
                "final value of slot {slot}: expected {want:?}, found {got:?}"
            ));
        }
    }

    // fetch_add/fetch_sub hand out every intermediate value exactly once.
    let counted = |start: T, step: T| -> Vec<T> {
        let mut v: Vec<T> = std::iter::successors(Some(start), |&x| Some(x.add(step)))
            .take(vals.len())
            .collect();
        v.sort();
        v
    };
    for (slot, step) in [(ADD, one), (SUB, minus_one)] {
        let mut got = old(slot);
        got.sort();
        if got != counted(init[slot], step) {
            return Err(format!(
                "slot {slot}: returned values are not a permutation of the counter's history"
            ));
        }
    }

    // Exchange: the values read out plus the final value are the values put
    // in plus the initial value.
    let mut taken = old(XCHG);
    taken.push(finals[XCHG]);
    let mut given = vals.to_vec();
    given.push(init[XCHG]);
    if multiset(&taken) != multiset(&given) {
        return Err("atomic_exchange: returned values do not form one chain".into());
    }

    // Compare-exchange loops: each success replaced `old` with `old + v`.
    for slot in [CAS_STRONG, CAS_WEAK] {
        let replaced = old(slot);
        let mut before = replaced.clone();
        before.push(finals[slot]);
        let mut after: Vec<T> = replaced.iter().zip(vals).map(|(&o, &v)| o.add(v)).collect();
        after.push(init[slot]);
        if multiset(&before) != multiset(&after) {
            return Err(format!(
                "slot {slot}: compare-exchange expected values do not form one chain"
            ));
        }
    }

    // store then load: the load sees some stored value, never the initial one.
    let stored = multiset(vals);
    if let Some(bad) = old(STORE_LOAD)
        .into_iter()
        .chain([finals[STORE_LOAD]])
        .find(|v| !stored.contains_key(v))
    {
        return Err(format!(
            "atomic_load after atomic_store returned {bad:?}, which no work-item stored"
        ));
    }
    if min_max {
        let low = expected[MIN];
        let high = expected[MAX];
        if old(MIN).iter().any(|&v| v < low) || old(MAX).iter().any(|&v| v > high) {
            return Err("fetch_min/fetch_max returned a value beyond the final extreme".into());
        }
    }
    Ok(())
}

fn multiset<T: Int>(values: &[T]) -> HashMap<T, usize> {
    let mut counts = HashMap::new();
    for &v in values {
        *counts.entry(v).or_insert(0) += 1;
    }
    counts
}

#[test]
fn int() {
    run_case::<i32>(
        test_name!(),
        &Case {
            value: "int",
            unsigned: "uint",
            atomic: "atomic_int",
            min_max: true,
        },
    );
}

#[test]
fn uint() {
    run_case::<u32>(
        test_name!(),
        &Case {
            value: "uint",
            unsigned: "uint",
            atomic: "atomic_uint",
            min_max: true,
        },
    );
}

#[test]
fn long() {
    run_case::<i64>(
        test_name!(),
        &Case {
            value: "long",
            unsigned: "ulong",
            atomic: "atomic_long",
            min_max: true,
        },
    );
}

#[test]
fn ulong() {
    run_case::<u64>(
        test_name!(),
        &Case {
            value: "ulong",
            unsigned: "ulong",
            atomic: "atomic_ulong",
            min_max: true,
        },
    );
}

#[test]
fn intptr() {
    run_case::<i64>(
        test_name!(),
        &Case {
            value: "intptr_t",
            unsigned: "uintptr_t",
            atomic: "atomic_intptr_t",
            min_max: false,
        },
    );
}

#[test]
fn uintptr() {
    run_case::<u64>(
        test_name!(),
        &Case {
            value: "uintptr_t",
            unsigned: "uintptr_t",
            atomic: "atomic_uintptr_t",
            min_max: false,
        },
    );
}
