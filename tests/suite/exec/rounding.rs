//! The host's reference for narrowing conversions: exact rounding of a
//! `double`, `float` or 64-bit integer to a binary floating-point format
//! (`half`, `float`, `double`) in each IEEE rounding mode, done with integer
//! arithmetic only — the host FPU's directed modes are not used, and its
//! round-to-nearest only cross-checks this code in the unit tests below.
//!
//! Also the special inputs the narrowing tests feed: for each target format,
//! every kind of rounding boundary (representable values, halfway cases,
//! one ulp of the source either side of both, the subnormal range and its
//! lower edge, the overflow thresholds) and NaN, ±infinity and ±0.

/// An IEEE rounding mode, as OpenCL C names it in `_rte`, `_rtz`, `_rtp`
/// and `_rtn`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// To nearest, ties to even.
    Rte,
    /// Toward zero.
    Rtz,
    /// Toward +infinity.
    Rtp,
    /// Toward −infinity.
    Rtn,
}

/// The four modes, in OpenCL's suffix order.
pub const MODES: [Mode; 4] = [Mode::Rte, Mode::Rtz, Mode::Rtp, Mode::Rtn];

/// A binary interchange format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Format {
    /// Significand bits, the implicit one included.
    pub precision: u32,
    /// Exponent field bits.
    pub exponent_bits: u32,
}

/// IEEE binary16 (`half`).
pub const HALF: Format = Format {
    precision: 11,
    exponent_bits: 5,
};
/// IEEE binary32 (`float`).
pub const FLOAT: Format = Format {
    precision: 24,
    exponent_bits: 8,
};
/// IEEE binary64 (`double`).
pub const DOUBLE: Format = Format {
    precision: 53,
    exponent_bits: 11,
};

impl Format {
    fn bias(self) -> i32 {
        (1 << (self.exponent_bits - 1)) - 1
    }

    fn sign_bit(self) -> u64 {
        1 << (self.precision - 1 + self.exponent_bits)
    }

    fn exponent_mask(self) -> u64 {
        (1 << self.exponent_bits) - 1
    }

    fn fraction_mask(self) -> u64 {
        (1 << (self.precision - 1)) - 1
    }

    /// Whether `bits` encode a NaN of this format.
    pub fn is_nan(self, bits: u64) -> bool {
        let exponent = (bits >> (self.precision - 1)) & self.exponent_mask();
        exponent == self.exponent_mask() && bits & self.fraction_mask() != 0
    }

    /// The exact value that `bits` encode.
    pub fn decode(self, bits: u64) -> Exact {
        let neg = bits & self.sign_bit() != 0;
        let exponent = (bits >> (self.precision - 1)) & self.exponent_mask();
        let fraction = bits & self.fraction_mask();
        if exponent == self.exponent_mask() {
            return if fraction == 0 {
                Exact::Inf(neg)
            } else {
                Exact::Nan
            };
        }
        let min_exponent = 1 - self.bias() - (self.precision as i32 - 1);
        let (m, e) = if exponent == 0 {
            (fraction, min_exponent)
        } else {
            (
                fraction | (1 << (self.precision - 1)),
                min_exponent + exponent as i32 - 1,
            )
        };
        Exact::Finite {
            neg,
            m: u128::from(m),
            e,
        }
    }
}

/// An exact value: NaN, ±infinity, or (−1)^`neg` × `m` × 2^`e`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exact {
    /// Any NaN.
    Nan,
    /// Infinity, negative when true.
    Inf(bool),
    /// A finite number (zero when `m` is 0).
    Finite {
        /// Negative (−0 when `m` is 0).
        neg: bool,
        /// The integer significand.
        m: u128,
        /// The power of two it is scaled by.
        e: i32,
    },
}

impl Exact {
    /// The value of a `double`.
    pub fn double(x: f64) -> Self {
        DOUBLE.decode(x.to_bits())
    }

    /// The value of a `float`.
    pub fn float(x: f32) -> Self {
        FLOAT.decode(u64::from(x.to_bits()))
    }

    /// The value of a signed integer.
    pub fn signed(x: i64) -> Self {
        Exact::Finite {
            neg: x < 0,
            m: u128::from(x.unsigned_abs()),
            e: 0,
        }
    }

    /// The value of an unsigned integer.
    pub fn unsigned(x: u64) -> Self {
        Exact::Finite {
            neg: false,
            m: u128::from(x),
            e: 0,
        }
    }
}

/// Where the discarded part of a significand lies, against half a unit.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Rest {
    Zero,
    BelowHalf,
    Half,
    AboveHalf,
}

