//! Literal classification and evaluation, and their diagnostics.

use super::*;
use crate::codes;
use crate::lexer::literals::{character, number, string};

fn int(value: u64, unsigned: bool, long: bool, non_decimal: bool) -> Literal {
    Literal::Int {
        value,
        unsigned,
        long,
        non_decimal,
    }
}

fn float(text: &str) -> f64 {
    match number(text) {
        Ok(Literal::Float { value, .. }) => value,
        other => panic!("{text}: {other:?}"),
    }
}

fn error(text: &str) -> String {
    match number(text) {
        Err(e) => e.message,
        Ok(v) => panic!("{text} parsed as {v:?}"),
    }
}

#[test]
fn integer_literals() {
    assert_eq!(number("0"), Ok(int(0, false, false, false)));
    assert_eq!(number("42"), Ok(int(42, false, false, false)));
    assert_eq!(number("0x1F"), Ok(int(31, false, false, true)));
    assert_eq!(number("0X1f"), Ok(int(31, false, false, true)));
    assert_eq!(number("017"), Ok(int(15, false, false, true)));
    assert_eq!(number("10u"), Ok(int(10, true, false, false)));
    assert_eq!(number("10L"), Ok(int(10, false, true, false)));
    assert_eq!(number("10ul"), Ok(int(10, true, true, false)));
    assert_eq!(number("10LU"), Ok(int(10, true, true, false)));
    assert_eq!(number("10ll"), Ok(int(10, false, true, false)));
    assert_eq!(number("10ULL"), Ok(int(10, true, true, false)));
    assert_eq!(
        number("18446744073709551615"),
        Ok(int(u64::MAX, false, false, false))
    );
    assert_eq!(
        number("0xffffffffffffffffUL"),
        Ok(int(u64::MAX, true, true, true))
    );
}

#[test]
fn invalid_integer_literals() {
    assert_eq!(error("08"), "invalid digit `8` in octal literal `08`");
    assert_eq!(error("0x"), "hexadecimal literal `0x` has no digits");
    assert_eq!(
        error("12abc"),
        "invalid suffix `abc` on integer literal `12abc`"
    );
    assert_eq!(error("1f"), "invalid suffix `f` on integer literal `1f`");
    assert_eq!(
        error("10uu"),
        "invalid suffix `uu` on integer literal `10uu`"
    );
    let too_large = number("18446744073709551616").unwrap_err();
    assert_eq!(too_large.code, &codes::LITERAL_OUT_OF_RANGE);
    assert_eq!(
        too_large.message,
        "integer literal `18446744073709551616` is too large for any integer type"
    );
}

#[test]
fn decimal_floating_literals() {
    assert_eq!(float("1.5"), 1.5);
    assert_eq!(float("1."), 1.0);
    assert_eq!(float(".25"), 0.25);
    assert_eq!(float("1e3"), 1000.0);
    assert_eq!(float("2.5E-1"), 0.25);
    assert_eq!(float("1e+2"), 100.0);
    // `f` literals are rounded once, to single precision.
    assert_eq!(float("0.1f"), f64::from(0.1f32));
    assert_eq!(float("0.1"), 0.1);
    assert!(matches!(
        number("1.0f"),
        Ok(Literal::Float {
            single: true,
            half: false,
            ..
        })
    ));
    assert!(matches!(
        number("1.0h"),
        Ok(Literal::Float {
            single: false,
            half: true,
            ..
        })
    ));
    assert_eq!(error("1e"), "exponent has no digits in `1e`");
    assert_eq!(error("1e+"), "exponent has no digits in `1e+`");
    assert_eq!(
        error("1.0q"),
        "invalid suffix `q` on floating literal `1.0q`"
    );
    assert_eq!(
        error("1.0L"),
        "`long double` literal `1.0L` is not supported in OpenCL C"
    );
    assert_eq!(
        error("1e400"),
        "magnitude of floating literal `1e400` is too large for type `double`; it is infinity"
    );
    assert_eq!(
        error("1e39f"),
        "magnitude of floating literal `1e39f` is too large for type `float`; it is infinity"
    );
}

