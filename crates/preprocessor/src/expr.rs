//! `#if` expressions: integer constant expressions evaluated in
//! `intmax_t`/`uintmax_t` (64-bit) arithmetic with C's conversion rules.
//!
//! The input is already macro-expanded, with `defined` replaced by `0`/`1`;
//! remaining identifiers count as `0`. Operands of `&&`, `||` and `?:` that
//! are not evaluated may divide by zero without error, as in C. Parentheses
//! and unary operators nest at most [`MAX_NESTING`] deep, so evaluation
//! cannot overflow the stack.

use crate::codes;
use crate::intern::Interner;
use crate::token::{Punct, Token, TokenKind};
use oclc_diagnostics::{excerpt, Diagnostic, Span};

/// Maximum nesting of parentheses and unary operators.
pub const MAX_NESTING: u32 = 128;

/// A value with its signedness (after the usual arithmetic conversions
/// every operand is `intmax_t` or `uintmax_t`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Value {
    bits: u64,
    unsigned: bool,
}

impl Value {
    fn signed(v: i64) -> Value {
        Value {
            bits: v as u64,
            unsigned: false,
        }
    }

    fn is_true(self) -> bool {
        self.bits != 0
    }

    fn as_i64(self) -> i64 {
        self.bits as i64
    }
}

/// Evaluates `tokens`; `Ok(true)` when the group is to be included.
/// `directive` is the whole directive, for errors at its end.
pub(crate) fn evaluate(
    tokens: &[Token],
    interner: &Interner,
    directive: Span,
) -> Result<bool, Box<Diagnostic>> {
    let mut parser = Parser {
        tokens,
        pos: 0,
        interner,
        directive,
        nesting: 0,
    };
    if tokens.is_empty() {
        return Err(parser.error(directive, "expected value in expression", "after this"));
    }
    let value = parser.conditional(true)?;
    if let Some(tok) = parser.peek() {
        let message = if tok.kind == TokenKind::Punct(Punct::Comma) {
            "comma operator in operand of `#if`"
        } else {
            "token is not a valid binary operator in a preprocessor subexpression"
        };
        return Err(parser.error(tok.span, message, "unexpected token"));
    }
    Ok(value.is_true())
}

/// Evaluates `tokens` as an integer constant expression (for the count of
/// `#pragma unroll N`): its value's bits and whether it is unsigned.
pub(crate) fn evaluate_integer(
    tokens: &[Token],
    interner: &Interner,
    directive: Span,
) -> Result<(u64, bool), Box<Diagnostic>> {
    let mut parser = Parser {
        tokens,
        pos: 0,
        interner,
        directive,
        nesting: 0,
    };
    if tokens.is_empty() {
        return Err(parser.error(directive, "expected value in expression", "after this"));
    }
    let value = parser.conditional(true)?;
    if let Some(tok) = parser.peek() {
        return Err(parser.error(tok.span, "expected end of expression", "unexpected token"));
    }
    Ok((value.bits, value.unsigned))
}

/// The binary operators by precedence (higher binds tighter).
fn binary_precedence(p: Punct) -> Option<u8> {
    use Punct::*;
    Some(match p {
        PipePipe => 1,
        AmpAmp => 2,
        Pipe => 3,
        Caret => 4,
        Amp => 5,
        EqEq | Ne => 6,
        Lt | Gt | Le | Ge => 7,
        Shl | Shr => 8,
        Plus | Minus => 9,
        Star | Slash | Percent => 10,
        _ => return None,
    })
}

struct Parser<'a> {
    tokens: &'a [Token],
    pos: usize,
    interner: &'a Interner,
    directive: Span,
    nesting: u32,
}

