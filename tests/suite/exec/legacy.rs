//! OpenCL 1.x atomics (`tests/exec/legacy.cl`): `atomic_inc` histograms
//! over the whole NDRange and per work-group, 64-bit `atom_add`, and the
//! value `atomic_cmpxchg` returns.

use std::collections::HashMap;

use super::{build, fixture, runtime_for, Arg, Inputs, CONTENDED};

const BINS: usize = 16;

#[test]
fn histograms() {
    let Some(runtime) = runtime_for(test_name!()) else {
        return;
    };
    let program = build(&runtime, fixture!("legacy.cl"), "-cl-std=CL2.0");
    let mut inputs = Inputs::new(0x4157);
    let values: Vec<u32> = (0..CONTENDED.global)
        .map(|_| inputs.next_u64() as u32)
        .collect();
    let mut want = vec![0u32; BINS];
    for v in &values {
        want[*v as usize % BINS] += 1;
    }
    let values = runtime.buffer(&values);
    for kernel in ["histogram", "histogram_local"] {
        let bins = runtime.zeroed::<u32>(BINS);
        program.run(
            kernel,
            &[Arg::Buffer(&values), Arg::Buffer(&bins)],
            CONTENDED,
        );
        assert_eq!(runtime.read::<u32>(&bins), want, "{kernel}");
    }
}

#[test]
fn atom_add_64() {
    let Some(runtime) = runtime_for(test_name!()) else {
        return;
    };
    let program = build(&runtime, fixture!("legacy.cl"), "-cl-std=CL2.0");
    let vals: Vec<i64> = (0..CONTENDED.global as i64)
        .map(|i| (i + 1) << 33)
        .collect();
    let start = -5i64;
    let sum = runtime.buffer(&[start]);
    let olds = runtime.zeroed::<i64>(vals.len());
    let vals_buffer = runtime.buffer(&vals);
    program.run(
        "add64",
        &[
            Arg::Buffer(&sum),
            Arg::Buffer(&vals_buffer),
            Arg::Buffer(&olds),
        ],
        CONTENDED,
    );
    let total = vals.iter().fold(start, |acc, v| acc.wrapping_add(*v));
    assert_eq!(runtime.read::<i64>(&sum)[0], total, "64-bit sum");
    // Each returned value is the sum before one addition: together with the
    // final sum they are the initial value plus every addition.
    let olds = runtime.read::<i64>(&olds);
    let mut before: Vec<i64> = olds.iter().copied().chain([total]).collect();
    let mut after: Vec<i64> = olds
        .iter()
        .zip(&vals)
        .map(|(o, v)| o + v)
        .chain([start])
        .collect();
    before.sort_unstable();
    after.sort_unstable();
    assert_eq!(
        before, after,
        "atom_add returned values do not form one chain"
    );
}

#[test]
fn cmpxchg_returns_old_value() {
    let Some(runtime) = runtime_for(test_name!()) else {
        return;
    };
    let program = build(&runtime, fixture!("legacy.cl"), "-cl-std=CL2.0");
    let slot_count = 16usize;
    let slots = runtime.buffer(&vec![-1i32; slot_count]);
    let olds = runtime.zeroed::<i32>(CONTENDED.global);
    program.run(
        "claim",
        &[
            Arg::Buffer(&slots),
            Arg::Buffer(&olds),
            Arg::Int(slot_count as i32),
        ],
        CONTENDED,
    );
    let slots = runtime.read::<i32>(&slots);
    let olds = runtime.read::<i32>(&olds);
    let mut winners: HashMap<usize, Vec<usize>> = HashMap::new();
    for (item, &old) in olds.iter().enumerate() {
        let slot = item % slot_count;
        let owner = slots[slot];
        assert!(
            owner >= 0 && owner as usize % slot_count == slot,
            "slot {slot} holds {owner}, not a claimant"
        );
        if old == -1 {
            winners.entry(slot).or_default().push(item);
        } else {
            assert_eq!(
                old, owner,
                "work-item {item} lost slot {slot} but was told it held {old}"
            );
        }
    }
    for (slot, &owner) in slots.iter().enumerate() {
        assert_eq!(
            winners.get(&slot),
            Some(&vec![owner as usize]),
            "slot {slot}: exactly its owner must have seen -1"
        );
    }
}
