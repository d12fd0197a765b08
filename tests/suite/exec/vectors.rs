//! Vector swizzles and literals (`tests/exec/vectors.cl`), checked on the
//! runtime against the same arithmetic on the host.

use super::{build, fixture, runtime_for, Arg, Range};

const RANGE: Range = Range {
    global: 64,
    local: 16,
};

#[test]
fn particle_update_with_swizzles() {
    let Some(runtime) = runtime_for(test_name!()) else {
        return;
    };
    let program = build(&runtime, fixture!("vectors.cl"), "-cl-std=CL2.0");
    let n = RANGE.global;
    // pos.xyz, mass, vel.xyzw: small exact binary fractions.
    let mut data = Vec::with_capacity(n * 8);
    for i in 0..n {
        let f = i as f32;
        data.extend([f, 2.0 * f, -f, 1.0 + f, 0.5, -0.25 * f, 4.0, 0.0]);
    }
    let buffer = runtime.buffer(&data);
    let dt = 0.5f32;
    program.run(
        "integrate",
        &[Arg::Buffer(&buffer), Arg::Bytes(&dt.to_ne_bytes())],
        RANGE,
    );
    let got = runtime.read::<f32>(&buffer);
    for i in 0..n {
        let p = &data[i * 8..i * 8 + 8];
        let want = [
            p[0] + p[4] * dt,
            p[1] + p[5] * dt,
            p[2] + p[6] * dt,
            p[3],
            p[4],
            p[5] - 9.75 * dt,
            p[6],
            p[7],
        ];
        assert_eq!(&got[i * 8..i * 8 + 8], &want, "particle {i}");
    }
}

#[test]
fn shuffles_and_literals() {
    let Some(runtime) = runtime_for(test_name!()) else {
        return;
    };
    let program = build(&runtime, fixture!("vectors.cl"), "-cl-std=CL2.0");
    let n = RANGE.global;
    let ints: Vec<i32> = (0..n as i32 * 4).map(|v| v * 3 - 50).collect();
    let uints: Vec<u32> = (0..n as u32 * 8)
        .map(|v| v.wrapping_mul(2_654_435_761))
        .collect();
    let floats: Vec<f32> = (0..n * 4).map(|v| v as f32 * 0.25 - 3.0).collect();
    let (a, b, f) = (
        runtime.buffer(&ints),
        runtime.buffer(&uints),
        runtime.buffer(&floats),
    );
    program.run(
        "shuffles",
        &[Arg::Buffer(&a), Arg::Buffer(&b), Arg::Buffer(&f)],
        RANGE,
    );
    let (got_a, got_b, got_f) = (
        runtime.read::<i32>(&a),
        runtime.read::<u32>(&b),
        runtime.read::<f32>(&f),
    );
    for i in 0..n {
        let x = &ints[i * 4..i * 4 + 4];
        let want = [x[3], x[2] + 100, x[1], x[0]];
        assert_eq!(&got_a[i * 4..i * 4 + 4], &want, "int4 {i}");

        let y = &uints[i * 8..i * 8 + 8];
        let mut want: Vec<u32> = y.to_vec();
        for k in 0..4 {
            want[k] = y[k + 4].wrapping_add(1);
        }
        // After the .lo update: even.s0 is y'[0], odd.s3 is y'[7].
        want[7] = want[0].wrapping_add(want[7]);
        assert_eq!(&got_b[i * 8..i * 8 + 8], &want[..], "uint8 {i}");

        let v = &floats[i * 4..i * 4 + 4];
        let head = [v[0], v[2], v[3]];
        let w = [head[2], head[1], head[0], 1.0];
        let lit = [v[0], v[1], v[3], v[2]];
        let want: Vec<f32> = (0..4).map(|k| w[k] + lit[k] * 0.5).collect();
        assert_eq!(&got_f[i * 4..i * 4 + 4], &want[..], "float4 {i}");
    }
}