impl Parser<'_> {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.pos)
    }

    fn peek_punct(&self) -> Option<Punct> {
        match self.peek()?.kind {
            TokenKind::Punct(p) => Some(p),
            _ => None,
        }
    }

    fn error(&self, span: Span, message: &str, label: &str) -> Box<Diagnostic> {
        Box::new(Diagnostic::new(&codes::INVALID_IF_EXPRESSION, message).with_primary(span, label))
    }

    /// The span to blame when the expression ends early.
    fn end_span(&self) -> Span {
        self.tokens
            .last()
            .map_or(self.directive, |t| t.span.end_point())
    }

    fn enter(&mut self) -> Result<(), Box<Diagnostic>> {
        self.nesting += 1;
        if self.nesting > MAX_NESTING {
            let span = self.peek().map_or(self.directive, |t| t.span);
            return Err(self.error(
                span,
                "preprocessor expression nested too deeply",
                "nesting limit reached here",
            ));
        }
        Ok(())
    }

    /// `a, b, ...`: the value of the last operand. C99 §6.6 allows the
    /// comma only where it is not evaluated, but clang and GCC accept it
    /// inside parentheses and between `?` and `:`, and so does oclc; at the
    /// top level all three reject it.
    fn comma(&mut self, live: bool) -> Result<Value, Box<Diagnostic>> {
        let mut value = self.conditional(live)?;
        while self.peek_punct() == Some(Punct::Comma) {
            self.pos += 1;
            value = self.conditional(live)?;
        }
        Ok(value)
    }

    /// `cond ? a : b` (right associative); `live` is false in operands
    /// that are not evaluated.
    fn conditional(&mut self, live: bool) -> Result<Value, Box<Diagnostic>> {
        let condition = self.binary(1, live)?;
        if self.peek_punct() != Some(Punct::Question) {
            return Ok(condition);
        }
        let question = self.peek().map_or(self.directive, |t| t.span);
        self.pos += 1;
        self.enter()?;
        let then = self.comma(live && condition.is_true())?;
        if self.peek_punct() != Some(Punct::Colon) {
            let span = self.peek().map_or(self.end_span(), |t| t.span);
            let diag = self.error(
                span,
                "expected `:` in conditional expression",
                "expected `:`",
            );
            return Err(Box::new(diag.with_secondary(question, "to match this `?`")));
        }
        self.pos += 1;
        let otherwise = self.conditional(live && !condition.is_true())?;
        self.nesting -= 1;
        let chosen = if condition.is_true() { then } else { otherwise };
        Ok(Value {
            bits: chosen.bits,
            unsigned: then.unsigned || otherwise.unsigned,
        })
    }

    /// Binary operators of precedence `min` and above (precedence
    /// climbing; recursion depth is bounded by the number of levels).
    fn binary(&mut self, min: u8, live: bool) -> Result<Value, Box<Diagnostic>> {
        let mut lhs = self.unary(live)?;
        while let Some(op) = self.peek_punct() {
            let Some(prec) = binary_precedence(op).filter(|&p| p >= min) else {
                break;
            };
            let op_span = self.peek().map_or(self.directive, |t| t.span);
            self.pos += 1;
            let rhs_live = match op {
                Punct::AmpAmp => live && lhs.is_true(),
                Punct::PipePipe => live && !lhs.is_true(),
                _ => live,
            };
            let rhs = self.binary(prec + 1, rhs_live)?;
            lhs = self.apply(op, lhs, rhs, live, op_span)?;
        }
        Ok(lhs)
    }

    fn apply(
        &self,
        op: Punct,
        lhs: Value,
        rhs: Value,
        live: bool,
        span: Span,
    ) -> Result<Value, Box<Diagnostic>> {
        use Punct::*;
        let unsigned = lhs.unsigned || rhs.unsigned;
        let (a, b) = (lhs.bits, rhs.bits);
        let truth = |t: bool| Value::signed(i64::from(t));
        let arith = |bits: u64| Value { bits, unsigned };
        Ok(match op {
            PipePipe => truth(lhs.is_true() || rhs.is_true()),
            AmpAmp => truth(lhs.is_true() && rhs.is_true()),
            Pipe => arith(a | b),
            Caret => arith(a ^ b),
            Amp => arith(a & b),
            EqEq => truth(a == b),
            Ne => truth(a != b),
            Lt | Gt | Le | Ge => {
                let ordering = if unsigned {
                    a.cmp(&b)
                } else {
                    (a as i64).cmp(&(b as i64))
                };
                truth(match op {
                    Lt => ordering.is_lt(),
                    Gt => ordering.is_gt(),
                    Le => ordering.is_le(),
                    _ => ordering.is_ge(),
                })
            }
            Shl | Shr => {
                // The result has the left operand's type.
                let count = if rhs.unsigned || rhs.as_i64() >= 0 {
                    b.min(64)
                } else {
                    64
                };
                let bits = match (op, lhs.unsigned) {
                    (Shl, _) => a.checked_shl(count as u32).unwrap_or(0),
                    (_, true) => a.checked_shr(count as u32).unwrap_or(0),
                    (_, false) => (lhs.as_i64() >> count.min(63)) as u64,
                };
                Value {
                    bits,
                    unsigned: lhs.unsigned,
                }
            }
            Plus => arith(a.wrapping_add(b)),
            Minus => arith(a.wrapping_sub(b)),
            Star => arith(a.wrapping_mul(b)),
            _ => {
                if b == 0 {
                    if !live {
                        return Ok(arith(0));
                    }
                    let what = if op == Slash { "division" } else { "remainder" };
                    return Err(self.error(
                        span,
                        &format!("{what} by zero in preprocessor expression"),
                        "the right operand is zero",
                    ));
                }
                let bits = match (op, unsigned) {
                    (Slash, true) => a / b,
                    (_, true) => a % b,
                    (Slash, false) => (a as i64).wrapping_div(b as i64) as u64,
                    (_, false) => (a as i64).wrapping_rem(b as i64) as u64,
                };
                arith(bits)
            }
        })
    }

    fn unary(&mut self, live: bool) -> Result<Value, Box<Diagnostic>> {
        let Some(tok) = self.peek().copied() else {
            return Err(self.error(self.end_span(), "expected value in expression", "here"));
        };
        self.pos += 1;
        match tok.kind {
            TokenKind::Punct(p @ (Punct::Plus | Punct::Minus | Punct::Tilde | Punct::Bang)) => {
                self.enter()?;
                let v = self.unary(live)?;
                self.nesting -= 1;
                Ok(match p {
                    Punct::Plus => v,
                    Punct::Minus => Value {
                        bits: v.bits.wrapping_neg(),
                        ..v
                    },
                    Punct::Tilde => Value { bits: !v.bits, ..v },
                    _ => Value::signed(i64::from(!v.is_true())),
                })
            }
            TokenKind::Punct(Punct::LParen) => {
                self.enter()?;
                let v = self.comma(live)?;
                self.nesting -= 1;
                if self.peek_punct() != Some(Punct::RParen) {
                    let span = self.peek().map_or(self.end_span(), |t| t.span);
                    let diag = self.error(
                        span,
                        "expected `)` in preprocessor expression",
                        "expected `)`",
                    );
                    return Err(Box::new(diag.with_secondary(tok.span, "to match this `(`")));
                }
                self.pos += 1;
                Ok(v)
            }
            TokenKind::Number => parse_integer(self.interner.get(tok.sym))
                .map_err(|message| self.error(tok.span, &message, "in this literal")),
            TokenKind::CharLit => Ok(char_value(self.interner.get(tok.sym))),
            TokenKind::Ident => Ok(Value::signed(0)),
            TokenKind::Punct(Punct::Eq) => Err(self.error(
                tok.span,
                "assignment in preprocessor expression",
                "did you mean `==`?",
            )),
            _ => Err(self.error(
                tok.span,
                "invalid token at start of a preprocessor expression",
                "expected a value",
            )),
        }
    }
}

