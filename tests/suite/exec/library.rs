//! Library functions (`tests/exec/library.cl`) against the same arithmetic
//! on the host: exact for the integer functions, within a small relative
//! error for floating point (the specification's ULP bounds are looser
//! than the tolerances used here, and the inputs are benign).

use super::{build, fixture, runtime_for, Arg, Inputs, Range};

const RANGE: Range = Range {
    global: 128,
    local: 32,
};

fn close(got: f32, want: f64, what: &str) {
    let tolerance = 1e-4 * want.abs().max(1.0);
    assert!(
        (f64::from(got) - want).abs() <= tolerance,
        "{what}: got {got}, want {want}"
    );
}

#[test]
fn n_body_forces() {
    let Some(runtime) = runtime_for(test_name!()) else {
        return;
    };
    let program = build(&runtime, fixture!("library.cl"), "-cl-std=CL2.0");
    let n = RANGE.global;
    let mut inputs = Inputs::new(7);
    let mut pos = Vec::with_capacity(n * 4);
    for _ in 0..n {
        for k in 0..4 {
            let r = (inputs.next_u64() % 2000) as f32 / 100.0 - 10.0;
            pos.push(if k == 3 { r.abs() + 1.0 } else { r });
        }
    }
    let soft = 0.01f32;
    let (pos_buffer, acc) = (runtime.buffer(&pos), runtime.zeroed::<f32>(n * 4));
    program.run(
        "forces",
        &[
            Arg::Buffer(&pos_buffer),
            Arg::Buffer(&acc),
            Arg::Int(n as i32),
            Arg::Bytes(&soft.to_ne_bytes()),
        ],
        RANGE,
    );
    let got = runtime.read::<f32>(&acc);
    let p = |i: usize, k: usize| f64::from(pos[i * 4 + k]);
    for i in 0..n {
        let mut a = [0.0f64; 3];
        for j in 0..n {
            let d = [p(j, 0) - p(i, 0), p(j, 1) - p(i, 1), p(j, 2) - p(i, 2)];
            let r2 = d.iter().map(|x| x * x).sum::<f64>() + f64::from(soft);
            let s = p(j, 3) / (r2 * r2.sqrt());
            for k in 0..3 {
                a[k] += s * d[k];
            }
        }
        let me = [p(i, 0), p(i, 1), p(i, 2)];
        // cross(me, (0,0,1)) = (me.y, -me.x, 0); its dot with me is 0.
        let shifted: Vec<f64> = me.iter().map(|x| x + 1.0).collect();
        let norm = shifted.iter().map(|x| x * x).sum::<f64>().sqrt();
        let w = if norm > 0.0 { 1.0 } else { 0.0 };
        for k in 0..3 {
            close(got[i * 4 + k], a[k], &format!("acc[{i}].{k}"));
        }
        close(got[i * 4 + 3], w, &format!("acc[{i}].w"));
    }
}

#[test]
fn integer_hashes() {
    let Some(runtime) = runtime_for(test_name!()) else {
        return;
    };
    let program = build(&runtime, fixture!("library.cl"), "-cl-std=CL2.0");
    let n = RANGE.global;
    let mut inputs = Inputs::new(11);
    let mut values: Vec<u32> = (0..n).map(|_| inputs.next_u64() as u32).collect();
    values[..6].copy_from_slice(&[0, 1, 0xffff_ffff, 0x8000_0000, 0x7fff_ffff, 0x0001_0000]);
    let (input, out) = (runtime.buffer(&values), runtime.zeroed::<u32>(n * 4));
    program.run("hashes", &[Arg::Buffer(&input), Arg::Buffer(&out)], RANGE);
    let got = runtime.read::<u32>(&out);
    for (i, &x) in values.iter().enumerate() {
        let h =
            x.wrapping_mul(0x9e37_79b9).rotate_left(13) ^ x.leading_zeros() ^ (x.count_ones() << 8);
        let mul_hi = ((u64::from(x) * 0x85eb_ca6b) >> 32) as u32;
        let h = (h & 0xffff).wrapping_mul(3).wrapping_add(mul_hi);
        let s = (x as i32).saturating_add(0x7fff_0000);
        let diff = (i64::from(x as i32) + 5).unsigned_abs() as u32;
        let hadd = ((u64::from(x) + 0xffff_ffff) >> 1) as u32;
        let bytes = [x & 0xff, (x >> 8) & 0xff, (x >> 16) & 0xff, x >> 24];
        let m: Vec<u32> = bytes
            .iter()
            .map(|&b| b.clamp(16, 200) + b.clamp(10, 20))
            .collect();
        let mixed = m[0] + m[1] * 3 + m[2] * 5 + m[3] * 7 + (x as i32).unsigned_abs();
        assert_eq!(
            &got[i * 4..i * 4 + 4],
            &[h, s as u32, diff.wrapping_add(hadd), mixed],
            "input {x:#x}"
        );
    }
}

