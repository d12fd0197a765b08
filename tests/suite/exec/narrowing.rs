//! Narrowing conversions (`tests/exec/narrowing.cl`) at every rounding
//! boundary: `double`, `float` and 64- and 32-bit integers to `half`,
//! `float` and `double` through `vstore_half[n]`, `vstorea_halfn`,
//! `convert_<type>[n]`, casts and implicit conversions, and `double` and
//! `float` to every integer type through `convert_<type>[_sat]`, in each
//! rounding mode and (for the stores) each address space. Every result must
//! be the source value rounded once, in the named mode: the host computes it
//! exactly with integer arithmetic (`rounding.rs`), never with its FPU's
//! directed modes. Floating results compare bit for bit (the conversions
//! are exact operations), NaN as any NaN.

use super::rounding::{self, Exact, Format, Mode, DOUBLE, FLOAT, HALF};
use super::{build, fixture, runtime_for, Arg, Built, Inputs, Range, Session};

/// The mode of each row of a five-row group: the default spelling, then
/// `_rte`, `_rtz`, `_rtp` and `_rtn`.
const SUFFIXES: [&str; 5] = ["", "_rte", "_rtz", "_rtp", "_rtn"];

/// The rounding of the default spelling to a floating-point type, then
/// the four named ones.
const FLOAT_MODES: [Mode; 5] = [Mode::Rte, Mode::Rte, Mode::Rtz, Mode::Rtp, Mode::Rtn];

/// Collects wrong results and fails once with all of them listed.
#[derive(Default)]
struct Mismatches(Vec<String>);

impl Mismatches {
    fn check_float(&mut self, format: Format, what: impl FnOnce() -> String, got: u64, want: u64) {
        let same = if format.is_nan(want) {
            format.is_nan(got)
        } else {
            got == want
        };
        if !same {
            self.0
                .push(format!("{}: got {got:#x}, want {want:#x}", what()));
        }
    }

    fn finish(self, test: &str) {
        let shown: Vec<&str> = self.0.iter().take(40).map(String::as_str).collect();
        assert!(
            self.0.is_empty(),
            "{test}: {} wrong results, first {}:\n{}",
            self.0.len(),
            shown.len(),
            shown.join("\n")
        );
    }
}

fn one_per_item(n: usize) -> Range {
    Range {
        global: n,
        local: 1,
    }
}

fn program(runtime: &Session) -> Built<'static> {
    build(runtime, fixture!("narrowing.cl"), "-cl-std=CL2.0")
}

/// The results of `kernel` on `inputs` (as their bits), one row of
/// `format` values per form.
fn run_rows<T: super::device::Scalar>(
    runtime: &Session,
    program: &Built<'_>,
    kernel: &str,
    inputs: &[T],
    format: Format,
    forms: usize,
) -> Vec<u64> {
    let n = inputs.len();
    let input = runtime.buffer(inputs);
    let out_len = forms * n;
    macro_rules! run_as {
        ($t:ty) => {{
            let out = runtime.zeroed::<$t>(out_len);
            program.run(
                kernel,
                &[Arg::Buffer(&input), Arg::Buffer(&out)],
                one_per_item(n),
            );
            runtime
                .read::<$t>(&out)
                .into_iter()
                .map(u64::from)
                .collect()
        }};
    }
    match format.precision {
        11 => run_as!(u16),
        24 => run_as!(u32),
        _ => run_as!(u64),
    }
}

/// `double` inputs for conversions to `format`: its boundaries, then
/// pseudo-random values of its range, up to a multiple of 48 (every
/// vector width divides it).
fn double_inputs(format: Format, seed: u64) -> Vec<f64> {
    let mut values = rounding::double_boundaries(format);
    let mut random = Inputs::new(seed);
    let span = if format == HALF { 40 } else { 300 };
    while !values.len().is_multiple_of(48) {
        let bits = random.next_u64();
        let exponent = (bits >> 52) % span;
        let magnitude =
            f64::from_bits(((1023 - span / 2 + exponent) << 52) | (bits & ((1 << 52) - 1)));
        values.push(if bits & (1 << 63) == 0 {
            magnitude
        } else {
            -magnitude
        });
    }
    values
}

fn bits_of(values: &[f64]) -> Vec<u64> {
    values.iter().map(|v| v.to_bits()).collect()
}

