//! Initialisation of atomics (`tests/exec/initialisation.cl`):
//! program-scope objects with `ATOMIC_VAR_INIT`/`ATOMIC_FLAG_INIT`, read
//! back and updated across launches, and a `local` atomic set up with
//! `atomic_init` by one work-item before `work_group_barrier`.

use super::{build, fixture, runtime_for, Arg, CONTENDED, SINGLE};

#[test]
fn program_scope_initialisers() {
    let Some(runtime) = runtime_for(test_name!()) else {
        return;
    };
    let program = build(&runtime, fixture!("initialisation.cl"), "-cl-std=CL2.0");
    let state = runtime.zeroed::<i32>(4);
    program.run("read_state", &[Arg::Buffer(&state)], SINGLE);
    assert_eq!(
        runtime.read::<i32>(&state),
        vec![100, 0x3456_789a, 0x12, 0],
        "initial values (counter, wide low, wide high, flag was set)"
    );

    let n = CONTENDED.global;
    let olds = runtime.zeroed::<i32>(n);
    program.run("bump", &[Arg::Buffer(&olds)], CONTENDED);
    let mut olds = runtime.read::<i32>(&olds);
    olds.sort_unstable();
    assert_eq!(
        olds,
        (100..100 + n as i32).collect::<Vec<_>>(),
        "fetch_add on a program-scope atomic"
    );

    program.run("read_state", &[Arg::Buffer(&state)], SINGLE);
    let wide = 0x12_3456_789a_i64 + (n as i64) * 0x1_0000_0000;
    assert_eq!(
        runtime.read::<i32>(&state),
        vec![100 + n as i32, wide as i32, (wide >> 32) as i32, 1],
        "state after the updates (the flag was set by the first read)"
    );
}

#[test]
fn local_atomic_init_before_barrier() {
    let Some(runtime) = runtime_for(test_name!()) else {
        return;
    };
    let program = build(&runtime, fixture!("initialisation.cl"), "-cl-std=CL2.0");
    let groups = CONTENDED.global / CONTENDED.local;
    let seeds: Vec<i32> = (0..groups as i32).map(|g| g * 1000 - 7).collect();
    let seeds_buffer = runtime.buffer(&seeds);
    let out = runtime.zeroed::<i32>(groups);
    program.run(
        "local_init",
        &[Arg::Buffer(&seeds_buffer), Arg::Buffer(&out)],
        CONTENDED,
    );
    let lanes: i32 = (0..CONTENDED.local as i32).sum();
    let want: Vec<i32> = seeds.iter().map(|s| s + lanes).collect();
    assert_eq!(runtime.read::<i32>(&out), want);
}
