//! Differential execution: the same source built by oclc and by the
//! runtime's own compiler (`clCreateProgramWithSource`), run on the same
//! inputs, compared by the suite's one comparison rule (`compare.rs`):
//! every output here is a `float` the specification fixes to the bit
//! (`+ - *`, `fma`, `mad` is not used), so the rule is exact but for NaN
//! payloads (`tests/exec/differential.cl`).

use super::compare::{Layout, Rule, Scalar};
use super::{build, fixture, runtime_for, Arg, Built, Range};

/// Deterministic inputs in [-2, 2).
fn inputs(n: usize, seed: u32) -> Vec<f32> {
    let mut state = seed;
    (0..n)
        .map(|_| {
            state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            (state >> 8) as f32 / (1u32 << 24) as f32 * 4.0 - 2.0
        })
        .collect()
}

#[test]
fn oclc_matches_the_runtimes_own_compiler_bit_for_bit() {
    let test = test_name!();
    let Some(runtime) = runtime_for(test) else {
        return;
    };
    let fixture = fixture!("differential.cl");
    // Without FMA the runtime's compiler does not contract (see corpus.rs).
    let flags = if super::corpus::current_isa().fma {
        "-cl-std=CL2.0"
    } else {
        "-cl-std=CL2.0 -ffp-contract=off"
    };
    let ours = build(&runtime, fixture, flags);
    let theirs = runtime
        .build_source(fixture.source, "-cl-std=CL2.0")
        .unwrap_or_else(|e| panic!("{e}"));
    let run = |program: &Built<'_>| -> Vec<Vec<u32>> {
        let n = 64usize;
        let mut results = Vec::new();
        // Polynomials.
        let x = runtime.buffer(&inputs(n, 1));
        let coeffs = runtime.buffer(&inputs(8, 2));
        let out = runtime.zeroed::<f32>(n);
        program.run(
            "polynomials",
            &[Arg::Buffer(&x), Arg::Buffer(&coeffs), Arg::Buffer(&out)],
            Range {
                global: n,
                local: 8,
            },
        );
        results.push(runtime.read::<f32>(&out));
        // Dot products.
        let k = 16usize;
        let a = runtime.buffer(&inputs(4 * n * k, 3));
        let b = runtime.buffer(&inputs(4 * k, 4));
        let out = runtime.zeroed::<f32>(n);
        program.run(
            "dots",
            &[
                Arg::Buffer(&a),
                Arg::Buffer(&b),
                Arg::Buffer(&out),
                Arg::Int(k as i32),
            ],
            Range {
                global: n,
                local: 8,
            },
        );
        results.push(runtime.read::<f32>(&out));
        // Integration.
        let pos = runtime.buffer(&inputs(4 * n, 5));
        let vel = runtime.buffer(&inputs(4 * n, 6));
        let dt = 0.016f32.to_ne_bytes();
        let damping = 0.37f32.to_ne_bytes();
        program.run(
            "integrate",
            &[
                Arg::Buffer(&pos),
                Arg::Buffer(&vel),
                Arg::Bytes(&dt),
                Arg::Bytes(&damping),
            ],
            Range {
                global: n,
                local: 8,
            },
        );
        results.push(runtime.read::<f32>(&pos));
        results.push(runtime.read::<f32>(&vel));
        // Blend.
        let a = runtime.buffer(&inputs(n, 7));
        let b = runtime.buffer(&inputs(n, 8));
        let out = runtime.zeroed::<f32>(n);
        let t = 0.3f32.to_ne_bytes();
        program.run(
            "blend",
            &[
                Arg::Buffer(&a),
                Arg::Buffer(&b),
                Arg::Buffer(&out),
                Arg::Bytes(&t),
            ],
            Range {
                global: n,
                local: 8,
            },
        );
        results.push(runtime.read::<f32>(&out));
        results
            .into_iter()
            .map(|r| r.iter().map(|v| v.to_bits()).collect())
            .collect()
    };
    let (mine, reference) = (run(&ours), run(&theirs));
    let rule = Rule::exact(Layout::scalar(Scalar::Float));
    for (index, (m, r)) in mine.iter().zip(&reference).enumerate() {
        let bytes = |v: &[u32]| -> Vec<u8> { v.iter().flat_map(|w| w.to_le_bytes()).collect() };
        if let Some(mismatch) = rule.first_mismatch(&bytes(m), &bytes(r)) {
            panic!("output {index} differs from the runtime's compiler: {mismatch}");
        }
    }
}
