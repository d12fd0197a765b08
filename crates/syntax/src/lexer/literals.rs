//! Literal values: preprocessing numbers classified as integer or floating
//! literals (with suffixes and range checks), character constants and
//! string literals with their escape sequences.
//!
//! Decimal floating literals are converted by Rust's correctly rounded
//! `str::parse` (as `f32` for an `f` suffix, so there is no double
//! rounding); hexadecimal ones by `hex_float`, which rounds once to the
//! target precision, subnormals included.

use crate::ast::Literal;
use crate::codes;
use oclc_diagnostics::{excerpt, Code};

/// Why a literal is invalid, or (with `recovered`) what is doubtful about
/// one that still has a value.
#[derive(Clone, Debug, PartialEq)]
pub struct LiteralError {
    /// The diagnostic code.
    pub code: &'static Code,
    /// The message.
    pub message: String,
    /// The value the literal still has (a warning: a floating literal
    /// beyond its type's range is infinity, one below it zero, as in C).
    pub recovered: Option<Literal>,
}

fn invalid(message: impl Into<String>) -> LiteralError {
    LiteralError {
        code: &codes::INVALID_LITERAL,
        message: message.into(),
        recovered: None,
    }
}

fn out_of_range(message: impl Into<String>) -> LiteralError {
    LiteralError {
        code: &codes::LITERAL_OUT_OF_RANGE,
        message: message.into(),
        recovered: None,
    }
}

/// A floating literal whose magnitude is beyond (`large`) or below its
/// type's range: a warning, and the value C gives it (infinity or zero).
fn float_range(text: &str, format: FloatFormat, large: bool) -> LiteralError {
    let (what, value) = if large {
        ("large", f64::INFINITY)
    } else {
        ("small", 0.0)
    };
    LiteralError {
        code: &codes::LITERAL_RANGE,
        message: format!(
            "magnitude of floating literal `{}` is too {what} for type `{}`; it is {}",
            excerpt(text),
            format.name,
            if large { "infinity" } else { "zero" }
        ),
        recovered: Some(Literal::Float {
            value,
            single: format.name == "float",
            half: format.name == "half",
        }),
    }
}

/// Classifies and evaluates a preprocessing number.
pub fn number(text: &str) -> Result<Literal, LiteralError> {
    let bytes = text.as_bytes();
    let hex = bytes.len() >= 2 && bytes[0] == b'0' && (bytes[1] | 0x20) == b'x';
    // `0b1011`: a GNU extension (C23) clang accepts in OpenCL C.
    if bytes.len() >= 2 && bytes[0] == b'0' && (bytes[1] | 0x20) == b'b' {
        let body = &text[2..];
        let end = body
            .bytes()
            .position(|b| b != b'0' && b != b'1')
            .unwrap_or(body.len());
        if let Some(digit) = body[end..].chars().next().filter(char::is_ascii_digit) {
            return Err(invalid(format!(
                "invalid digit `{digit}` in binary literal `{}`",
                excerpt(text)
            )));
        }
        return integer_literal(text, Radix::Binary, &body[..end], &body[end..]);
    }
    let body = if hex { &text[2..] } else { text };
    let is_digit = |b: u8| {
        if hex {
            b.is_ascii_hexdigit()
        } else {
            b.is_ascii_digit()
        }
    };
    let int_end = body
        .bytes()
        .position(|b| !is_digit(b))
        .unwrap_or(body.len());
    let rest = &body.as_bytes()[int_end..];
    let exponent_char = if hex { b'p' } else { b'e' };
    let is_float = rest
        .first()
        .is_some_and(|&b| b == b'.' || (b | 0x20) == exponent_char);
    if is_float {
        if hex {
            hex_float_literal(body)
        } else {
            decimal_float_literal(text)
        }
    } else {
        let radix = if hex {
            Radix::Hex
        } else {
            Radix::DecimalOrOctal
        };
        integer_literal(text, radix, &body[..int_end], &body[int_end..])
    }
}

/// How an integer literal's digits are read.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Radix {
    /// `0x…`.
    Hex,
    /// `0b…`.
    Binary,
    /// Decimal, or octal with a leading `0`.
    DecimalOrOctal,
}