/// `x` rounded to `format` in `mode`: the bits of the result (NaN as the
/// format's quiet NaN with an empty payload; compare with [`Format::is_nan`]).
pub fn round(x: Exact, format: Format, mode: Mode) -> u64 {
    let p = format.precision as i32;
    let exponent_all = format.exponent_mask();
    let (neg, m, e) = match x {
        Exact::Nan => return (exponent_all << (p - 1)) | (1 << (p - 2)),
        Exact::Inf(neg) => return sign(format, neg) | (exponent_all << (p - 1)),
        Exact::Finite { neg, m: 0, .. } => return sign(format, neg),
        Exact::Finite { neg, m, e } => (neg, m, e),
    };
    // value = m × 2^e, in [2^top_exponent, 2^(top_exponent + 1)).
    let top_exponent = e + 127 - m.leading_zeros() as i32;
    let min_normal_exponent = 1 - format.bias();
    // The unit of the last place of the result.
    let mut quantum = top_exponent.max(min_normal_exponent) - (p - 1);
    let (mut r, rest) = if quantum <= e {
        (m << (e - quantum), Rest::Zero)
    } else {
        let shift = quantum - e;
        if shift >= 128 {
            (0, Rest::BelowHalf)
        } else {
            let kept = m >> shift;
            let dropped = m & ((1u128 << shift) - 1);
            let half = 1u128 << (shift - 1);
            let rest = match dropped {
                0 => Rest::Zero,
                d if d < half => Rest::BelowHalf,
                d if d == half => Rest::Half,
                _ => Rest::AboveHalf,
            };
            (kept, rest)
        }
    };
    let up = match mode {
        Mode::Rte => rest == Rest::AboveHalf || (rest == Rest::Half && r & 1 == 1),
        Mode::Rtz => false,
        Mode::Rtp => rest != Rest::Zero && !neg,
        Mode::Rtn => rest != Rest::Zero && neg,
    };
    if up {
        r += 1;
        if r == 1u128 << p {
            r >>= 1;
            quantum += 1;
        }
    }
    let implicit = 1u128 << (p - 1);
    if r < implicit {
        // Subnormal (or zero): exponent field 0.
        return sign(format, neg) | r as u64;
    }
    let biased = i64::from(quantum + (p - 1) + format.bias());
    if biased >= exponent_all as i64 {
        let to_infinity = match mode {
            Mode::Rte => true,
            Mode::Rtz => false,
            Mode::Rtp => !neg,
            Mode::Rtn => neg,
        };
        let magnitude = if to_infinity {
            exponent_all << (p - 1)
        } else {
            ((exponent_all - 1) << (p - 1)) | format.fraction_mask()
        };
        return sign(format, neg) | magnitude;
    }
    sign(format, neg) | ((biased as u64) << (p - 1)) | (r - implicit) as u64
}

fn sign(format: Format, neg: bool) -> u64 {
    if neg {
        format.sign_bit()
    } else {
        0
    }
}

/// `x` rounded to an integer in `mode` (`None` for NaN and infinities).
/// Uses only operations whose results are exact.
pub fn round_to_integer(x: f64, mode: Mode) -> Option<f64> {
    if !x.is_finite() {
        return None;
    }
    Some(match mode {
        Mode::Rte => x.round_ties_even(),
        Mode::Rtz => x.trunc(),
        Mode::Rtp => x.ceil(),
        Mode::Rtn => x.floor(),
    })
}

/// The `double` next to `x` toward +infinity (`up`) or −infinity.
pub fn next_double(x: f64, up: bool) -> f64 {
    if x.is_nan() || (x.is_infinite() && (x > 0.0) == up) {
        return x;
    }
    if x == 0.0 {
        let tiny = f64::from_bits(1);
        return if up { tiny } else { -tiny };
    }
    let bits = x.to_bits();
    let away = (x > 0.0) == up;
    f64::from_bits(if away { bits + 1 } else { bits - 1 })
}

/// The `float` next to `x` toward +infinity (`up`) or −infinity.
pub fn next_float(x: f32, up: bool) -> f32 {
    if x.is_nan() || (x.is_infinite() && (x > 0.0) == up) {
        return x;
    }
    if x == 0.0 {
        let tiny = f32::from_bits(1);
        return if up { tiny } else { -tiny };
    }
    let bits = x.to_bits();
    let away = (x > 0.0) == up;
    f32::from_bits(if away { bits + 1 } else { bits - 1 })
}

/// The value of the finite `bits` of `format` as a `double` (exact: every
/// `half` and `float` is a `double`).
fn to_double(format: Format, bits: u64) -> f64 {
    match format.decode(bits) {
        Exact::Finite { neg, m, e } => {
            let magnitude = m as f64 * pow2(e);
            if neg {
                -magnitude
            } else {
                magnitude
            }
        }
        Exact::Inf(neg) => {
            if neg {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            }
        }
        Exact::Nan => f64::NAN,
    }
}