#[test]
fn double_to_half_through_every_store_and_conversion() {
    let test = test_name!();
    let Some(runtime) = runtime_for(test) else {
        return;
    };
    let program = program(&runtime);
    let values = double_inputs(HALF, 1);
    let n = values.len();
    let input = runtime.buffer(&bits_of(&values));
    let out = runtime.zeroed::<u16>(27 * n);
    program.run(
        "double_to_half",
        &[Arg::Buffer(&input), Arg::Buffer(&out), Arg::Local(5 * 2)],
        one_per_item(n),
    );
    let got = runtime.read::<u16>(&out);
    let forms = [
        "vstore_half (global)",
        "vstore_half (local)",
        "vstore_half (private)",
        "vstore_half (generic)",
        "convert_half",
    ];
    let mut wrong = Mismatches::default();
    for (i, &x) in values.iter().enumerate() {
        for row in 0..27 {
            let (mode, name) = match row {
                0..=24 => (
                    FLOAT_MODES[row % 5],
                    format!("{}{}", forms[row / 5], SUFFIXES[row % 5]),
                ),
                25 => (Mode::Rte, "(half)".to_owned()),
                _ => (Mode::Rte, "half h = x".to_owned()),
            };
            let want = rounding::round(Exact::double(x), HALF, mode);
            let what = || format!("{name} of {x:e} ({:#018x})", x.to_bits());
            wrong.check_float(HALF, what, u64::from(got[row * n + i]), want);
        }
    }
    wrong.finish(test);
}

#[test]
fn double_vectors_to_half_through_every_store_and_conversion() {
    let test = test_name!();
    let Some(runtime) = runtime_for(test) else {
        return;
    };
    let program = program(&runtime);
    let values = double_inputs(HALF, 2);
    let input = runtime.buffer(&bits_of(&values));
    let mut wrong = Mismatches::default();
    for width in [2usize, 3, 4, 8, 16] {
        let vectors = values.len() / width;
        let stride = vectors * 16;
        let out = runtime.zeroed::<u16>(30 * stride);
        program.run(
            &format!("double_to_half{width}"),
            &[
                Arg::Buffer(&input),
                Arg::Buffer(&out),
                Arg::Local(width * 2),
            ],
            one_per_item(vectors),
        );
        let got = runtime.read::<u16>(&out);
        let forms = [
            format!("vstore_half{width} (global)"),
            format!("vstorea_half{width} (global)"),
            format!("vstore_half{width} (local)"),
            format!("vstorea_half{width} (private)"),
            format!("vstore_half{width} (generic)"),
            format!("convert_half{width}"),
        ];
        // vstorea_half3 stores vector j at 4j.
        let aligned_step = if width == 3 { 4 } else { width };
        for row in 0..30 {
            let mode = FLOAT_MODES[row % 5];
            let step = if row / 5 == 1 { aligned_step } else { width };
            for j in 0..vectors {
                for c in 0..width {
                    let x = values[width * j + c];
                    let want = rounding::round(Exact::double(x), HALF, mode);
                    let what = || {
                        format!(
                            "{}{} of {x:e} ({:#018x}, component {c})",
                            forms[row / 5],
                            SUFFIXES[row % 5],
                            x.to_bits()
                        )
                    };
                    let at = row * stride + step * j + c;
                    wrong.check_float(HALF, what, u64::from(got[at]), want);
                }
            }
        }
    }
    wrong.finish(test);
}

#[test]
fn float_to_half_through_stores_and_conversions() {
    let test = test_name!();
    let Some(runtime) = runtime_for(test) else {
        return;
    };
    let program = program(&runtime);
    let values = rounding::float_boundaries();
    let got = run_rows(&runtime, &program, "float_to_half", &values, HALF, 16);
    let forms = ["vstore_half", "vstorea_half2 (private)", "convert_half"];
    let n = values.len();
    let mut wrong = Mismatches::default();
    for (i, &x) in values.iter().enumerate() {
        for row in 0..16 {
            let (mode, name) = match row {
                0..=14 => (
                    FLOAT_MODES[row % 5],
                    format!("{}{}", forms[row / 5], SUFFIXES[row % 5]),
                ),
                _ => (Mode::Rte, "(half)".to_owned()),
            };
            let want = rounding::round(Exact::float(x), HALF, mode);
            let what = || format!("{name} of {x:e} ({:#010x})", x.to_bits());
            wrong.check_float(HALF, what, got[row * n + i], want);
        }
    }
    wrong.finish(test);
}