#[test]
fn hexadecimal_floating_literals() {
    assert_eq!(float("0x1.8p3"), 12.0);
    assert_eq!(float("0x1p-2"), 0.25);
    assert_eq!(float("0xAp0"), 10.0);
    assert_eq!(float("0x.8p1"), 1.0);
    assert_eq!(float("0x1.fffffffffffffp1023"), f64::MAX);
    assert_eq!(float("0x1p-1074"), f64::from_bits(1));
    assert_eq!(float("0x1p-1022"), f64::MIN_POSITIVE);
    // Halfway cases round to even, also below the normal range.
    assert_eq!(float("0x1p-1075"), 0.0);
    assert_eq!(float("0x3p-1075"), f64::from_bits(2));
    assert_eq!(float("0x1.00000000000008p0"), 1.0);
    assert_eq!(float("0x1.00000000000018p0"), 1.0 + 2.0 * f64::EPSILON);
    // Digits beyond the first sixteen still decide the rounding.
    assert_eq!(float("0x1.000000000000080000001p0"), 1.0 + f64::EPSILON);
    // Single precision rounds at 24 bits.
    assert_eq!(float("0x1.000001p0f"), 1.0);
    assert_eq!(float("0x1.000003p0f"), 1.0 + 2.0 * f64::from(f32::EPSILON));
    assert_eq!(float("0x1p-149f"), f64::from(f32::from_bits(1)));
    assert_eq!(
        error("0x1.8"),
        "hexadecimal floating literal `0x1.8` requires a `p` exponent"
    );
    assert_eq!(error("0x1p"), "exponent has no digits in `0x1p`");
    assert_eq!(
        error("0x1p1024"),
        "magnitude of floating literal `0x1p1024` is too large for type `double`; it is infinity"
    );
    assert_eq!(
        error("0x1p128f"),
        "magnitude of floating literal `0x1p128f` is too large for type `float`; it is infinity"
    );
    // Absurd exponents saturate.
    assert!(number("0x1p99999999999999999999").is_err());
    assert_eq!(float("0x1p-99999999999999999999"), 0.0);
}

#[test]
fn character_constants() {
    assert_eq!(character("'a'"), Ok(97));
    assert_eq!(character("'\\n'"), Ok(10));
    assert_eq!(character("'\\x41'"), Ok(0x41));
    assert_eq!(character("'\\0'"), Ok(0));
    assert_eq!(character("'\\101'"), Ok(65));
    assert_eq!(character("'\\''"), Ok(39));
    assert_eq!(character("'\\\\'"), Ok(92));
    assert_eq!(character("'\\xff'"), Ok(-1i32 as u32));
    assert_eq!(character("'\\377'"), Ok(-1i32 as u32));
    assert_eq!(character("'ab'"), Ok(0x6162));
    assert_eq!(
        character("'é'").unwrap_err().message,
        "character constant 'é' holds a character too large for `char`"
    );
    assert_eq!(
        character("''").unwrap_err().message,
        "empty character constant"
    );
    assert_eq!(
        character("'\\q'").unwrap_err().message,
        "unknown escape sequence `\\q`"
    );
    assert_eq!(
        character("'abcde'").unwrap_err().message,
        "character constant 'abcde' is too long for its type"
    );
    assert_eq!(
        character("'\\x100'").unwrap_err().message,
        "hex escape sequence out of range"
    );
    assert_eq!(
        character("'\\x'").unwrap_err().message,
        "`\\x` used with no following hex digits"
    );
}

#[test]
fn string_literals() {
    let decode = |text: &str| {
        let mut out = Vec::new();
        string(text, &mut out).map(|()| out)
    };
    assert_eq!(decode("\"abc\""), Ok(b"abc".to_vec()));
    assert_eq!(decode("\"a\\tb\\n\""), Ok(b"a\tb\n".to_vec()));
    assert_eq!(decode("\"\\xff\\0\""), Ok(vec![0xff, 0]));
    assert_eq!(decode("\"é\""), Ok("é".as_bytes().to_vec()));
    assert_eq!(decode("\"\""), Ok(Vec::new()));
    assert!(decode("\"\\q\"").is_err());
}

#[test]
fn literal_errors_are_reported_once_with_spans() {
    let p = parse_source("void f(void) { int a = 08 + 1e; float b = 0x; }");
    assert_eq!(
        p.messages(),
        [
            "invalid digit `8` in octal literal `08`",
            "exponent has no digits in `1e`",
            "hexadecimal literal `0x` has no digits",
        ]
    );
    let spans: Vec<&str> = p
        .parsed
        .diagnostics
        .iter()
        .map(|d| p.text(d.primary.as_ref().unwrap().span))
        .collect();
    assert_eq!(spans, ["08", "1e", "0x"]);
    assert!(p
        .parsed
        .diagnostics
        .iter()
        .all(|d| d.code == &codes::INVALID_LITERAL));
}