#[test]
fn common_functions_on_vectors() {
    let Some(runtime) = runtime_for(test_name!()) else {
        return;
    };
    let program = build(&runtime, fixture!("library.cl"), "-cl-std=CL2.0");
    let n = RANGE.global;
    let values: Vec<f32> = (0..n * 4).map(|v| (v as f32 - 256.0) / 37.0).collect();
    let (input, out) = (runtime.buffer(&values), runtime.zeroed::<f32>(n * 8));
    program.run("common", &[Arg::Buffer(&input), Arg::Buffer(&out)], RANGE);
    let got = runtime.read::<f32>(&out);
    for (k, &v) in values.iter().enumerate() {
        let x = f64::from(v);
        let (i, lane) = (k / 4, k % 4);
        let mix = x + (2.0 - x) * 0.25;
        let t = ((x + 2.0) / 4.0).clamp(0.0, 1.0);
        let a = x.clamp(-1.0, 1.0) + mix;
        let b = f64::from(u8::from(x >= 0.5)) + t * t * (3.0 - 2.0 * t);
        let c = x.abs() + x.floor() * 2.0 + x.ceil() * 4.0 + x.max(0.0);
        close(
            got[i * 8 + lane],
            a + b,
            &format!("common a+b [{k}] at {v}"),
        );
        close(
            got[i * 8 + 4 + lane],
            c + x * x + x * 8.0,
            &format!("common c [{k}] at {v}"),
        );
    }
}

#[test]
fn relational_functions_on_special_values() {
    let Some(runtime) = runtime_for(test_name!()) else {
        return;
    };
    let program = build(&runtime, fixture!("library.cl"), "-cl-std=CL2.0");
    let specials = [
        f32::NAN,
        f32::INFINITY,
        f32::NEG_INFINITY,
        0.0,
        -0.0,
        1e-40,
        -1e-40,
        1.0,
        -2.5,
        3.0,
        f32::MAX,
        -f32::MIN_POSITIVE,
    ];
    let mut values = Vec::new();
    for a in 0..specials.len() {
        for b in 0..4 {
            values.push(specials[(a + b * 5) % specials.len()]);
        }
    }
    let n = values.len() / 4;
    let (input, out) = (runtime.buffer(&values), runtime.zeroed::<i32>(n * 6));
    program.run(
        "relational",
        &[Arg::Buffer(&input), Arg::Buffer(&out)],
        Range {
            global: n,
            local: 1,
        },
    );
    let got = runtime.read::<i32>(&out);
    // Vector results are -1 for true.
    let t = |b: bool| -i32::from(b);
    for i in 0..n {
        let v = &values[i * 4..i * 4 + 4];
        let w = [v[3], v[2], v[1], v[0]];
        let lane = |k: usize| {
            let (x, y) = (v[k], w[k]);
            t(x.is_nan())
                + t(x.is_infinite()) * 2
                + t(x.is_finite()) * 4
                + t(x.is_normal()) * 8
                + t(x.is_sign_negative()) * 16
                + t(x < y) * 32
                + t(x.is_nan() || y.is_nan()) * 64
                + t(x != y) * 128
                + t(x.partial_cmp(&y).is_some_and(|o| o.is_ne())) * 256
        };
        let bits: Vec<i32> = v.iter().map(|x| x.to_bits() as i32).collect();
        let any = i32::from(bits.iter().any(|&b| b < 0));
        let all = i32::from(bits.iter().all(|&b| b < 0));
        let picked: Vec<f32> = (0..4)
            .map(|k| if bits[k] < 0 { w[k] } else { v[k] })
            .collect();
        let sum = picked[0] + picked[1] * 2.0 + picked[2] * 4.0 + picked[3] * 8.0;
        let want = [
            lane(0),
            lane(1),
            lane(2) + i32::from(v[0].is_nan()) * 1000 + i32::from(v[1] >= v[2]) * 2000,
            lane(3),
            any + all * 2 + i32::from(bits[0] < 0) * 4,
            sum.to_bits() as i32,
        ];
        let row = &got[i * 6..i * 6 + 6];
        assert_eq!(&row[..5], &want[..5], "{v:?}");
        // The weighted sum of NaNs is a NaN of unspecified payload.
        if sum.is_nan() {
            assert!(f32::from_bits(row[5] as u32).is_nan(), "{v:?}");
        } else {
            assert_eq!(row[5], want[5], "select of {v:?}");
        }
    }
}