fn integer_literal(
    text: &str,
    radix_kind: Radix,
    digits: &str,
    suffix: &str,
) -> Result<Literal, LiteralError> {
    let hex = radix_kind == Radix::Hex;
    if radix_kind != Radix::DecimalOrOctal && digits.is_empty() {
        let what = if hex { "hexadecimal" } else { "binary" };
        return Err(invalid(format!(
            "{what} literal `{}` has no digits",
            excerpt(text)
        )));
    }
    let (unsigned, long) = match suffix.to_ascii_lowercase().as_str() {
        "" => (false, false),
        "u" => (true, false),
        "l" | "ll" => (false, true),
        "ul" | "lu" | "ull" | "llu" => (true, true),
        _ => {
            return Err(invalid(format!(
                "invalid suffix `{}` on integer literal `{}`",
                excerpt(suffix),
                excerpt(text)
            )))
        }
    };
    let octal = radix_kind == Radix::DecimalOrOctal && digits.len() > 1 && digits.starts_with('0');
    let radix: u64 = match radix_kind {
        Radix::Hex => 16,
        Radix::Binary => 2,
        Radix::DecimalOrOctal if octal => 8,
        Radix::DecimalOrOctal => 10,
    };
    let mut value: u64 = 0;
    for c in digits.chars() {
        let digit = c.to_digit(radix as u32).ok_or_else(|| {
            invalid(format!(
                "invalid digit `{c}` in octal literal `{}`",
                excerpt(text)
            ))
        })?;
        value = value
            .checked_mul(radix)
            .and_then(|v| v.checked_add(u64::from(digit)))
            .ok_or_else(|| {
                out_of_range(format!(
                    "integer literal `{}` is too large for any integer type",
                    excerpt(text)
                ))
            })?;
    }
    Ok(Literal::Int {
        value,
        unsigned,
        long,
        non_decimal: radix_kind != Radix::DecimalOrOctal || octal,
    })
}

/// The precision of a floating type.
#[derive(Clone, Copy)]
struct FloatFormat {
    /// Significand bits including the implicit one.
    mantissa_bits: i64,
    /// Exponent of the smallest normal number.
    min_exponent: i64,
    /// Exponent of the largest finite number.
    max_exponent: i64,
    name: &'static str,
}

const DOUBLE: FloatFormat = FloatFormat {
    mantissa_bits: 53,
    min_exponent: -1022,
    max_exponent: 1023,
    name: "double",
};
const FLOAT: FloatFormat = FloatFormat {
    mantissa_bits: 24,
    min_exponent: -126,
    max_exponent: 127,
    name: "float",
};
const HALF: FloatFormat = FloatFormat {
    mantissa_bits: 11,
    min_exponent: -14,
    max_exponent: 15,
    name: "half",
};

/// The format selected by a floating suffix.
fn float_suffix(suffix: &str, text: &str) -> Result<FloatFormat, LiteralError> {
    match suffix {
        "" => Ok(DOUBLE),
        "f" | "F" => Ok(FLOAT),
        "h" | "H" => Ok(HALF),
        "l" | "L" => Err(invalid(format!(
            "`long double` literal `{}` is not supported in OpenCL C",
            excerpt(text)
        ))),
        _ => Err(invalid(format!(
            "invalid suffix `{}` on floating literal `{}`",
            excerpt(suffix),
            excerpt(text)
        ))),
    }
}

fn float_literal(value: f64, format: FloatFormat, text: &str) -> Result<Literal, LiteralError> {
    let max = match format.name {
        "double" => f64::MAX,
        "float" => f64::from(f32::MAX),
        _ => 65504.0,
    };
    if !value.is_finite() || value > max {
        return Err(float_range(text, format, true));
    }
    Ok(Literal::Float {
        value,
        single: format.name == "float",
        half: format.name == "half",
    })
}

/// Skips ASCII digits from `i`; returns the new index and how many.
fn skip_digits(bytes: &[u8], mut i: usize, hex: bool) -> (usize, usize) {
    let start = i;
    while i < bytes.len() && (bytes[i].is_ascii_digit() || (hex && bytes[i].is_ascii_hexdigit())) {
        i += 1;
    }
    (i, i - start)
}

