//! Store buffering litmus test (`tests/exec/litmus_store_buffering.cl`):
//! proves that the tests can tell orders apart. Under `seq_cst` the outcome
//! (0, 0) must never appear; under release/acquire and relaxed x86 store
//! buffers make it appear, so a compiler that mapped `seq_cst` to anything
//! weaker would fail here. If a weak variant never shows (0, 0) the run is
//! reported INCONCLUSIVE (the machine did not run the pair concurrently
//! enough) and does not fail.

use super::{announce, build, fixture, runtime_exclusively_for, Arg, Range};

/// Trials per variant (iterations of the single pair of work-groups).
const TRIALS: usize = 100_000;

/// Runs the test with the given orders; returns how many (0, 0) outcomes
/// appeared.
fn forbidden_outcomes(test: &str, store_order: &str, load_order: &str) -> Option<usize> {
    let runtime = runtime_exclusively_for(test)?;
    let flags = format!("-cl-std=CL2.0 -DSTORE_ORDER={store_order} -DLOAD_ORDER={load_order}");
    let program = build(&runtime, fixture!("litmus_store_buffering.cl"), &flags);
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
            Arg::Int(1_000_000),
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
            "store {store_order} / load {load_order}: (0, 0) in {both_zero} of {TRIALS} trials \
             (the sides waited for each other in {} and {} iterations)",
            waited[0], waited[1]
        ),
    );
    Some(both_zero)
}

#[test]
fn seq_cst_forbids_store_buffering() {
    let test = "litmus::seq_cst_forbids_store_buffering";
    let Some(seen) = forbidden_outcomes(test, "memory_order_seq_cst", "memory_order_seq_cst")
    else {
        return;
    };
    assert_eq!(
        seen, 0,
        "seq_cst stores and loads showed the store-buffering outcome (0, 0)"
    );
}

/// Runs a weak variant; (0, 0) is allowed, and not seeing it is reported.
fn weak_variant(test: &str, store_order: &str, load_order: &str) {
    if forbidden_outcomes(test, store_order, load_order) == Some(0) {
        announce(
            test,
            "INCONCLUSIVE: (0, 0) never appeared, so this run could not have caught a seq_cst mapped too weakly",
        );
    }
}

#[test]
fn release_acquire_allows_store_buffering() {
    weak_variant(
        "litmus::release_acquire_allows_store_buffering",
        "memory_order_release",
        "memory_order_acquire",
    );
}

#[test]
fn relaxed_allows_store_buffering() {
    weak_variant(
        "litmus::relaxed_allows_store_buffering",
        "memory_order_relaxed",
        "memory_order_relaxed",
    );
}
