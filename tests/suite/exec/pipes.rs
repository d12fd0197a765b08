//! OpenCL 2.0 pipes (`tests/exec/pipes.cl`): packets written by one kernel
//! and read by the next, through `read_pipe`/`write_pipe`, a work-group
//! reservation with its commit, and the packet-count queries. A pipe is
//! unordered, so the packets are compared as sets.

use opencl3::memory::Pipe;

use super::{build, fixture, runtime_for, Arg, Built, Range, Session};

const N: usize = 64;

const RANGE: Range = Range {
    global: N,
    local: 16,
};

fn inputs() -> Vec<f32> {
    (0..N)
        .map(|i| {
            if i % 3 == 0 {
                -(i as f32)
            } else {
                i as f32 * 0.5
            }
        })
        .collect()
}

/// Runs `consume` on `pipe`: the packets it read, as (index, value) pairs
/// sorted by index, and the two packet counts.
fn drain(runtime: &Session, program: &Built<'_>, pipe: &Pipe) -> (Vec<(i32, f32)>, Vec<u32>) {
    let values = runtime.zeroed::<f32>(N);
    let indices = runtime.zeroed::<i32>(N);
    let counts = runtime.zeroed::<u32>(2);
    program.run(
        "consume",
        &[
            Arg::Pipe(pipe),
            Arg::Buffer(&values),
            Arg::Buffer(&indices),
            Arg::Buffer(&counts),
        ],
        RANGE,
    );
    let (values, indices) = (runtime.read::<f32>(&values), runtime.read::<i32>(&indices));
    let mut got: Vec<(i32, f32)> = indices
        .into_iter()
        .zip(values)
        .filter(|&(i, _)| i >= 0)
        .collect();
    got.sort_by_key(|&(i, _)| i);
    (got, runtime.read::<u32>(&counts))
}

#[test]
fn packets_pass_from_producer_to_consumer() {
    let Some(runtime) = runtime_for(test_name!()) else {
        return;
    };
    let program = build(&runtime, fixture!("pipes.cl"), "-cl-std=CL2.0");
    let input = inputs();
    let input_buffer = runtime.buffer(&input);
    let pipe = runtime.pipe(8, N as u32);
    let written = runtime.zeroed::<i32>(1);
    program.run(
        "produce",
        &[
            Arg::Buffer(&input_buffer),
            Arg::Pipe(&pipe),
            Arg::Buffer(&written),
        ],
        RANGE,
    );
    let (got, counts) = drain(&runtime, &program, &pipe);
    let positive: Vec<usize> = (0..N).filter(|&i| input[i] > 0.0).collect();
    assert_eq!(runtime.read::<i32>(&written), [positive.len() as i32]);
    let want: Vec<(i32, f32)> = positive
        .iter()
        .map(|&i| (i as i32, input[i] * 2.0))
        .collect();
    assert_eq!(got, want);
    assert!(
        counts[0] as usize <= positive.len(),
        "num packets {counts:?}"
    );
    assert!(counts[1] as usize >= N, "max packets {counts:?}");
}

#[test]
fn work_group_reservations_deliver_every_packet() {
    let Some(runtime) = runtime_for(test_name!()) else {
        return;
    };
    let program = build(&runtime, fixture!("pipes.cl"), "-cl-std=CL2.0");
    let input = inputs();
    let input_buffer = runtime.buffer(&input);
    let pipe = runtime.pipe(8, N as u32);
    program.run(
        "produce_grouped",
        &[Arg::Buffer(&input_buffer), Arg::Pipe(&pipe)],
        RANGE,
    );
    let (got, counts) = drain(&runtime, &program, &pipe);
    let want: Vec<(i32, f32)> = (0..N).map(|i| (i as i32, input[i] + 1.0)).collect();
    assert_eq!(got, want);
    assert_eq!(counts[0] as usize, N, "every packet was in the pipe");
}
