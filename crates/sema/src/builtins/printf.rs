//! `printf` (OpenCL C 3.0, `section::PRINTF`): the call's lowering, and the check of
//! a literal format string against the arguments (clang's `-Wformat`):
//! a conversion whose argument has another type, more conversions than
//! arguments, arguments no conversion uses, and invalid conversions.
//!
//! A conversion is `%[flags][width][.precision][vN][length]specifier`.
//! Without a vector size the integer conversions take an `int` (or a
//! narrower integer, promoted) and `l` a `long`; the floating ones take a
//! `float` or `double` (promoted). With `vN` the argument is a vector of N
//! components whose element the length fixes: `hh` 8, `h` 16, `hl` 32 and
//! `l` 64 bits, and none the promoted type (`int`, `double`), as clang
//! reads it. Signedness is not checked (clang does not by default).

use oclc_ir::{AddressSpace, BuiltinFn, ExprId, ExprKind, Type};
use oclc_syntax::ast;

use super::{lowered_args, wrong_count, wrong_type, Call};
use crate::codes;
use crate::lower::Lowerer;

/// `printf(format, ...)`: the format must be a pointer into `constant`
/// memory (a string literal); the other arguments take C's default
/// argument promotions (`char`/`short`/`bool` to `int`, `half` and `float`
/// to `double` where the device has doubles, as clang does), vectors as
/// they are.
pub(super) fn lower(lw: &mut Lowerer<'_>, call: &Call<'_>) -> ExprId {
    if call.args.is_empty() {
        return wrong_count(lw, call, "at least 1");
    }
    let values = match lowered_args(lw, call, call.args.len()) {
        Ok(values) => values,
        Err(poison) => return poison,
    };
    let format = values[0];
    let ok = matches!(
        lw.type_of(format),
        Type::Pointer {
            pointee,
            space: AddressSpace::Constant,
            ..
        } if matches!(lw.ty(pointee), Type::Int { bits: 8, .. })
    );
    if !ok {
        return wrong_type(lw, call, format, "a `constant char *` format string");
    }
    if let ast::ExprKind::Literal(ast::Literal::String(text)) = &call.args[0].unparenthesized().kind
    {
        check_format(lw, call, text, &values[1..]);
    }
    let doubles = lw.cx.target.supports(oclc_target::Feature::Fp64)
        || lw.cx.target.supports(oclc_target::Feature::KhrFp64);
    let mut args = vec![format];
    for &value in &values[1..] {
        let promoted = match lw.type_of(value) {
            Type::Bool | Type::Int { bits: 8 | 16, .. } => {
                let int = lw.int_ty();
                lw.convert_arith(value, int)
            }
            Type::Float { bits: 16 | 32 } if doubles => {
                let double = lw.intern(Type::Float { bits: 64 });
                lw.convert_arith(value, double)
            }
            Type::Struct(_) | Type::Array { .. } | Type::Void => {
                return wrong_type(lw, call, value, "a scalar, vector or pointer argument");
            }
            _ => value,
        };
        args.push(promoted);
    }
    let int = lw.int_ty();
    lw.push(ExprKind::Builtin(BuiltinFn::Printf, args), int, call.span)
}

/// What a conversion takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Wants {
    /// An integer of at most `bits` (scalars, promoted) or exactly `bits`
    /// (vector elements).
    Int(u8),
    /// A floating value of `bits` (scalars: any width, promoted).
    Float(u8),
    /// A pointer to `char`.
    String,
    /// Any pointer.
    Pointer,
}

/// One conversion: what it takes, and the vector size if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Conversion {
    wants: Wants,
    vector: Option<u8>,
}

/// The conversions of a format, or the first invalid specifier.
fn parse(format: &[u8]) -> Result<Vec<Conversion>, String> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < format.len() {
        if format[i] != b'%' {
            i += 1;
            continue;
        }
        i += 1;
        if format.get(i) == Some(&b'%') {
            i += 1;
            continue;
        }
        while format.get(i).is_some_and(|c| b"-+ #0".contains(c)) {
            i += 1;
        }
        while format.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        if format.get(i) == Some(&b'.') {
            i += 1;
            while format.get(i).is_some_and(u8::is_ascii_digit) {
                i += 1;
            }
        }
        let mut vector = None;
        if format.get(i) == Some(&b'v') {
            let start = i + 1;
            let mut end = start;
            while format.get(end).is_some_and(u8::is_ascii_digit) {
                end += 1;
            }
            let n = std::str::from_utf8(&format[start..end])
                .ok()
                .and_then(|t| t.parse::<u8>().ok());
            match n {
                Some(n @ (2 | 3 | 4 | 8 | 16)) => vector = Some(n),
                _ => return Err("an invalid vector size after `%v`".to_string()),
            }
            i = end;
        }
        let length = match (format.get(i), format.get(i + 1)) {
            (Some(b'h'), Some(b'h')) => {
                i += 2;
                Some(8)
            }
            (Some(b'h'), Some(b'l')) => {
                i += 2;
                Some(32)
            }
            (Some(b'h'), _) => {
                i += 1;
                Some(16)
            }
            (Some(b'l'), _) => {
                i += 1;
                Some(64)
            }
            _ => None,
        };
        let Some(&specifier) = format.get(i) else {
            return Err("a `%` at the end of the format".to_string());
        };
        i += 1;
        let wants = match specifier {
            b'd' | b'i' | b'o' | b'u' | b'x' | b'X' => Wants::Int(length.unwrap_or(32)),
            b'c' => Wants::Int(32),
            b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'a' | b'A' => {
                Wants::Float(length.unwrap_or(64))
            }
            b's' => Wants::String,
            b'p' => Wants::Pointer,
            other => {
                let shown = if other.is_ascii_graphic() {
                    format!("`{}`", other as char)
                } else {
                    format!("`\\x{other:02x}`")
                };
                return Err(format!("an invalid conversion specifier {shown}"));
            }
        };
        if length == Some(32) && vector.is_none() {
            return Err("the `hl` length modifier without a vector size".to_string());
        }
        out.push(Conversion { wants, vector });
    }
    Ok(out)
}

