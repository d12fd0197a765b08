//! Kernels in the shape of the Khronos conformance suite's `c11_atomics`
//! tests that oclc once rejected (`tests/exec/conformance.cl`): arrays of
//! atomics and of `atomic_flag` initialized element by element, a
//! compare-exchange with success order release and failure order acquire,
//! and `atomic_half` exchange and fetch-add.

use std::collections::HashMap;

use super::{
    announce, build, fixture, reference_cannot, runtime_for, runtime_required, Arg, Range,
    CONTENDED, SINGLE,
};

#[test]
fn arrays_of_atomics_with_initializers() {
    let Some(runtime) = runtime_for(test_name!()) else {
        return;
    };
    let program = build(&runtime, fixture!("conformance.cl"), "-cl-std=CL3.1");
    let state = runtime.zeroed::<i32>(4);
    program.run("read_slots", &[Arg::Buffer(&state)], SINGLE);
    assert_eq!(
        runtime.read::<i32>(&state),
        vec![-1, -1, 2, 3],
        "initial values"
    );

    let n = CONTENDED.global;
    let olds = runtime.zeroed::<i32>(n);
    let winners = runtime.zeroed::<i32>(3);
    program.run(
        "bump_slots",
        &[Arg::Buffer(&olds), Arg::Buffer(&winners)],
        CONTENDED,
    );
    assert_eq!(
        runtime.read::<i32>(&winners),
        vec![1, 1, 1],
        "one winner per flag"
    );
    let olds = runtime.read::<i32>(&olds);
    for (slot, start) in [-1, -1, 2, 3].into_iter().enumerate() {
        let mut seen: Vec<i32> = (slot..n).step_by(4).map(|i| olds[i]).collect();
        seen.sort_unstable();
        let want: Vec<i32> = (0..seen.len() as i32).map(|k| start + k).collect();
        assert_eq!(seen, want, "values handed out by slot {slot}");
    }
    program.run("read_slots", &[Arg::Buffer(&state)], SINGLE);
    let per_slot = (n / 4) as i32;
    assert_eq!(
        runtime.read::<i32>(&state),
        vec![-1 + per_slot, -1 + per_slot, 2 + per_slot, 3 + per_slot]
    );
}

#[test]
fn compare_exchange_release_success_acquire_failure() {
    let Some(runtime) = runtime_for(test_name!()) else {
        return;
    };
    let program = build(&runtime, fixture!("conformance.cl"), "-cl-std=CL3.1");
    let n = CONTENDED.global;
    let next = runtime.zeroed::<u32>(1);
    let tickets = runtime.zeroed::<u32>(n);
    program.run(
        "tickets",
        &[Arg::Buffer(&next), Arg::Buffer(&tickets)],
        CONTENDED,
    );
    let mut tickets = runtime.read::<u32>(&tickets);
    tickets.sort_unstable();
    assert_eq!(
        tickets,
        (0..n as u32).collect::<Vec<_>>(),
        "distinct tickets"
    );
    assert_eq!(runtime.read::<u32>(&next), vec![n as u32]);
}

/// IEEE half bits of a small integer (|v| <= 1024).
fn half(v: i32) -> u16 {
    if v == 0 {
        return 0;
    }
    let sign = if v < 0 { 0x8000 } else { 0 };
    let m = v.unsigned_abs();
    let e = 31 - m.leading_zeros(); // floor(log2 m)
    let mantissa = (m << (10 - e)) & 0x3ff;
    sign | ((e + 15) << 10) as u16 | mantissa as u16
}

/// Whether the device reports half-precision atomics (needed for
/// `atomic_half`); announces and returns false otherwise.
fn has_half_atomics(runtime: &super::Runtime, test: &str) -> bool {
    let ok = runtime.has_extension("cl_khr_fp16") && runtime.has_extension("cl_ext_float_atomics");
    if !ok {
        assert!(
            !runtime_required() || !runtime.has_extension("cl_ext_float_atomics"),
            "{test}: the device reports cl_ext_float_atomics but not cl_khr_fp16"
        );
        announce(
            test,
            "NOT RUN: the device has no cl_khr_fp16 with cl_ext_float_atomics",
        );
    }
    ok
}

/// The NDRange of the `atomic_half` tests.
const HALF_RANGE: Range = Range {
    global: 256,
    local: 64,
};