/// 2^`e`, for `e` in the normal range of `double`.
fn pow2(e: i32) -> f64 {
    f64::from_bits(((e + 1023) as u64) << 52)
}

/// Positive values of `format` around which rounding changes: the
/// smallest subnormals, the largest subnormal and the smallest normal, 1
/// and its neighbours, an odd and an even significand, and the largest
/// finite values.
fn anchors(format: Format) -> Vec<u64> {
    let p = format.precision;
    let implicit = 1u64 << (p - 1);
    let one = (format.bias() as u64) << (p - 1);
    let max = ((format.exponent_mask() - 1) << (p - 1)) | format.fraction_mask();
    vec![
        1,
        2,
        3,
        implicit - 1,
        implicit,
        implicit + 1,
        one - 1,
        one,
        one + 1,
        one + 0x35,
        one + 0x36,
        max - 1,
        max,
    ]
}

/// `double` inputs at every rounding boundary of a conversion to
/// `format`: each anchor, the halfway points to its neighbours, one
/// `double` ulp either side of each, half the smallest subnormal and the
/// overflow threshold (max + half an ulp) with their neighbours, both
/// signs; then NaN, ±infinity, ±0, the smallest `double` subnormal, the
/// smallest normal `double` and the largest `double`.
pub fn double_boundaries(format: Format) -> Vec<f64> {
    let mut points = Vec::new();
    for bits in anchors(format) {
        let value = to_double(format, bits);
        let below = to_double(format, bits - 1);
        let above = to_double(format, bits + 1);
        points.push(value);
        points.push((value + below) / 2.0);
        points.push((value + above) / 2.0);
    }
    let mut values = Vec::new();
    for point in points {
        for v in [next_double(point, false), point, next_double(point, true)] {
            values.extend([v, -v]);
        }
    }
    values.extend([
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        0.0,
        -0.0,
        f64::from_bits(1),
        f64::MIN_POSITIVE,
        -f64::MIN_POSITIVE,
        f64::MAX,
        -f64::MAX,
        // The three values of the bug report (double rounding through
        // `float` near the smallest `half` subnormal).
        f64::from_bits(0x3E60_0000_0000_0001), // 0x1.0000000000001p-25
        f64::from_bits(0x3E6F_FFFF_FFFF_FFF8), // 0x1.fffffffffff80p-25
    ]);
    values.dedup_by(|a, b| a.to_bits() == b.to_bits());
    values
}

/// `float` inputs at every rounding boundary of a conversion to `half`,
/// as [`double_boundaries`] with one `float` ulp either side.
pub fn float_boundaries() -> Vec<f32> {
    let mut values = Vec::new();
    for bits in anchors(HALF) {
        let value = to_double(HALF, bits);
        let below = to_double(HALF, bits - 1);
        let above = to_double(HALF, bits + 1);
        for point in [value, (value + below) / 2.0, (value + above) / 2.0] {
            // Every point is a `float`: halves have 11 significant bits.
            let point = point as f32;
            for v in [next_float(point, false), point, next_float(point, true)] {
                values.extend([v, -v]);
            }
        }
    }
    values.extend([
        f32::NAN,
        f32::INFINITY,
        f32::NEG_INFINITY,
        0.0,
        -0.0,
        f32::from_bits(1),
        f32::MIN_POSITIVE,
        f32::MAX,
        -f32::MAX,
    ]);
    values
}

