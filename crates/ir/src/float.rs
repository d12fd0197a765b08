//! Compile-time values of the floating types (`half`, `float`, `double`):
//! a constant converted or computed at compile time is rounded **once**,
//! to nearest with ties to even, from its exact value to its type, as the
//! device would round it at run time.
//!
//! [`Literal::Float`](crate::Literal) holds an `f64`; a narrower type's
//! value is an `f64` that the type represents. Rounding through an
//! intermediate type is wrong: `0x1.0000000000001p-25` is just above half
//! the smallest `half` subnormal and rounds up to it, but through `float`
//! it first becomes exactly half of it and then rounds to even, to zero;
//! the `long` `2^60 + 2^36 + 1` rounds up to the next `float`, but through
//! `double` it first becomes the tie `2^60 + 2^36` and then rounds down.
//! So `half` values come from the exact `double` and `float`/`half` values
//! of integers from the exact integer, by one rounding on the integer
//! significand ([`round_nearest`]). (`double` arithmetic on two values of
//! a narrower type, rounded once to it, gives the correctly rounded
//! result: 53 ≥ 2 × 24 + 2 bits.)

/// A binary interchange format: significand bits (the implicit one
/// included) and exponent bits.
#[derive(Clone, Copy)]
struct Format {
    precision: u32,
    exponent_bits: u32,
}

const HALF: Format = Format {
    precision: 11,
    exponent_bits: 5,
};
const FLOAT: Format = Format {
    precision: 24,
    exponent_bits: 8,
};
const DOUBLE: Format = Format {
    precision: 53,
    exponent_bits: 11,
};

fn format_of(bits: u8) -> Format {
    match bits {
        16 => HALF,
        32 => FLOAT,
        _ => DOUBLE,
    }
}

/// The encoding of (−1)^`neg` × `m` × 2^`e` rounded to nearest, ties to
/// even, in `format` (overflow to infinity, underflow through the
/// subnormals to a signed zero).
fn round_nearest(neg: bool, m: u128, e: i32, format: Format) -> u64 {
    let p = format.precision as i32;
    let bias = (1i32 << (format.exponent_bits - 1)) - 1;
    let exponent_all = (1u64 << format.exponent_bits) - 1;
    let sign = if neg {
        1u64 << (format.precision - 1 + format.exponent_bits)
    } else {
        0
    };
    if m == 0 {
        return sign;
    }
    let top = e + 127 - m.leading_zeros() as i32;
    // The unit in the last place of the result: that of the value's
    // binade, or of the subnormals.
    let mut quantum = top.max(1 - bias) - (p - 1);
    let mut r = if quantum <= e {
        m << (e - quantum)
    } else {
        let shift = quantum - e;
        if shift > 127 {
            0
        } else {
            let kept = m >> shift;
            let dropped = m & ((1u128 << shift) - 1);
            let half = 1u128 << (shift - 1);
            if dropped > half || (dropped == half && kept & 1 == 1) {
                kept + 1
            } else {
                kept
            }
        }
    };
    if r == 1u128 << p {
        r >>= 1;
        quantum += 1;
    }
    let implicit = 1u128 << (p - 1);
    if r < implicit {
        return sign | r as u64;
    }
    let biased = i64::from(quantum + (p - 1) + bias);
    if biased >= exponent_all as i64 {
        return sign | (exponent_all << (p - 1));
    }
    sign | ((biased as u64) << (p - 1)) | (r - implicit) as u64
}

/// The value of the finite or infinite encoding `bits` of `format`.
fn decode(bits: u64, format: Format) -> f64 {
    match format.precision {
        53 => f64::from_bits(bits),
        24 => f64::from(f32::from_bits(bits as u32)),
        _ => half_value(bits as u16),
    }
}

/// The exact (−1)^neg × m × 2^e of a finite `f64`.
fn parts(value: f64) -> (bool, u128, i32) {
    let bits = value.to_bits();
    let neg = bits >> 63 == 1;
    let exponent = ((bits >> 52) & 0x7ff) as i32;
    let fraction = bits & ((1 << 52) - 1);
    if exponent == 0 {
        (neg, u128::from(fraction), -1074)
    } else {
        (neg, u128::from(fraction | (1 << 52)), exponent - 1075)
    }
}

/// The `half` nearest to `value` (ties to even), as its bits. NaN gives a
/// quiet NaN of the same sign.
pub fn half_bits(value: f64) -> u16 {
    let sign = if value.is_sign_negative() { 0x8000 } else { 0 };
    if value.is_nan() {
        return sign | 0x7e00;
    }
    if value.is_infinite() {
        return sign | 0x7c00;
    }
    let (neg, m, e) = parts(value);
    round_nearest(neg, m, e, HALF) as u16
}