fn decimal_float_literal(text: &str) -> Result<Literal, LiteralError> {
    let bytes = text.as_bytes();
    let (mut i, int_digits) = skip_digits(bytes, 0, false);
    let mut frac_digits = 0;
    if bytes.get(i) == Some(&b'.') {
        (i, frac_digits) = skip_digits(bytes, i + 1, false);
    }
    if int_digits + frac_digits == 0 {
        return Err(invalid(format!(
            "floating literal `{}` has no digits",
            excerpt(text)
        )));
    }
    if bytes.get(i).is_some_and(|&b| (b | 0x20) == b'e') {
        i += 1;
        if matches!(bytes.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        let exp_digits;
        (i, exp_digits) = skip_digits(bytes, i, false);
        if exp_digits == 0 {
            return Err(invalid(format!(
                "exponent has no digits in `{}`",
                excerpt(text)
            )));
        }
    }
    let (number, suffix) = text.split_at(i);
    let format = float_suffix(suffix, text)?;
    let value = if format.name == "float" {
        number.parse::<f32>().map(f64::from)
    } else {
        number.parse::<f64>()
    }
    .map_err(|_| invalid(format!("invalid floating literal `{}`", excerpt(text))))?;
    // Nonzero digits that round to zero: below the type's range.
    let mantissa = &number[..number.find(['e', 'E']).unwrap_or(number.len())];
    if value == 0.0 && mantissa.bytes().any(|b| (b'1'..=b'9').contains(&b)) {
        return Err(float_range(text, format, false));
    }
    float_literal(value, format, text)
}

fn hex_float_literal(body: &str) -> Result<Literal, LiteralError> {
    let text = || format!("0x{body}");
    let bytes = body.as_bytes();
    let (mut i, int_digits) = skip_digits(bytes, 0, true);
    let int_part = &bytes[..i];
    let mut frac_part: &[u8] = &[];
    if bytes.get(i) == Some(&b'.') {
        let start = i + 1;
        (i, _) = skip_digits(bytes, start, true);
        frac_part = &bytes[start..i];
    }
    if int_digits + frac_part.len() == 0 {
        return Err(invalid(format!(
            "hexadecimal floating literal `{}` has no digits",
            excerpt(&text())
        )));
    }
    if bytes.get(i).is_none_or(|&b| (b | 0x20) != b'p') {
        return Err(invalid(format!(
            "hexadecimal floating literal `{}` requires a `p` exponent",
            excerpt(&text())
        )));
    }
    i += 1;
    let negative = bytes.get(i) == Some(&b'-');
    if matches!(bytes.get(i), Some(b'+' | b'-')) {
        i += 1;
    }
    let (end, exp_digits) = skip_digits(bytes, i, false);
    if exp_digits == 0 {
        return Err(invalid(format!(
            "exponent has no digits in `{}`",
            excerpt(&text())
        )));
    }
    // Saturate absurd exponents; the result is zero or infinite anyway.
    let exponent = bytes[i..end].iter().fold(0i64, |acc, &b| {
        (acc * 10 + i64::from(b - b'0')).min(1 << 40)
    });
    let exponent = if negative { -exponent } else { exponent };
    let format = float_suffix(&body[end..], &text())?;
    let value = hex_float(int_part, frac_part, exponent, format)
        .ok_or_else(|| float_range(&text(), format, true))?;
    float_literal(value, format, &text())
}

/// The value of `0x<int>.<frac>p<exponent>` rounded to nearest-even in
/// `format`; `None` when it overflows.
fn hex_float(int_part: &[u8], frac_part: &[u8], exponent: i64, format: FloatFormat) -> Option<f64> {
    let mut mantissa: u64 = 0;
    let mut scale = exponent;
    let mut sticky = false;
    for (i, &b) in int_part.iter().chain(frac_part).enumerate() {
        let digit = u64::from(char::from(b).to_digit(16).unwrap_or(0));
        let in_fraction = i >= int_part.len();
        if mantissa >> 60 == 0 {
            mantissa = mantissa * 16 + digit;
            if in_fraction {
                scale -= 4;
            }
        } else {
            sticky |= digit != 0;
            if !in_fraction {
                scale += 4;
            }
        }
    }
    if mantissa == 0 {
        return Some(0.0);
    }
    // Normalise: value = mantissa * 2^scale with bit 63 set.
    let zeros = i64::from(mantissa.leading_zeros());
    mantissa <<= zeros;
    scale -= zeros;
    let top = scale + 63; // exponent of the leading bit
    let keep = if top >= format.min_exponent {
        format.mantissa_bits
    } else {
        format.mantissa_bits - (format.min_exponent - top)
    };
    let drop = 64 - keep; // bits rounded away, at least 11
    let (quotient, round_up) = if drop > 64 {
        (0, false)
    } else if drop == 64 {
        let half = mantissa >> 63 == 1;
        (0, half && (mantissa << 1 != 0 || sticky))
    } else {
        let quotient = mantissa >> drop;
        let remainder = mantissa & ((1u64 << drop) - 1);
        let halfway = 1u64 << (drop - 1);
        let up = remainder > halfway || (remainder == halfway && (sticky || quotient & 1 == 1));
        (quotient, up)
    };
    let quotient = quotient + u64::from(round_up);
    if quotient == 0 {
        return Some(0.0);
    }
    let lsb_exponent = scale + drop.min(64);
    let leading = lsb_exponent + 63 - i64::from(quotient.leading_zeros());
    if leading > format.max_exponent {
        return None;
    }
    // `quotient` has at most 54 bits and the result is representable, so
    // both the conversion and the scaling are exact.
    Some(quotient as f64 * power_of_two(lsb_exponent))
}

/// 2^e for -1074 <= e <= 1023, built from its bits.
fn power_of_two(e: i64) -> f64 {
    if e >= -1022 {
        f64::from_bits(((e + 1023) as u64) << 52)
    } else {
        f64::from_bits(1u64 << (e + 1074).clamp(0, 51))
    }
}

/// The value of a character constant such as `'a'` or `'\n'`.
pub fn character(text: &str) -> Result<u32, LiteralError> {
    let body = quoted_body(text, '\'')
        .ok_or_else(|| invalid(format!("unterminated character constant {}", excerpt(text))))?;
    let mut bytes = Vec::new();
    let mut wide = false;
    decode(body, |unit| match unit {
        Unit::Char(c) => match u8::try_from(c) {
            Ok(b) if b.is_ascii() => bytes.push(b),
            _ => wide = true,
        },
        Unit::Byte(b) => bytes.push(b),
    })?;
    if wide {
        // A non-ASCII character needs more than the `char` the constant
        // is made of (clang: the same error).
        return Err(invalid(format!(
            "character constant {} holds a character too large for `char`",
            excerpt(text)
        )));
    }
    match bytes.as_slice() {
        [] => Err(invalid("empty character constant")),
        // `char` is signed: '\xff' is -1, as in clang.
        [byte] => Ok(i32::from(*byte as i8) as u32),
        // A multi-character constant (`'ab'`): the bytes in order, as
        // clang folds them (an `int`).
        many if many.len() <= 4 => Ok(many.iter().fold(0u32, |v, &b| (v << 8) | u32::from(b))),
        _ => Err(invalid(format!(
            "character constant {} is too long for its type",
            excerpt(text)
        ))),
    }
}

/// Appends the bytes of a string literal (without the terminating NUL):
/// characters as UTF-8, escapes as the bytes they denote.
pub fn string(text: &str, out: &mut Vec<u8>) -> Result<(), LiteralError> {
    let body = quoted_body(text, '"')
        .ok_or_else(|| invalid(format!("unterminated string literal {}", excerpt(text))))?;
    decode(body, |unit| match unit {
        Unit::Char(c) => {
            let mut buffer = [0; 4];
            out.extend_from_slice(c.encode_utf8(&mut buffer).as_bytes());
        }
        Unit::Byte(b) => out.push(b),
    })
}

/// The text between the quotes, after any encoding prefix (`L`, `u8`).
fn quoted_body(text: &str, quote: char) -> Option<&str> {
    let open = text.find(quote)?;
    let inner = text.get(open + 1..)?;
    let close = inner.strip_suffix(quote)?;
    // A lone quote (`'`) has no closing quote of its own.
    if text.len() < open + 2 {
        return None;
    }
    Some(close)
}

/// One decoded element of a literal.
enum Unit {
    /// A character written as itself or with a simple escape.
    Char(char),
    /// A byte written as an octal or hexadecimal escape.
    Byte(u8),
}

/// Decodes characters and escape sequences, calling `push` with each.
fn decode(body: &str, mut push: impl FnMut(Unit)) -> Result<(), LiteralError> {
    let mut chars = body.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            push(Unit::Char(c));
            continue;
        }
        let escape = chars
            .next()
            .ok_or_else(|| invalid("incomplete escape sequence at the end of a literal"))?;
        let unit = match escape {
            'n' => Unit::Char('\n'),
            't' => Unit::Char('\t'),
            'r' => Unit::Char('\r'),
            'a' => Unit::Char('\u{7}'),
            'b' => Unit::Char('\u{8}'),
            'f' => Unit::Char('\u{c}'),
            'v' => Unit::Char('\u{b}'),
            '\\' | '\'' | '"' | '?' => Unit::Char(escape),
            '0'..='7' => {
                let mut value = escape as u32 - '0' as u32;
                for _ in 0..2 {
                    match chars.peek() {
                        Some(&d @ '0'..='7') => {
                            value = value * 8 + (d as u32 - '0' as u32);
                            chars.next();
                        }
                        _ => break,
                    }
                }
                let byte = u8::try_from(value)
                    .map_err(|_| out_of_range("octal escape sequence out of range"))?;
                Unit::Byte(byte)
            }
            'x' => {
                let mut value: u32 = 0;
                let mut digits = 0;
                while let Some(d) = chars.peek().and_then(|c| c.to_digit(16)) {
                    value = value.saturating_mul(16).saturating_add(d);
                    digits += 1;
                    chars.next();
                }
                if digits == 0 {
                    return Err(invalid("`\\x` used with no following hex digits"));
                }
                let byte = u8::try_from(value)
                    .map_err(|_| out_of_range("hex escape sequence out of range"))?;
                Unit::Byte(byte)
            }
            other => {
                return Err(invalid(format!(
                    "unknown escape sequence `\\{}`",
                    other.escape_default()
                )))
            }
        };
        push(unit);
    }
    Ok(())
}
