//! Synchronisation built from atomics, across work-groups: an
//! `atomic_flag` spin lock around a plain read-modify-write
//! (`tests/exec/spin_lock.cl`), release/acquire message passing
//! (`message_passing.cl`), and compare-exchange retry loops computing a
//! product (`cas_product.cl`).

use super::{announce, build, fixture, runtime_for, Arg, Inputs, Range, CONTENDED};

#[test]
fn spin_lock_counts_exactly() {
    let Some(runtime) = runtime_for(test_name!()) else {
        return;
    };
    let program = build(&runtime, fixture!("spin_lock.cl"), "-cl-std=CL2.0");
    let rounds = 200;
    let lock = runtime.zeroed::<i32>(1);
    let counter = runtime.zeroed::<i32>(1);
    program.run(
        "count_under_lock",
        &[Arg::Buffer(&lock), Arg::Buffer(&counter), Arg::Int(rounds)],
        CONTENDED,
    );
    let groups = (CONTENDED.global / CONTENDED.local) as i32;
    assert_eq!(
        runtime.read::<i32>(&counter)[0],
        groups * rounds,
        "increments were lost: the lock did not order the plain accesses"
    );
    assert_eq!(runtime.read::<i32>(&lock)[0], 0, "the lock was left taken");
}

#[test]
fn message_passing_sees_data() {
    let test = test_name!();
    let Some(runtime) = runtime_for(test) else {
        return;
    };
    let program = build(&runtime, fixture!("message_passing.cl"), "-cl-std=CL2.0");
    let pairs = 512;
    let words = 64;
    let data = runtime.zeroed::<i32>(pairs * words);
    let flags = runtime.zeroed::<i32>(pairs);
    let seen = runtime.zeroed::<i32>(pairs);
    let wrong = runtime.zeroed::<i32>(pairs);
    program.run(
        "message_passing",
        &[
            Arg::Buffer(&data),
            Arg::Buffer(&flags),
            Arg::Buffer(&seen),
            Arg::Buffer(&wrong),
            Arg::Int(100_000),
        ],
        Range {
            global: 2 * pairs,
            local: 1,
        },
    );
    let seen = runtime.read::<i32>(&seen);
    let wrong = runtime.read::<i32>(&wrong);
    let observed = seen.iter().filter(|&&s| s != 0).count();
    for (pair, (&s, &w)) in seen.iter().zip(&wrong).enumerate() {
        assert!(
            s == 0 || w == 0,
            "message {pair}: the reader acquired the flag but {w} of {words} data words were stale"
        );
    }
    assert!(
        observed > 0,
        "no reader ever saw its flag; the test proved nothing"
    );
    announce(
        test,
        &format!("{observed} of {pairs} readers saw their flag, all with complete data"),
    );
}

/// Odd factors and their product modulo 2^bits.
fn factors(bits: u32, count: usize) -> (Vec<u64>, u64) {
    let mask = if bits == 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    };
    let mut inputs = Inputs::new(0xfac7 + u64::from(bits));
    let factors: Vec<u64> = (0..count).map(|_| (inputs.next_u64() | 1) & mask).collect();
    let product = factors
        .iter()
        .fold(1u64, |acc, &f| acc.wrapping_mul(f) & mask);
    (factors, product)
}

#[test]
fn compare_exchange_product() {
    let Some(runtime) = runtime_for(test_name!()) else {
        return;
    };
    for (value, atomic) in [("uint", "atomic_uint"), ("ulong", "atomic_ulong")] {
        let flags = format!("-cl-std=CL2.0 -DT={value} -DA={atomic}");
        let program = build(&runtime, fixture!("cas_product.cl"), &flags);
        for kernel in ["product_strong", "product_weak"] {
            let got = if value == "uint" {
                let (inputs, want) = factors(32, CONTENDED.global);
                let inputs: Vec<u32> = inputs.iter().map(|&f| f as u32).collect();
                let product = runtime.buffer(&[1u32]);
                let factors = runtime.buffer(&inputs);
                program.run(
                    kernel,
                    &[Arg::Buffer(&product), Arg::Buffer(&factors)],
                    CONTENDED,
                );
                (u64::from(runtime.read::<u32>(&product)[0]), want)
            } else {
                let (inputs, want) = factors(64, CONTENDED.global);
                let product = runtime.buffer(&[1u64]);
                let factors = runtime.buffer(&inputs);
                program.run(
                    kernel,
                    &[Arg::Buffer(&product), Arg::Buffer(&factors)],
                    CONTENDED,
                );
                (runtime.read::<u64>(&product)[0], want)
            };
            assert_eq!(got.0, got.1, "{kernel} on {atomic}: wrong product");
        }
    }
}
