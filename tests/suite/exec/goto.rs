//! `goto` (`tests/exec/goto.cl`): out of nested loops, backwards as a
//! retry loop, over code to a cleanup label, between switch cases and into
//! an `if` block; each result checked against the host.

use super::{build, fixture, runtime_for, Arg, Range};

fn collatz(mut x: i32) -> i32 {
    let mut steps = 0;
    while x != 1 {
        x = if x % 2 == 1 { 3 * x + 1 } else { x / 2 };
        steps += 1;
    }
    steps
}

#[test]
fn goto_in_the_shapes_real_code_uses() {
    let Some(runtime) = runtime_for(test_name!()) else {
        return;
    };
    let program = build(&runtime, fixture!("goto.cl"), "-cl-std=CL2.0");
    let n = 24i32;
    let a: Vec<i32> = (0..n).map(|i| (i * 7) % 11).collect();
    let a_buffer = runtime.buffer(&a);
    let out = runtime.zeroed::<i32>(5 * n as usize + 40);
    program.run(
        "gotos",
        &[Arg::Buffer(&a_buffer), Arg::Buffer(&out), Arg::Int(n)],
        Range {
            global: n as usize + 8,
            local: 1,
        },
    );
    let got = runtime.read::<i32>(&out);
    for id in 0..n {
        let find = (0..n)
            .find(|&i| (0..3).any(|j| a[i as usize] * 3 + j == id))
            .unwrap_or(-1);
        let v = match id % 3 {
            0 => 107,
            1 => 200,
            _ => 7,
        };
        let odd = i32::from(id % 2 == 1);
        let row = &got[5 * id as usize..5 * id as usize + 5];
        assert_eq!(row, [find, collatz(id + 1), v, odd, 42], "work-item {id}");
    }
    assert!(
        got[5 * n as usize..].iter().all(|&v| v == 0),
        "out-of-range items wrote"
    );
}