/// IEEE half bits of a float that half represents exactly (0 or normal).
fn half_bits(x: f32) -> u16 {
    if x == 0.0 {
        return 0;
    }
    let b = x.to_bits();
    let sign = (b >> 16) & 0x8000;
    let exponent = ((b >> 23) & 0xff) as i32 - 127 + 15;
    let mantissa = (b >> 13) & 0x3ff;
    (sign | ((exponent as u32) << 10) | mantissa) as u16
}

#[test]
fn vector_loads_stores_and_half_storage() {
    let Some(runtime) = runtime_for(test_name!()) else {
        return;
    };
    let program = build(&runtime, fixture!("vectors.cl"), "-cl-std=CL2.0");
    let (rows, width) = (8usize, 16usize);
    let src: Vec<f32> = (0..rows * width).map(|i| i as f32 * 0.25).collect();
    let (src_buffer, dst, packed) = (
        runtime.buffer(&src),
        runtime.zeroed::<f32>(rows * width),
        runtime.zeroed::<u16>(rows * width),
    );
    program.run(
        "rows",
        &[
            Arg::Buffer(&src_buffer),
            Arg::Buffer(&dst),
            Arg::Buffer(&packed),
            Arg::Int(width as i32),
        ],
        Range {
            global: rows,
            local: 1,
        },
    );
    let (got, got_half) = (runtime.read::<f32>(&dst), runtime.read::<u16>(&packed));
    for row in 0..rows {
        let line = &src[row * width..(row + 1) * width];
        for x in (0..width).step_by(4) {
            let other = x + if x + 8 <= width { 4 } else { 0 };
            let blurred: Vec<f32> = (0..4)
                .map(|k| (line[x + k] + line[other + k]) * 0.5)
                .collect();
            let want: Vec<f32> = blurred.iter().rev().copied().collect();
            assert_eq!(
                &got[row * width + x..row * width + x + 4],
                &want[..],
                "row {row} x {x}"
            );
        }
        let mut want: Vec<u16> = line.iter().map(|&v| half_bits(v)).collect();
        want[0] = half_bits(line[0] * 2.0);
        assert_eq!(
            &got_half[row * width..(row + 1) * width],
            &want[..],
            "half row {row}"
        );
    }
}

#[test]
fn vector_comparisons_logic_and_select() {
    let Some(runtime) = runtime_for(test_name!()) else {
        return;
    };
    let program = build(&runtime, fixture!("vectors.cl"), "-cl-std=CL2.0");
    let n = 32usize;
    let ints: Vec<i32> = (0..n as i32 * 8).map(|k| (k * 37 % 11) - 5).collect();
    let floats: Vec<f32> = (0..n * 8)
        .map(|k| {
            if k % 3 == 0 {
                f32::NAN
            } else {
                ((k * 13 % 7) as f32) - 3.0
            }
        })
        .collect();
    let (a, f, out) = (
        runtime.buffer(&ints),
        runtime.buffer(&floats),
        runtime.zeroed::<i32>(n * 16),
    );
    program.run(
        "masks",
        &[Arg::Buffer(&a), Arg::Buffer(&f), Arg::Buffer(&out)],
        Range {
            global: n,
            local: 8,
        },
    );
    let got = runtime.read::<i32>(&out);
    let m = |b: bool| -i32::from(b);
    for i in 0..n {
        for k in 0..4 {
            let (x, y) = (ints[i * 8 + k], ints[i * 8 + 4 + k]);
            let (p, q) = (floats[i * 8 + k], floats[i * 8 + 4 + k]);
            let (lt, eq) = (x < y, p == q);
            let want = [
                m(lt) + m(eq) * 2,
                m(lt && eq) + m(lt || x == 0) * 2,
                if lt { x } else { y },
                if x > 0 {
                    p.to_bits() as i32
                } else {
                    (-q).to_bits() as i32
                },
            ];
            for (slot, &w) in want.iter().enumerate() {
                let g = got[i * 16 + slot * 4 + k];
                let nan = slot == 3 && f32::from_bits(w as u32).is_nan();
                assert!(
                    g == w || (nan && f32::from_bits(g as u32).is_nan()),
                    "work-item {i} lane {k} slot {slot}: got {g}, want {w}"
                );
            }
        }
    }
}
