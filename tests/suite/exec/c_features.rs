//! The C features of `tests/exec/c_features.cl` (compound literals,
//! designated initializers, anonymous members, static and inline helpers,
//! string literals, printf, restrict, loop attributes, `_Alignof`), each
//! checked through the value it computes.

use super::{build, fixture, runtime_for, Arg, Built, Range};

#[test]
fn c_features_compute_what_c_says() {
    let Some(runtime) = runtime_for(test_name!()) else {
        return;
    };
    let program = build(&runtime, fixture!("c_features.cl"), "-cl-std=CL2.0");
    let n = 8usize;
    let input: Vec<f32> = (0..n).map(|i| i as f32 * 3.0).collect();
    let input_buffer = runtime.buffer(&input);
    let out = runtime.zeroed::<i32>(10 * n);
    program.run(
        "features",
        &[Arg::Buffer(&out), Arg::Buffer(&input_buffer)],
        Range {
            global: n,
            local: 1,
        },
    );
    let got = runtime.read::<i32>(&out);
    let primes = [2, 3, 5, 7, 11];
    for i in 0..n {
        let row = &got[10 * i..10 * i + 10];
        let want = [
            10 + input[i] as i32,
            61,
            12,
            1.0f32.to_bits() as i32,
            6,
            6 + 1 + 7,
            5 * i as i32 + primes[i % 5],
            12 * 100 + 16 + 8,
            1,
        ];
        assert_eq!(&row[..9], want, "work-item {i}");
        // printf returns 0 on success per OpenCL C, Intel's runtime the
        // characters written; never the -1 of a failure.
        assert!(row[9] >= 0, "printf failed in work-item {i}");
    }
}

#[test]
fn plain_inline_functions_are_defined_not_imported() {
    let test = test_name!();
    if super::reference_cannot(
        test,
        "llvm-spirv-15 at -O0 imports a plain `inline` function as an undefined symbol",
    ) {
        return;
    }
    let Some(runtime) = runtime_for(test) else {
        return;
    };
    let program = build(&runtime, fixture!("c_inline.cl"), "-cl-std=CL2.0");
    let out = runtime.zeroed::<i32>(16);
    program.run(
        "scale",
        &[Arg::Buffer(&out)],
        Range {
            global: 16,
            local: 4,
        },
    );
    let want: Vec<i32> = (0..16).map(|i| 7 * i).collect();
    assert_eq!(runtime.read::<i32>(&out), want);
}

#[test]
fn generic_pointers_know_where_they_point() {
    let test = test_name!();
    let Some(runtime) = runtime_for(test) else {
        return;
    };
    let fixture = fixture!("address_spaces.cl");
    let ours = build(&runtime, fixture, "-cl-std=CL2.0");
    let theirs = runtime
        .build_source(fixture.source, "-cl-std=CL2.0")
        .unwrap_or_else(|e| panic!("{e}"));
    let (n, local) = (32usize, 8usize);
    let run = |program: &Built<'_>| {
        let out = runtime.zeroed::<i32>(4 * n);
        let total = runtime.zeroed::<i32>(1);
        program.run(
            "where",
            &[
                Arg::Buffer(&out),
                Arg::Buffer(&total),
                Arg::Local(std::mem::size_of::<i32>()),
            ],
            Range { global: n, local },
        );
        (runtime.read::<i32>(&out), runtime.read::<i32>(&total))
    };
    let (got, total) = run(&ours);
    // The space tests are the device's to answer: a CPU device with one flat
    // memory may call every pointer global (Intel's does: 111, 22, 0), a GPU
    // separates them (123, 21, 1). The runtime's own compiler is the
    // reference; the sums hold either way.
    assert_eq!(
        (got.clone(), total.clone()),
        run(&theirs),
        "oclc vs the runtime's compiler"
    );
    assert_eq!(total, [n as i32]);
    for i in 0..n {
        let row = &got[4 * i..4 * i + 4];
        assert_eq!(row[1], 103 + 2 * local as i32, "work-item {i}");
        assert!(matches!(row[0], 111 | 123), "work-item {i}: {row:?}");
    }
}