/// `frexp`: mantissa in [0.5, 1) with the sign of `x`, and the exponent.
fn frexp(x: f32) -> (f32, i32) {
    if x == 0.0 {
        return (x, 0);
    }
    let e = x.abs().log2().floor() as i32 + 1;
    (x / 2f32.powi(e), e)
}

#[test]
fn pointer_outputs_shuffles_and_linear_ids() {
    let Some(runtime) = runtime_for(test_name!()) else {
        return;
    };
    let program = build(&runtime, fixture!("library.cl"), "-cl-std=CL2.0");
    let range = Range {
        global: 32,
        local: 8,
    };
    let n = range.global;
    let values: Vec<f32> = (0..n * 4)
        .map(|k| (k as f32 * 0.625) % 16.0 - 8.0)
        .collect();
    let (input, out, ints, ids) = (
        runtime.buffer(&values),
        runtime.zeroed::<f32>(n * 20),
        runtime.zeroed::<i32>(n * 12),
        runtime.zeroed::<u32>(n),
    );
    program.run(
        "outputs",
        &[
            Arg::Buffer(&input),
            Arg::Buffer(&out),
            Arg::Buffer(&ints),
            Arg::Buffer(&ids),
        ],
        range,
    );
    let (got, got_ints, got_ids) = (
        runtime.read::<f32>(&out),
        runtime.read::<i32>(&ints),
        runtime.read::<u32>(&ids),
    );
    for i in 0..n {
        let x = &values[i * 4..i * 4 + 4];
        for k in 0..4 {
            let v = x[k];
            let at = |slot: usize| got[i * 20 + slot * 4 + k];
            assert_eq!(at(0), (v - v.floor()) + v.floor() * 16.0, "fract({v})");
            let (m, e) = frexp(v);
            assert_eq!((at(1), got_ints[i * 12 + k]), (m, e), "frexp({v})");
            close(at(2), 1.0, &format!("sincos({v})"));
            assert_eq!(at(3), (v - v.trunc()) + v.trunc() * 16.0, "modf({v})");
            let n_q = rint(f64::from(v) / 0.75);
            assert_eq!(f64::from(at(4)), f64::from(v) - n_q * 0.75, "remquo({v})");
            assert_eq!(got_ints[i * 12 + 4 + k], (n_q as i32) & 7, "quo({v})");
        }
        let xi: Vec<i32> = x.iter().map(|v| v.to_bits() as i32).collect();
        let e: Vec<i32> = x.iter().map(|&v| frexp(v).1).collect();
        let picked = [e[0], xi[0], e[3], xi[1]];
        let reversed = [e[3], e[2], e[1], e[0]];
        let want: Vec<i32> = (0..4)
            .map(|k| picked[k].wrapping_add(reversed[k]))
            .collect();
        assert_eq!(
            &got_ints[i * 12 + 8..i * 12 + 12],
            &want[..],
            "shuffles {i}"
        );
        assert_eq!(
            got_ids[i],
            (i * 1000 + i % range.local) as u32,
            "linear ids"
        );
    }
}

/// Rounds half to even.
fn rint(x: f64) -> f64 {
    let r = x.round();
    if (x - x.trunc()).abs() == 0.5 && r % 2.0 != 0.0 {
        r - x.signum()
    } else {
        r
    }
}

#[test]
fn derived_result_types() {
    let Some(runtime) = runtime_for(test_name!()) else {
        return;
    };
    let program = build(&runtime, fixture!("library.cl"), "-cl-std=CL2.0");
    let floats = [1.0f32, 0.75, 1024.5, -3.0, 1e-3, 6.0e9, 2.0, 0.5];
    let hi: Vec<i16> = vec![0, 1, -1, 0x7fff, -0x8000, 12, -300, 5];
    let lo: Vec<u16> = vec![0, 0xffff, 2, 0x8000, 1, 0x1234, 7, 0];
    let n = floats.len();
    let (f, h, l, out) = (
        runtime.buffer(&floats),
        runtime.buffer(&hi),
        runtime.buffer(&lo),
        runtime.zeroed::<i32>(n * 4),
    );
    program.run(
        "derived",
        &[
            Arg::Buffer(&f),
            Arg::Buffer(&h),
            Arg::Buffer(&l),
            Arg::Buffer(&out),
        ],
        Range {
            global: n,
            local: 1,
        },
    );
    let got = runtime.read::<i32>(&out);
    for i in 0..n {
        let ilogb = floats[i].abs().log2().floor() as i32;
        let up = (i32::from(hi[i]) << 16) | i32::from(lo[i]);
        assert_eq!(
            &got[i * 4..i * 4 + 4],
            &[ilogb, up, 1 + 40 + 100 + 16_000 + 400_000, 0],
            "input {i}"
        );
    }
}