/// Checks the six rows of a `TO_FLOATING` kernel (`convert_<to>` in each
/// mode, then a cast) against `exact`, the inputs' values.
fn check_to_floating(
    wrong: &mut Mismatches,
    kernel: &str,
    to: Format,
    exact: &[(Exact, String)],
    got: &[u64],
) {
    let n = exact.len();
    for (i, (x, shown)) in exact.iter().enumerate() {
        for row in 0..6 {
            let (mode, name) = if row < 5 {
                (FLOAT_MODES[row], format!("convert{}", SUFFIXES[row]))
            } else {
                (Mode::Rte, "cast".to_owned())
            };
            let want = rounding::round(*x, to, mode);
            let what = || format!("{kernel}: {name} of {shown}");
            wrong.check_float(to, what, got[row * n + i], want);
        }
    }
}

#[test]
fn double_and_integers_to_float_double_and_half() {
    let test = test_name!();
    let Some(runtime) = runtime_for(test) else {
        return;
    };
    let program = program(&runtime);
    let mut wrong = Mismatches::default();

    let doubles = double_inputs(FLOAT, 3);
    let got = run_rows(
        &runtime,
        &program,
        "double_to_float",
        &bits_of(&doubles),
        FLOAT,
        6,
    );
    let exact: Vec<_> = doubles
        .iter()
        .map(|&x| (Exact::double(x), format!("{x:e} ({:#018x})", x.to_bits())))
        .collect();
    check_to_floating(&mut wrong, "double_to_float", FLOAT, &exact, &got);

    for (to, kernels) in [
        (
            FLOAT,
            [
                "long_to_float",
                "ulong_to_float",
                "int_to_float",
                "uint_to_float",
            ]
            .as_slice(),
        ),
        (DOUBLE, &["long_to_double", "ulong_to_double"]),
        (HALF, &["long_to_half", "ulong_to_half", "int_to_half"]),
    ] {
        let (signed, unsigned) = rounding::integer_boundaries(to.precision);
        for &kernel in kernels {
            let exact: Vec<(Exact, String)>;
            let got = match kernel.split('_').next() {
                Some("long") => {
                    exact = signed
                        .iter()
                        .map(|&v| (Exact::signed(v), v.to_string()))
                        .collect();
                    run_rows(&runtime, &program, kernel, &signed, to, 6)
                }
                Some("ulong") => {
                    exact = unsigned
                        .iter()
                        .map(|&v| (Exact::unsigned(v), v.to_string()))
                        .collect();
                    run_rows(&runtime, &program, kernel, &unsigned, to, 6)
                }
                Some("int") => {
                    let ints: Vec<i32> = signed
                        .iter()
                        .filter_map(|&v| i32::try_from(v).ok())
                        .collect();
                    exact = ints
                        .iter()
                        .map(|&v| (Exact::signed(v.into()), v.to_string()))
                        .collect();
                    run_rows(&runtime, &program, kernel, &ints, to, 6)
                }
                _ => {
                    let uints: Vec<u32> = unsigned
                        .iter()
                        .filter_map(|&v| u32::try_from(v).ok())
                        .collect();
                    exact = uints
                        .iter()
                        .map(|&v| (Exact::unsigned(v.into()), v.to_string()))
                        .collect();
                    run_rows(&runtime, &program, kernel, &uints, to, 6)
                }
            };
            check_to_floating(&mut wrong, kernel, to, &exact, &got);
        }
    }

    // Vectors: convert_float4 in each mode.
    let n = doubles.len();
    let (input, out) = (
        runtime.buffer(&bits_of(&doubles)),
        runtime.zeroed::<u32>(5 * n),
    );
    program.run(
        "double_to_float4",
        &[Arg::Buffer(&input), Arg::Buffer(&out)],
        one_per_item(n / 4),
    );
    let got = runtime.read::<u32>(&out);
    for (i, &x) in doubles.iter().enumerate() {
        for row in 0..5 {
            let want = rounding::round(Exact::double(x), FLOAT, FLOAT_MODES[row]);
            let what = || {
                format!(
                    "convert_float4{} of {x:e} ({:#018x})",
                    SUFFIXES[row],
                    x.to_bits()
                )
            };
            wrong.check_float(FLOAT, what, u64::from(got[row * n + i]), want);
        }
    }
    wrong.finish(test);
}

