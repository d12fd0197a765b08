//! Explicit conversions (`tests/exec/conversions.cl`) on special values:
//! NaN, ±infinity, ±0, halfway cases, values out of every range; checked
//! exactly against the specification's rules computed on the host.

use super::{build, fixture, runtime_for, Arg, Range};

fn single(n: usize) -> Range {
    Range {
        global: n,
        local: 1,
    }
}

/// Rounds half to even, like `rint`.
fn rint(x: f64) -> f64 {
    let r = x.round();
    if (x - x.trunc()).abs() == 0.5 && r % 2.0 != 0.0 {
        r - x.signum()
    } else {
        r
    }
}

/// Saturating conversion of a rounded value to `[lo, hi]`; NaN is 0.
fn sat(x: f64, lo: f64, hi: f64) -> i64 {
    if x.is_nan() {
        0
    } else {
        x.clamp(lo, hi) as i64
    }
}

#[test]
fn float_to_int_saturation_and_rounding() {
    let Some(runtime) = runtime_for(test_name!()) else {
        return;
    };
    let program = build(&runtime, fixture!("conversions.cl"), "-cl-std=CL2.0");
    let values = [
        2.5f32,
        -2.5,
        3.5,
        2.1,
        -2.1,
        -2.7,
        0.0,
        -0.0,
        1e10,
        -1e10,
        f32::NAN,
        f32::INFINITY,
        f32::NEG_INFINITY,
        300.4,
        -1.5,
        255.5,
        2_147_483_520.0,
        -2_147_483_648.0,
    ];
    let (input, out) = (
        runtime.buffer(&values),
        runtime.zeroed::<i32>(values.len() * 6),
    );
    program.run(
        "float_to_int",
        &[Arg::Buffer(&input), Arg::Buffer(&out)],
        single(values.len()),
    );
    let got = runtime.read::<i32>(&out);
    let (lo, hi) = (f64::from(i32::MIN), f64::from(i32::MAX));
    for (i, &v) in values.iter().enumerate() {
        let x = f64::from(v);
        let row = &got[i * 6..i * 6 + 6];
        if x.is_finite() && x.abs() < 2e9 {
            assert_eq!(row[0], x.trunc() as i32, "convert_int({v})");
        }
        let want = [
            sat(x.trunc(), lo, hi),
            sat(rint(x), lo, hi),
            sat(x.ceil(), lo, hi),
            sat(x.floor(), lo, hi),
            sat(rint(x), 0.0, 255.0),
        ];
        let got_row: Vec<i64> = row[1..].iter().map(|&g| i64::from(g)).collect();
        assert_eq!(got_row, want, "sat / rte / rtp / rtn / uchar of {v}");
    }
}

#[test]
fn integer_saturation_and_wrapping() {
    let Some(runtime) = runtime_for(test_name!()) else {
        return;
    };
    let program = build(&runtime, fixture!("conversions.cl"), "-cl-std=CL2.0");
    let values = [
        300,
        -5,
        40_000,
        -40_000,
        -1,
        i32::MAX,
        i32::MIN,
        127,
        128,
        255,
        0,
    ];
    let (input, out) = (
        runtime.buffer(&values),
        runtime.zeroed::<i32>(values.len() * 5),
    );
    program.run(
        "int_to_narrow",
        &[Arg::Buffer(&input), Arg::Buffer(&out)],
        single(values.len()),
    );
    let got = runtime.read::<i32>(&out);
    for (i, &x) in values.iter().enumerate() {
        let want = [
            x.clamp(0, 255),
            x.clamp(-32_768, 32_767),
            x.max(0),
            if (x as u32) > i32::MAX as u32 {
                i32::MAX
            } else {
                x
            },
            i32::from(x as i8),
        ];
        assert_eq!(&got[i * 5..i * 5 + 5], &want, "conversions of {x}");
    }
}

/// The float nearest at or above `s` (for positive `s`).
fn f32_round_up(s: i64) -> f32 {
    let r = s as f32;
    if f64::from(r) < s as f64 {
        f32::from_bits(r.to_bits() + 1)
    } else {
        r
    }
}

#[test]
fn pixels_bits_and_vector_conversions() {
    let Some(runtime) = runtime_for(test_name!()) else {
        return;
    };
    let program = build(&runtime, fixture!("conversions.cl"), "-cl-std=CL2.0");
    let n = 64;
    let pixels: Vec<f32> = (0..n * 4)
        .map(|k| (k as f32 * 0.37).sin() * 0.75 + 0.4 + if k % 17 == 0 { 0.9 } else { 0.0 })
        .collect();
    let (input, out, bits) = (
        runtime.buffer(&pixels),
        runtime.zeroed::<u8>(n * 4),
        runtime.zeroed::<u32>(n * 3),
    );
    program.run(
        "pixels",
        &[Arg::Buffer(&input), Arg::Buffer(&out), Arg::Buffer(&bits)],
        Range {
            global: n,
            local: 16,
        },
    );
    let (got, got_bits) = (runtime.read::<u8>(&out), runtime.read::<u32>(&bits));
    for i in 0..n {
        let p = &pixels[i * 4..i * 4 + 4];
        let want: Vec<u8> = p
            .iter()
            .map(|&c| sat(rint(f64::from(c * 255.0)), 0.0, 255.0) as u8)
            .collect();
        assert_eq!(&got[i * 4..i * 4 + 4], &want[..], "pixel {i}");
        let b = p[0].to_bits();
        let bytes = b.to_le_bytes().map(u32::from);
        let q: Vec<i64> = p.iter().map(|&c| (c * 8.0).trunc() as i64).collect();
        let s = q[0] + q[1] + 16_777_216;
        let want = [
            b,
            bytes[0] + bytes[1] * 3 + bytes[2] * 5 + bytes[3] * 7,
            f32_round_up(s).to_bits(),
        ];
        assert_eq!(&got_bits[i * 3..i * 3 + 3], &want, "bits {i}");
    }
}