/// 64-bit integer inputs at the rounding boundaries of a conversion to a
/// format of `precision` significant bits: for each magnitude 2^k where
/// rounding starts, the value, the halfway points above it (with an even
/// and an odd neighbour below), each ±1, both signs; the extremes of
/// `long` and `ulong` and the 32-bit ones.
pub fn integer_boundaries(precision: u32) -> (Vec<i64>, Vec<u64>) {
    let mut unsigned = Vec::new();
    for k in precision..64 {
        let base = 1u64 << k;
        let step = 1u64 << (k + 1 - precision); // the spacing in [2^k, 2^(k+1))
        for point in [base, base + step / 2, base + step + step / 2, base + step] {
            unsigned.extend([point - 1, point, point.saturating_add(1)]);
        }
        // Just below 2^(k+1): rounds up to the next binade in Rte/Rtp.
        let top = (base - 1) | base;
        unsigned.extend([top, top - step / 2, top - step / 2 + 1]);
    }
    unsigned.extend([0, 1, 2, u64::MAX, u64::MAX - 1, u64::from(u32::MAX)]);
    let mut signed: Vec<i64> = unsigned
        .iter()
        .filter_map(|&u| i64::try_from(u).ok())
        .flat_map(|v| [v, -v])
        .collect();
    signed.extend([
        i64::MIN,
        i64::MIN + 1,
        i64::from(i32::MIN),
        i64::from(i32::MAX),
    ]);
    unsigned.sort_unstable();
    unsigned.dedup();
    signed.sort_unstable();
    signed.dedup();
    (signed, unsigned)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn half(x: f64, mode: Mode) -> u64 {
        round(Exact::double(x), HALF, mode)
    }

    #[test]
    fn the_reported_values() {
        // vstore_half(0x1.0000000000001p-25) rounds up to the smallest
        // subnormal: just above half of it.
        assert_eq!(
            half(f64::from_bits(0x3E60_0000_0000_0001), Mode::Rte),
            0x0001
        );
        assert_eq!(
            half(f64::from_bits(0x3E6F_FFFF_FFFF_FFF8), Mode::Rtz),
            0x0000
        );
        assert_eq!(half(f64::MIN_POSITIVE, Mode::Rtp), 0x0001);
        assert_eq!(half(-f64::MIN_POSITIVE, Mode::Rtp), 0x8000);
        assert_eq!(half(-f64::MIN_POSITIVE, Mode::Rtn), 0x8001);
        assert_eq!(half(pow2(-25), Mode::Rte), 0x0000);
        assert_eq!(half(1.5 * pow2(-24), Mode::Rte), 0x0002);
    }

    #[test]
    fn overflow_in_each_mode() {
        let threshold = 65520.0; // max half 65504 + half an ulp (16)
        assert_eq!(half(threshold, Mode::Rte), 0x7C00);
        assert_eq!(half(next_double(threshold, false), Mode::Rte), 0x7BFF);
        assert_eq!(half(1e300, Mode::Rtz), 0x7BFF);
        assert_eq!(half(65504.5, Mode::Rtp), 0x7C00);
        assert_eq!(half(-65504.5, Mode::Rtp), 0xFBFF);
        assert_eq!(half(-65504.5, Mode::Rtn), 0xFC00);
        assert_eq!(half(f64::INFINITY, Mode::Rtz), 0x7C00);
        assert!(HALF.is_nan(half(f64::NAN, Mode::Rte)));
    }

    #[test]
    fn nearest_agrees_with_the_host_conversions() {
        // `as` rounds to nearest even: a cross-check of the integer code,
        // for the one mode the host guarantees.
        for x in double_boundaries(FLOAT)
            .into_iter()
            .chain(double_boundaries(HALF))
        {
            let want = x as f32;
            let got = round(Exact::double(x), FLOAT, Mode::Rte) as u32;
            if want.is_nan() {
                assert!(FLOAT.is_nan(u64::from(got)), "{x:e}");
            } else {
                assert_eq!(got, want.to_bits(), "{x:e} to float");
            }
        }
        let (signed, unsigned) = integer_boundaries(24);
        for &v in &signed {
            assert_eq!(
                round(Exact::signed(v), FLOAT, Mode::Rte),
                u64::from((v as f32).to_bits())
            );
            assert_eq!(
                round(Exact::signed(v), DOUBLE, Mode::Rte),
                (v as f64).to_bits()
            );
        }
        for &v in &unsigned {
            assert_eq!(
                round(Exact::unsigned(v), FLOAT, Mode::Rte),
                u64::from((v as f32).to_bits())
            );
        }
        for x in float_boundaries() {
            let exact = round(Exact::float(x), DOUBLE, Mode::Rtz);
            assert!(
                x.is_nan() || exact == f64::from(x).to_bits(),
                "{x:e} widens exactly"
            );
        }
    }

    #[test]
    fn directed_modes_bracket_the_value() {
        for x in double_boundaries(HALF)
            .into_iter()
            .filter(|x| x.is_finite())
        {
            let [rte, rtz, rtp, rtn] = MODES.map(|m| to_double(HALF, half(x, m)));
            assert!(rtn <= x && x <= rtp, "{x:e}: {rtn:e} {rtp:e}");
            assert!(rtz.abs() <= x.abs(), "{x:e}: {rtz:e}");
            assert!(rte == rtn || rte == rtp, "{x:e}: {rte:e}");
            if rtn.is_finite() && rtp.is_finite() {
                // Adjacent: at most one ulp of the binade of x apart.
                let ulp = pow2(-24).max(x.abs() * pow2(-10));
                assert!(rtp - rtn <= ulp, "{x:e}: [{rtn:e}, {rtp:e}]");
            }
        }
    }
}