/// Warns where the arguments do not match the format's conversions.
fn check_format(lw: &mut Lowerer<'_>, call: &Call<'_>, format: &[u8], args: &[ExprId]) {
    let conversions = match parse(format) {
        Ok(conversions) => conversions,
        Err(problem) => {
            lw.report(
                &codes::PRINTF_FORMAT,
                format!("the format string has {problem}"),
                call.args[0].span,
                "in this format",
            );
            return;
        }
    };
    for (index, conversion) in conversions.iter().enumerate() {
        let Some(&arg) = args.get(index) else {
            let plural = |n: usize, what: &str| match n {
                1 => format!("1 {what}"),
                n => format!("{n} {what}s"),
            };
            lw.report(
                &codes::PRINTF_FORMAT,
                format!(
                    "more `%` conversions than data arguments: {}, {}",
                    plural(conversions.len(), "conversion"),
                    plural(args.len(), "argument")
                ),
                call.args[0].span,
                "in this format",
            );
            return;
        };
        if !matches(lw, *conversion, lw.type_of(arg)) {
            let found = lw.type_name(lw.ty_of(arg));
            let wanted = describe(*conversion);
            lw.report(
                &codes::PRINTF_FORMAT,
                format!("format specifies {wanted} but the argument has type `{found}`"),
                call.args[index + 1].span,
                "this argument",
            );
        }
    }
    if let Some(extra) = call.args.get(conversions.len() + 1) {
        lw.report(
            &codes::PRINTF_FORMAT,
            "data argument not used by the format string".to_string(),
            extra.span,
            "no conversion for this argument",
        );
    }
}

/// Whether an argument of type `ty` fits `conversion`.
fn matches(lw: &Lowerer<'_>, conversion: Conversion, ty: Type) -> bool {
    match (conversion.vector, ty) {
        (Some(n), Type::Vector { elem, len }) => {
            len == n
                && match (conversion.wants, lw.ty(elem)) {
                    (Wants::Int(bits), Type::Int { bits: b, .. }) => b == bits,
                    (Wants::Float(bits), Type::Float { bits: b }) => b == bits,
                    _ => false,
                }
        }
        (Some(_), _) | (None, Type::Vector { .. }) => false,
        (None, ty) => match (conversion.wants, ty) {
            (Wants::Int(64), Type::Int { bits, .. }) => bits == 64,
            (Wants::Int(_), Type::Int { bits, .. }) => bits <= 32,
            (Wants::Int(bits), Type::Bool) => bits < 64,
            (Wants::Float(_), Type::Float { .. }) => true,
            (Wants::String, Type::Pointer { pointee, .. }) => {
                matches!(lw.ty(pointee), Type::Int { bits: 8, .. })
            }
            (Wants::Pointer, Type::Pointer { .. }) => true,
            _ => false,
        },
    }
}

/// The type a conversion specifies, for messages.
fn describe(conversion: Conversion) -> String {
    let scalar = match conversion.wants {
        Wants::Int(8) => "char",
        Wants::Int(16) => "short",
        Wants::Int(64) => "long",
        Wants::Int(_) => "int",
        Wants::Float(16) => "half",
        Wants::Float(32) => "float",
        Wants::Float(_) => "double",
        Wants::String => "char *",
        Wants::Pointer => "a pointer",
    };
    match conversion.vector {
        Some(n) => format!("type `{scalar}{n}`"),
        None if conversion.wants == Wants::Pointer => scalar.to_string(),
        None => format!("type `{scalar}`"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conversions_parse_as_opencl_reads_them() {
        let parsed = parse(b"%d %5.2f %v4hlf %-08lx %% %s %p %v2hhu %c").unwrap();
        let wants: Vec<(Wants, Option<u8>)> = parsed.iter().map(|c| (c.wants, c.vector)).collect();
        assert_eq!(
            wants,
            [
                (Wants::Int(32), None),
                (Wants::Float(64), None),
                (Wants::Float(32), Some(4)),
                (Wants::Int(64), None),
                (Wants::String, None),
                (Wants::Pointer, None),
                (Wants::Int(8), Some(2)),
                (Wants::Int(32), None),
            ]
        );
        assert!(parse(b"%q").is_err());
        assert!(parse(b"%v5d").is_err());
        assert!(parse(b"%hld").is_err());
        assert!(parse(b"100%").is_err());
        assert_eq!(parse(b"no conversions %%").unwrap(), []);
    }
}