/// The runtime and `atomic_half.cl` built on it, or `None` (announced)
/// when the device or the reference compiler cannot run `test`.
fn half_program(test: &str) -> Option<(super::Session, super::Built<'static>)> {
    let runtime = runtime_for(test)?;
    if !has_half_atomics(&runtime, test)
        || reference_cannot(test, "llvm-spirv-15 aborts on atomic_half fetch-add")
    {
        return None;
    }
    let program = build(&runtime, fixture!("atomic_half.cl"), "-cl-std=CL3.1");
    Some((runtime, program))
}

#[test]
fn atomic_half_exchange() {
    let Some((runtime, program)) = half_program(test_name!()) else {
        return;
    };
    let values: Vec<i32> = (0..HALF_RANGE.global as i32).map(|i| i % 37 - 18).collect();
    let bits: Vec<u16> = values.iter().map(|&v| half(v)).collect();
    let input = runtime.buffer(&bits);
    let olds = runtime.zeroed::<u16>(HALF_RANGE.global);
    let last = runtime.zeroed::<u16>(HALF_RANGE.global / HALF_RANGE.local);
    program.run(
        "half_exchange",
        &[Arg::Buffer(&input), Arg::Buffer(&olds), Arg::Buffer(&last)],
        HALF_RANGE,
    );
    let olds = runtime.read::<u16>(&olds);
    let last = runtime.read::<u16>(&last);
    for (g, &last) in last.iter().enumerate() {
        let lanes = g * HALF_RANGE.local..(g + 1) * HALF_RANGE.local;
        // What went in (the initial -1 plus every value) is what came out
        // (every old value plus the last one).
        let mut put: HashMap<u16, usize> = HashMap::new();
        let mut got: HashMap<u16, usize> = HashMap::new();
        *put.entry(half(-1)).or_default() += 1;
        for i in lanes {
            *put.entry(bits[i]).or_default() += 1;
            *got.entry(olds[i]).or_default() += 1;
        }
        *got.entry(last).or_default() += 1;
        assert_eq!(put, got, "work-group {g}: exchanges form one chain");
    }
}

#[test]
fn atomic_half_fetch_add() {
    let Some((runtime, program)) = half_program(test_name!()) else {
        return;
    };
    let values: Vec<i32> = (0..HALF_RANGE.global as i32).map(|i| i % 4).collect();
    let bits: Vec<u16> = values.iter().map(|&v| half(v)).collect();
    let total = runtime.buffer(&[half(5)]);
    let input = runtime.buffer(&bits);
    let olds = runtime.zeroed::<u16>(HALF_RANGE.global);
    program.run(
        "half_sum",
        &[Arg::Buffer(&total), Arg::Buffer(&input), Arg::Buffer(&olds)],
        HALF_RANGE,
    );
    let sum: i32 = values.iter().sum::<i32>() + 5;
    assert_eq!(runtime.read::<u16>(&total), vec![half(sum)], "sum {sum}");
    // The values handed back are one chain of additions: with each value
    // added to the old value it saw, they give the same multiset as the
    // old values with the final total.
    let decode: HashMap<u16, i32> = (-1024..=1024).map(|v| (half(v), v)).collect();
    let olds: Vec<i32> = runtime
        .read::<u16>(&olds)
        .iter()
        .map(|b| {
            *decode
                .get(b)
                .unwrap_or_else(|| panic!("{b:#06x} is not a small integer"))
        })
        .collect();
    let mut before: Vec<i32> = olds.iter().copied().chain([sum]).collect();
    let mut after: Vec<i32> = olds
        .iter()
        .zip(&values)
        .map(|(o, v)| o + v)
        .chain([5])
        .collect();
    before.sort_unstable();
    after.sort_unstable();
    assert_eq!(before, after, "fetch_add results form one chain");
}

/// Kernel-scope `local` and `private` arrays of every vector width sit at
/// their type's alignment (the conformance suite's
/// `kernel_memory_alignment_local` failed through oclc before `local`
/// variables carried their `Alignment`).
#[test]
fn kernel_scope_variables_are_aligned() {
    let Some(runtime) = runtime_for(test_name!()) else {
        return;
    };
    let program = build(&runtime, fixture!("conformance.cl"), "-cl-std=CL3.1");
    for kernel in [
        "local_char_alignment",
        "local_short_alignment",
        "local_int_alignment",
        "local_long_alignment",
        "local_float_alignment",
        "private_long_alignment",
        "private_float_alignment",
    ] {
        let out = runtime.zeroed::<u64>(6);
        program.run(kernel, &[Arg::Buffer(&out)], SINGLE);
        assert_eq!(
            runtime.read::<u64>(&out),
            vec![0; 6],
            "{kernel}: address modulo alignment of widths 1, 2, 3, 4, 8, 16"
        );
    }
}
