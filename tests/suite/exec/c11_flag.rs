//! `atomic_flag` (`tests/exec/c11_flag.cl`): test-and-set must let exactly
//! one work-item of all 64 work-groups win each flag, clear must make the
//! flag winnable again, and the same holds for a `local` flag per group.

use super::{build, fixture, runtime_for, Arg, CONTENDED};

const FLAGS: usize = 16;

#[test]
fn test_and_set_and_clear() {
    let Some(runtime) = runtime_for(test_name!()) else {
        return;
    };
    let program = build(&runtime, fixture!("c11_flag.cl"), "-cl-std=CL2.0");
    let flags = runtime.zeroed::<i32>(FLAGS);
    let winners = runtime.zeroed::<i32>(FLAGS);
    let count = Arg::Int(FLAGS as i32);
    let take = |kernel: &str| {
        program.run(
            kernel,
            &[Arg::Buffer(&flags), Arg::Buffer(&winners), count],
            CONTENDED,
        );
    };
    take("take");
    assert_eq!(
        runtime.read::<i32>(&winners),
        vec![1; FLAGS],
        "one winner per flag"
    );
    take("take_generic");
    assert_eq!(
        runtime.read::<i32>(&winners),
        vec![1; FLAGS],
        "a set flag cannot be taken again"
    );
    program.run("clear_all", &[Arg::Buffer(&flags), count], CONTENDED);
    take("take_generic");
    assert_eq!(
        runtime.read::<i32>(&winners),
        vec![2; FLAGS],
        "one winner per cleared flag"
    );

    let groups = CONTENDED.global / CONTENDED.local;
    let local_winners = runtime.zeroed::<i32>(groups);
    program.run("take_local", &[Arg::Buffer(&local_winners)], CONTENDED);
    assert_eq!(
        runtime.read::<i32>(&local_winners),
        vec![1; groups],
        "one winner per local flag"
    );
}
