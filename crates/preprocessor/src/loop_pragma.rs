//! Loop pragmas: `#pragma unroll`, `#pragma unroll N` (also `unroll(N)`)
//! and `#pragma nounroll`, as clang reads them. The count is macro-expanded
//! and evaluated as an integer constant expression here; the parser
//! attaches the result ([`LoopPragma`]) to the loop that follows. The
//! diagnostics use clang's wording.

use crate::codes;
use crate::engine::Engine;
use crate::expr;
use crate::token::{Punct, Token, TokenKind};
use crate::{LoopPragma, LoopPragmaKind};
use oclc_diagnostics::{Diagnostic, Span};

/// Whether a pragma's first word names a loop pragma.
pub(crate) fn is_loop_pragma(first: &str) -> bool {
    matches!(first, "unroll" | "nounroll")
}

impl Engine<'_> {
    /// `#pragma unroll [N]` or `#pragma nounroll` (`args` starts with the
    /// pragma's name).
    pub(crate) fn loop_pragma(&mut self, args: &[Token], span: Span) {
        let Some((name, rest)) = args.split_first() else {
            return;
        };
        let token_index = self.out.tokens.len() as u32;
        let nounroll = self.out.interner.get(name.sym) == "nounroll";
        let kind = if nounroll || rest.is_empty() {
            self.loop_pragma_extra(nounroll, rest);
            Some(if nounroll {
                LoopPragmaKind::NoUnroll
            } else {
                LoopPragmaKind::Unroll
            })
        } else {
            self.unroll_count(rest, span)
        };
        if let Some(kind) = kind {
            self.out.loop_pragmas.push(LoopPragma {
                kind,
                span,
                token_index,
            });
        }
    }

    /// `_Pragma("unroll …")`: `body` is the string's text. The count must
    /// be a literal here (the string is not macro-expanded).
    pub(crate) fn loop_pragma_operator(&mut self, body: &str, span: Span) {
        let mut words = body.split_whitespace();
        let name = words.next().unwrap_or_default();
        let rest: String = words.collect::<Vec<_>>().join(" ");
        let count = rest.trim().trim_start_matches('(').trim_end_matches(')');
        let kind = match (name, count) {
            ("nounroll", _) => Some(LoopPragmaKind::NoUnroll),
            (_, "") => Some(LoopPragmaKind::Unroll),
            (_, count) => match count.parse::<u32>() {
                Ok(n) if n > 0 => Some(LoopPragmaKind::UnrollCount(n)),
                _ => {
                    self.out.diagnostics.push(
                        Diagnostic::new(
                            &codes::INVALID_LOOP_PRAGMA,
                            format!("invalid value '{count}'; must be positive"),
                        )
                        .with_primary(span, "in this `_Pragma`")
                        .with_help("write the count as a decimal literal"),
                    );
                    None
                }
            },
        };
        if let Some(kind) = kind {
            self.out.loop_pragmas.push(LoopPragma {
                kind,
                span,
                token_index: self.out.tokens.len() as u32,
            });
        }
    }

    /// Tokens after `#pragma nounroll` or a complete `#pragma unroll`.
    fn loop_pragma_extra(&mut self, nounroll: bool, extra: &[Token]) {
        let Some(first) = extra.first() else {
            return;
        };
        let name = if nounroll { "nounroll" } else { "unroll" };
        self.out.diagnostics.push(
            Diagnostic::new(
                &codes::EXTRA_TOKENS,
                format!("extra tokens at end of '#pragma {name}' - ignored"),
            )
            .with_primary(first.span, "ignored"),
        );
    }

    /// The count of `#pragma unroll N` or `#pragma unroll(N)`: a positive
    /// integer constant expression of at most 32 bits.
    fn unroll_count(&mut self, rest: &[Token], span: Span) -> Option<LoopPragmaKind> {
        let expanded: Vec<Token> = self
            .expand_isolated(rest, false)
            .into_iter()
            .map(|t| t.tok)
            .collect();
        let (count, extra) = self.split_count(&expanded);
        self.loop_pragma_extra(false, extra);
        let at = count.first().map_or(span, |t| t.span);
        let error = |message: String| {
            Diagnostic::new(&codes::INVALID_LOOP_PRAGMA, message)
                .with_primary(at, "the unroll count")
                .with_help("write a positive integer constant, or no count to unroll fully")
        };
        if count
            .iter()
            .any(|t| t.kind == TokenKind::Number && is_float_literal(self.out.interner.get(t.sym)))
        {
            self.out.diagnostics.push(error(
                "invalid argument of type 'double'; expected an integer type".to_owned(),
            ));
            return None;
        }
        if count
            .iter()
            .any(|t| t.kind != TokenKind::Number && t.kind != TokenKind::CharLit && !is_punct(t))
        {
            self.out.diagnostics.push(error(
                "expression is not an integer constant expression".to_owned(),
            ));
            return None;
        }
        let (bits, unsigned) = match expr::evaluate_integer(count, &self.out.interner, span) {
            Ok(value) => value,
            Err(diagnostic) => {
                self.out.diagnostics.push(*diagnostic);
                return None;
            }
        };
        let text = if unsigned {
            bits.to_string()
        } else {
            (bits as i64).to_string()
        };
        if !unsigned && (bits as i64) <= 0 || unsigned && bits == 0 {
            self.out
                .diagnostics
                .push(error(format!("invalid value '{text}'; must be positive")));
            return None;
        }
        match u32::try_from(bits) {
            Ok(n) if n <= i32::MAX as u32 => Some(LoopPragmaKind::UnrollCount(n)),
            _ => {
                self.out
                    .diagnostics
                    .push(error(format!("value '{text}' is too large")));
                None
            }
        }
    }

    /// The count's tokens and what follows them: `( … )` when the count is
    /// parenthesised (clang's `unroll(N)`), else the tokens up to the first
    /// one after a complete operand that is not an operator.
    fn split_count<'t>(&self, tokens: &'t [Token]) -> (&'t [Token], &'t [Token]) {
        if tokens
            .first()
            .is_some_and(|t| t.kind == TokenKind::Punct(Punct::LParen))
        {
            let mut depth = 0usize;
            for (i, t) in tokens.iter().enumerate() {
                match t.kind {
                    TokenKind::Punct(Punct::LParen) => depth += 1,
                    TokenKind::Punct(Punct::RParen) => {
                        depth = depth.saturating_sub(1);
                        if depth == 0 {
                            return tokens.split_at(i + 1);
                        }
                    }
                    _ => {}
                }
            }
            return (tokens, &[]);
        }
        // `#pragma unroll 4 5`: the count ends where two operands meet.
        let mut previous_operand = false;
        for (i, t) in tokens.iter().enumerate() {
            let operand = !is_punct(t);
            if operand && previous_operand {
                return tokens.split_at(i);
            }
            previous_operand = operand || t.kind == TokenKind::Punct(Punct::RParen);
        }
        (tokens, &[])
    }
}

fn is_punct(t: &Token) -> bool {
    matches!(t.kind, TokenKind::Punct(_))
}

/// Whether a number token spells a floating-point constant.
fn is_float_literal(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    if lower.starts_with("0x") {
        lower.contains('.') || lower.contains('p')
    } else {
        lower.contains('.') || lower.contains('e') || lower.ends_with('f')
    }
}