/// The value of the `half` with bits `bits`.
pub fn half_value(bits: u16) -> f64 {
    let magnitude = match (bits >> 10) & 0x1f {
        0 => f64::from(bits & 0x3ff) * f64::from_bits(0x3e70_0000_0000_0000), // 2^-24
        0x1f if bits & 0x3ff == 0 => f64::INFINITY,
        0x1f => f64::NAN,
        exponent => {
            f64::from(0x400 | (bits & 0x3ff))
                * f64::from_bits((u64::from(exponent) + 1023 - 25) << 52)
        }
    };
    if bits & 0x8000 != 0 {
        -magnitude
    } else {
        magnitude
    }
}

/// `value` rounded once to nearest (ties to even) in the floating type of
/// `bits` bits (16, 32 or 64), as an `f64`.
pub fn round_to_width(value: f64, bits: u8) -> f64 {
    match bits {
        16 => half_value(half_bits(value)),
        // `as` rounds to nearest, ties to even, in one step.
        32 => f64::from(value as f32),
        _ => value,
    }
}

/// The integer `value` rounded once to nearest (ties to even) in the
/// floating type of `bits` bits, as an `f64`.
pub fn int_to_float(value: i128, bits: u8) -> f64 {
    let format = format_of(bits);
    let encoded = round_nearest(value < 0, value.unsigned_abs(), 0, format);
    decode(encoded, format)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halves_round_once_to_nearest_even() {
        assert_eq!(half_bits(1.0), 0x3c00);
        assert_eq!(half_bits(-2.0), 0xc000);
        assert_eq!(half_bits(65504.0), 0x7bff);
        assert_eq!(half_bits(65519.99), 0x7bff);
        assert_eq!(half_bits(65520.0), 0x7c00);
        assert_eq!(half_bits(1e6), 0x7c00);
        assert_eq!(half_bits(0.0), 0);
        assert_eq!(half_bits(-0.0), 0x8000);
        assert_eq!(half_bits(f64::from_bits(1)), 0);
        assert_eq!(half_bits(5.960_464_477_539_063e-8), 1);
        assert_eq!(half_bits(f64::NAN) & 0x7e00, 0x7e00);
        assert_eq!(half_bits(1.0 + 1.0 / 2048.0), 0x3c00);
        assert_eq!(half_bits(1.0 + 3.0 / 2048.0), 0x3c02);
        // Largest subnormal rounding up to the smallest normal.
        assert_eq!(half_bits(half_value(0x03ff) + 2f64.powi(-25)), 0x0400);
    }

    #[test]
    fn no_double_rounding_through_float() {
        // Just above half the smallest subnormal: through `float` this
        // becomes the tie 2^-25 and rounds to 0.
        let x = f64::from_bits(0x3e60_0000_0000_0001);
        assert_eq!(f64::from(x as f32), 2f64.powi(-25));
        assert_eq!(half_bits(x), 0x0001);
        // Just above the tie between 1 and 1 + 2^-10.
        let y = 1.0 + 2f64.powi(-11) + 2f64.powi(-40);
        assert_eq!(half_bits(y), 0x3c01);
    }

    #[test]
    fn integers_round_once() {
        let v = (1i128 << 60) + (1 << 36) + 1;
        assert_eq!(int_to_float(v, 32), ((1u64 << 60) + (1 << 37)) as f64);
        assert_eq!(int_to_float(-v, 32), -(((1u64 << 60) + (1 << 37)) as f64));
        assert_eq!(int_to_float(2049, 16), 2048.0);
        assert_eq!(int_to_float(2051, 16), 2052.0);
        assert_eq!(int_to_float(65520, 16), f64::INFINITY);
        assert_eq!(int_to_float(i128::from(u64::MAX), 32), 2f64.powi(64));
        assert_eq!(int_to_float((1 << 53) + 1, 64), 2f64.powi(53));
        assert_eq!(int_to_float(0, 16), 0.0);
    }

    #[test]
    fn every_half_round_trips() {
        for bits in 0..=u16::MAX {
            let value = half_value(bits);
            if value.is_nan() {
                continue;
            }
            assert_eq!(half_bits(value), bits, "{bits:#06x}");
            assert_eq!(round_to_width(value, 16).to_bits(), value.to_bits());
        }
    }
}
