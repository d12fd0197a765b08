//! Store buffering litmus test (`tests/exec/litmus_store_buffering.cl`):
//! proves that the tests can tell orders apart. Under `seq_cst` the outcome
//! (0, 0) must never appear; under release/acquire and relaxed, x86 store
//! buffers make it appear, so a compiler that mapped `seq_cst` to anything
//! weaker would fail here. The weak variants only report (their names say
//! so): if one never shows (0, 0) in any of its rounds, it prints
//! INCONCLUSIVE (the machine did not run the pair concurrently enough) and
//! does not fail.
//!
//! The litmus tests hold the device exclusively: they need both cores.

use super::{
    announce, build, fixture, runtime_exclusively_for, Arg, Built, Range, Runtime, Session,
};

/// Trials per round (iterations of the single pair of work-groups).
const TRIALS: usize = 100_000;

/// Polls a side waits for its partner per iteration before moving on.
const SPIN_LIMIT: i32 = 1_000_000;

/// Runs one round; returns how many (0, 0) outcomes appeared.
fn round(runtime: &Runtime, program: &Built<'_>, test: &str, orders: &str) -> usize {
    let x = runtime.zeroed::<i32>(TRIALS);
    let y = runtime.zeroed::<i32>(TRIALS);
    let results = runtime.buffer(&vec![-1i32; 2 * TRIALS]);
    let progress = runtime.buffer(&[-1i32, -1]);
    let tickets = runtime.zeroed::<i32>(1);
    let waited = runtime.zeroed::<i32>(2);
    program.run(
        "store_buffering",
        &[
            Arg::Buffer(&x),
            Arg::Buffer(&y),
            Arg::Buffer(&results),
            Arg::Buffer(&progress),
            Arg::Buffer(&tickets),
            Arg::Buffer(&waited),
            Arg::Int(TRIALS as i32),
            Arg::Int(SPIN_LIMIT),
        ],
        Range {
            global: 2,
            local: 1,
        },
    );
    let results = runtime.read::<i32>(&results);
    assert!(
        results.iter().all(|&r| r == 0 || r == 1),
        "a load returned something other than 0 or 1"
    );
    let both_zero = results.chunks_exact(2).filter(|r| r == &[0, 0]).count();
    let waited = runtime.read::<i32>(&waited);
    announce(
        test,
        &format!(
            "{orders}: (0, 0) in {both_zero} of {TRIALS} trials \
             (the sides met in {} and {} iterations)",
            waited[0], waited[1]
        ),
    );
    both_zero
}

/// Builds the test for one pair of orders; `None` when skipped.
fn litmus(test: &str, store_order: &str, load_order: &str) -> Option<Litmus> {
    let runtime = runtime_exclusively_for(test)?;
    let flags = format!("-cl-std=CL2.0 -DSTORE_ORDER={store_order} -DLOAD_ORDER={load_order}");
    let program = build(&runtime, fixture!("litmus_store_buffering.cl"), &flags);
    Some(Litmus {
        program,
        runtime,
        orders: format!("store {store_order} / load {load_order}"),
    })
}

struct Litmus {
    program: Built<'static>,
    runtime: Session,
    orders: String,
}

#[test]
fn seq_cst_forbids_store_buffering() {
    let test = test_name!();
    let Some(litmus) = litmus(test, "memory_order_seq_cst", "memory_order_seq_cst") else {
        return;
    };
    for _ in 0..2 {
        let seen = round(&litmus.runtime, &litmus.program, test, &litmus.orders);
        assert_eq!(
            seen, 0,
            "seq_cst stores and loads showed the store-buffering outcome (0, 0)"
        );
    }
}

/// Runs a weak variant for up to four rounds until (0, 0) appears; not
/// seeing it is reported, not failed.
fn weak_variant(test: &str, store_order: &str, load_order: &str) {
    let Some(litmus) = litmus(test, store_order, load_order) else {
        return;
    };
    let rounds = 4;
    if (0..rounds).all(|_| round(&litmus.runtime, &litmus.program, test, &litmus.orders) == 0) {
        announce(
            test,
            &format!(
                "INCONCLUSIVE: (0, 0) never appeared in {} trials, so this run could not have \
                 caught a seq_cst mapped too weakly",
                rounds * TRIALS
            ),
        );
    }
}

#[test]
fn release_acquire_store_buffering_report_only() {
    weak_variant(test_name!(), "memory_order_release", "memory_order_acquire");
}

#[test]
fn relaxed_store_buffering_report_only() {
    weak_variant(test_name!(), "memory_order_relaxed", "memory_order_relaxed");
}