/// The value of an integer literal (C99 6.4.4.1), or an error message.
fn parse_integer(text: &str) -> Result<Value, String> {
    let lower = text.to_ascii_lowercase();
    let body = lower.trim_end_matches(['u', 'l']);
    let suffix = &lower[body.len()..];
    let valid_suffix = matches!(suffix, "" | "u" | "l" | "ul" | "lu" | "ll" | "ull" | "llu");
    let (digits, radix) = if let Some(hex) = body.strip_prefix("0x") {
        (hex, 16)
    } else if let Some(bin) = body.strip_prefix("0b") {
        (bin, 2)
    } else if body.len() > 1 && body.starts_with('0') {
        (&body[1..], 8)
    } else {
        (body, 10)
    };
    let is_float = (radix != 16 && (body.contains('.') || body.contains('e')))
        || (radix == 16 && (body.contains('.') || body.contains('p')));
    if is_float {
        return Err("floating-point literal in preprocessor expression".into());
    }
    if !valid_suffix || digits.is_empty() {
        return Err(format!("invalid integer literal `{}`", excerpt(text)));
    }
    let value = u64::from_str_radix(digits, radix).map_err(|e| match e.kind() {
        std::num::IntErrorKind::PosOverflow => {
            format!(
                "integer literal `{}` is too large for any integer type",
                excerpt(text)
            )
        }
        _ => format!("invalid digit in integer literal `{}`", excerpt(text)),
    })?;
    Ok(Value {
        bits: value,
        unsigned: suffix.contains('u') || value > i64::MAX as u64,
    })
}

/// The value of a character literal (`char` is signed; a multi-character
/// literal combines its bytes, as clang does).
fn char_value(text: &str) -> Value {
    let wide = matches!(text.as_bytes().first(), Some(b'L' | b'u' | b'U'));
    let inner = text
        .trim_start_matches(['L', 'u', 'U'])
        .strip_prefix('\'')
        .and_then(|s| s.strip_suffix('\''))
        .unwrap_or("");
    let bytes = inner.as_bytes();
    let mut values: Vec<u64> = Vec::new();
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        i += 1;
        if b != b'\\' {
            values.push(u64::from(b));
            continue;
        }
        let Some(&e) = bytes.get(i) else { break };
        i += 1;
        let v = match e {
            b'n' => 10,
            b't' => 9,
            b'r' => 13,
            b'a' => 7,
            b'b' => 8,
            b'f' => 12,
            b'v' => 11,
            b'x' => {
                let mut v = 0u64;
                while let Some(d) = bytes.get(i).and_then(|&c| (c as char).to_digit(16)) {
                    v = v.wrapping_mul(16).wrapping_add(u64::from(d));
                    i += 1;
                }
                v
            }
            b'0'..=b'7' => {
                let mut v = u64::from(e - b'0');
                for _ in 0..2 {
                    match bytes.get(i) {
                        Some(&d @ b'0'..=b'7') => {
                            v = v * 8 + u64::from(d - b'0');
                            i += 1;
                        }
                        _ => break,
                    }
                }
                v
            }
            other => u64::from(other),
        };
        values.push(v);
    }
    match values.as_slice() {
        [v] if wide => Value::signed(*v as i64),
        [v] => Value::signed(i64::from(*v as u8 as i8)),
        _ => Value::signed(
            values
                .iter()
                .fold(0i64, |acc, &v| acc.wrapping_shl(8) | (v & 0xff) as i64),
        ),
    }
}