/// `double` inputs for conversions to integers: halfway cases and their
/// neighbours, each integer type's bounds ± ½ and ± 1 with neighbours,
/// values only a `double` ulp from them, NaN, infinities, ±0.
fn integer_rounding_inputs() -> Vec<f64> {
    let mut points = vec![0.5, 1.5, 2.5, 3.5, 0.25, 1.0, 2.0, 4503599627370495.5];
    for bound in [
        127.0,
        128.0,
        255.0,
        256.0,
        32767.0,
        32768.0,
        65535.0,
        65536.0,
        2147483647.0,
        2147483648.0,
        4294967295.0,
        4294967296.0,
        9223372036854775808.0,
        18446744073709551616.0,
    ] {
        points.extend([bound - 1.0, bound - 0.5, bound, bound + 0.5, bound + 1.0]);
    }
    let mut values = Vec::new();
    for p in points {
        for v in [
            rounding::next_double(p, false),
            p,
            rounding::next_double(p, true),
        ] {
            values.extend([v, -v]);
        }
    }
    values.extend([
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        0.0,
        -0.0,
        1e300,
        -1e300,
        5e-324,
    ]);
    values
}

#[test]
fn double_and_float_to_integers() {
    let test = test_name!();
    let Some(runtime) = runtime_for(test) else {
        return;
    };
    let program = program(&runtime);
    let doubles = integer_rounding_inputs();
    let floats: Vec<f32> = doubles.iter().map(|&x| x as f32).collect();
    let mut wrong = Mismatches::default();
    let types: [(&str, i128, i128); 8] = [
        ("char", -128, 127),
        ("uchar", 0, 255),
        ("short", -32768, 32767),
        ("ushort", 0, 65535),
        ("int", i32::MIN.into(), i32::MAX.into()),
        ("uint", 0, u32::MAX.into()),
        ("long", i64::MIN.into(), i64::MAX.into()),
        ("ulong", 0, u64::MAX.into()),
    ];
    let kernels = types.iter().map(|&t| ("double", t)).chain(
        types
            .iter()
            .filter(|t| matches!(t.0, "int" | "long" | "ulong"))
            .map(|&t| ("float", t)),
    );
    for (from, (to, lo, hi)) in kernels {
        let kernel = format!("{from}_to_{to}");
        let (values, got) = if from == "double" {
            let input = runtime.buffer(&bits_of(&doubles));
            let out = runtime.zeroed::<i64>(11 * doubles.len());
            program.run(
                &kernel,
                &[Arg::Buffer(&input), Arg::Buffer(&out)],
                one_per_item(doubles.len()),
            );
            (doubles.clone(), runtime.read::<i64>(&out))
        } else {
            let input = runtime.buffer(&floats);
            let out = runtime.zeroed::<i64>(11 * floats.len());
            program.run(
                &kernel,
                &[Arg::Buffer(&input), Arg::Buffer(&out)],
                one_per_item(floats.len()),
            );
            (
                floats.iter().map(|&f| f64::from(f)).collect(),
                runtime.read::<i64>(&out),
            )
        };
        let n = values.len();
        for (i, &x) in values.iter().enumerate() {
            for row in 0..11 {
                // The default rounding to an integer is toward zero.
                let mode = match row % 5 {
                    0 | 2 => Mode::Rtz,
                    1 => Mode::Rte,
                    3 => Mode::Rtp,
                    _ => Mode::Rtn,
                };
                let saturating = (5..10).contains(&row);
                let rounded =
                    rounding::round_to_integer(x, if row == 10 { Mode::Rtz } else { mode });
                let want = match rounded {
                    // Saturating: NaN is 0, infinities and out-of-range
                    // values the nearest bound.
                    _ if saturating && x.is_nan() => 0,
                    _ if saturating && x.is_infinite() => {
                        if x > 0.0 {
                            hi
                        } else {
                            lo
                        }
                    }
                    Some(r) if saturating => (r as i128).clamp(lo, hi),
                    // Otherwise out of range is undefined: not checked.
                    Some(r) if (r as i128) >= lo && (r as i128) <= hi => r as i128,
                    _ => continue,
                };
                let name = match row {
                    0..=4 => format!("convert_{to}{}", SUFFIXES[row]),
                    5..=9 => format!("convert_{to}_sat{}", SUFFIXES[row - 5]),
                    _ => format!("({to})"),
                };
                let got = got[row * n + i];
                // The kernel widens to `long`; a `ulong` keeps its bits.
                let want = want as i64;
                if got != want {
                    wrong.0.push(format!(
                        "{kernel}: {name} of {x:e} ({:#018x}): got {got}, want {want}",
                        x.to_bits()
                    ));
                }
            }
        }
    }
    wrong.finish(test);
}
