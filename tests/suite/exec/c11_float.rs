//! Float atomics (`tests/exec/c11_float.cl`, `c11_float_fetch.cl`): exchange and compare-exchange
//! retry loops on `atomic_float` (which a compiler must lower through the
//! 32-bit integer bit pattern), and the `cl_ext_float_atomics` fetch
//! add/min/max builtins when the device reports the capabilities.

use std::collections::HashMap;

use super::device::fp_atomic;
use super::{
    announce, build, fixture, reference_cannot, runtime_for, runtime_required, Arg, CONTENDED,
};

/// Small integers, some negative, as floats: all sums are exact.
fn inputs() -> Vec<f32> {
    (0..CONTENDED.global)
        .map(|i| ((i * 7919 % 61) as f32) - 30.0)
        .collect()
}

/// Multiset of bit patterns (floats are compared exactly).
fn multiset(values: impl IntoIterator<Item = f32>) -> HashMap<u32, usize> {
    let mut counts = HashMap::new();
    for v in values {
        *counts.entry(v.to_bits()).or_insert(0) += 1;
    }
    counts
}

/// `replaced[i]` was the value when `vals[i]` was added: together with the
/// initial and final values they must form one chain of additions.
fn check_add_chain(init: f32, vals: &[f32], replaced: &[f32], last: f32) -> Result<(), String> {
    let sum: f32 = vals.iter().sum::<f32>() + init;
    if last != sum {
        return Err(format!("final value {last}, expected {sum}"));
    }
    let before = multiset(replaced.iter().copied().chain([last]));
    let after = multiset(replaced.iter().zip(vals).map(|(o, v)| o + v).chain([init]));
    if before != after {
        return Err("returned values do not form one chain of additions".into());
    }
    Ok(())
}

#[test]
fn exchange_and_compare_exchange() {
    let test = test_name!();
    let Some(runtime) = runtime_for(test) else {
        return;
    };
    if reference_cannot(test, "clang-15 aborts on compare-exchange of atomic_float") {
        return;
    }
    let program = build(&runtime, fixture!("c11_float.cl"), "-cl-std=CL2.0");
    let vals = inputs();
    let vals_buffer = runtime.buffer(&vals);
    let n = vals.len();

    let slot = runtime.buffer(&[0.5f32]);
    let olds = runtime.zeroed::<f32>(n);
    program.run(
        "exchange_chain",
        &[
            Arg::Buffer(&slot),
            Arg::Buffer(&vals_buffer),
            Arg::Buffer(&olds),
        ],
        CONTENDED,
    );
    let last = runtime.read::<f32>(&slot)[0];
    let taken = multiset(runtime.read::<f32>(&olds).into_iter().chain([last]));
    assert_eq!(
        taken,
        multiset(vals.iter().copied().chain([0.5])),
        "atomic_exchange on atomic_float lost or invented values"
    );

    let sum = runtime.buffer(&[0.0f32]);
    let olds = runtime.zeroed::<f32>(n);
    program.run(
        "cas_sum",
        &[
            Arg::Buffer(&sum),
            Arg::Buffer(&vals_buffer),
            Arg::Buffer(&olds),
        ],
        CONTENDED,
    );
    check_add_chain(
        0.0,
        &vals,
        &runtime.read::<f32>(&olds),
        runtime.read::<f32>(&sum)[0],
    )
    .unwrap_or_else(|e| panic!("cas_sum: {e}"));

    let groups = n / CONTENDED.local;
    let olds = runtime.zeroed::<f32>(n);
    let sums = runtime.zeroed::<f32>(groups);
    program.run(
        "cas_sum_local",
        &[
            Arg::Buffer(&vals_buffer),
            Arg::Buffer(&olds),
            Arg::Buffer(&sums),
        ],
        CONTENDED,
    );
    let olds = runtime.read::<f32>(&olds);
    let sums = runtime.read::<f32>(&sums);
    for (group, items) in vals.chunks(CONTENDED.local).enumerate() {
        let range = group * CONTENDED.local..(group + 1) * CONTENDED.local;
        check_add_chain(0.0, items, &olds[range], sums[group])
            .unwrap_or_else(|e| panic!("cas_sum_local, work-group {group}: {e}"));
    }
}

#[test]
fn ext_float_atomics_fetch() {
    let test = test_name!();
    let Some(runtime) = runtime_for(test) else {
        return;
    };
    let needed = fp_atomic::GLOBAL_ADD
        | fp_atomic::GLOBAL_MIN_MAX
        | fp_atomic::LOCAL_ADD
        | fp_atomic::LOCAL_MIN_MAX;
    let reported = runtime.has_extension("cl_ext_float_atomics");
    let capabilities = runtime.single_fp_atomic_capabilities;
    if !reported || capabilities & needed != needed {
        let message = format!(
            "NOT RUN: {} reports cl_ext_float_atomics: {reported}, single-precision capabilities {capabilities:#x} (needs {needed:#x})",
            runtime.name
        );
        announce(test, &message);
        assert!(!(reported && runtime_required()), "{message}");
        return;
    }
    let program = build(
        &runtime,
        fixture!("c11_float_fetch.cl"),
        "-cl-std=CL2.0 -cl-ext=+cl_ext_float_atomics",
    );
    let vals = inputs();
    let vals_buffer = runtime.buffer(&vals);
    let n = vals.len();
    let (low, high) = vals
        .iter()
        .fold((f32::INFINITY, f32::NEG_INFINITY), |(l, h), &v| {
            (l.min(v), h.max(v))
        });

    let init = [0.0f32, f32::INFINITY, f32::NEG_INFINITY];
    let acc = runtime.buffer(&init);
    let olds = runtime.zeroed::<f32>(n);
    program.run(
        "fetch_global",
        &[
            Arg::Buffer(&acc),
            Arg::Buffer(&vals_buffer),
            Arg::Buffer(&olds),
        ],
        CONTENDED,
    );
    let acc = runtime.read::<f32>(&acc);
    check_add_chain(0.0, &vals, &runtime.read::<f32>(&olds), acc[0])
        .unwrap_or_else(|e| panic!("fetch_global add: {e}"));
    assert_eq!((acc[1], acc[2]), (low, high), "fetch_global min/max");

    let groups = n / CONTENDED.local;
    let acc = runtime.zeroed::<f32>(3 * groups);
    let olds = runtime.zeroed::<f32>(n);
    let init = runtime.buffer(&init);
    program.run(
        "fetch_local",
        &[
            Arg::Buffer(&init),
            Arg::Buffer(&acc),
            Arg::Buffer(&vals_buffer),
            Arg::Buffer(&olds),
        ],
        CONTENDED,
    );
    let acc = runtime.read::<f32>(&acc);
    let olds = runtime.read::<f32>(&olds);
    for (group, items) in vals.chunks(CONTENDED.local).enumerate() {
        let range = group * CONTENDED.local..(group + 1) * CONTENDED.local;
        check_add_chain(0.0, items, &olds[range], acc[3 * group])
            .unwrap_or_else(|e| panic!("fetch_local add, work-group {group}: {e}"));
        let (low, high) = items
            .iter()
            .fold((f32::INFINITY, f32::NEG_INFINITY), |(l, h), &v| {
                (l.min(v), h.max(v))
            });
        assert_eq!(
            (acc[3 * group + 1], acc[3 * group + 2]),
            (low, high),
            "fetch_local min/max, work-group {group}"
        );
    }
}
