//! The OpenCL C parser: preprocessed tokens in, a spanned AST out.
//!
//! Architecture invariant: parsing never fails. [`parse`] always returns a
//! [`TranslationUnit`] (with `Error` nodes where input could not be read)
//! plus diagnostics written as a person would write them ("expected `;`
//! after expression"), never raw lists of expected tokens. The grammar is
//! `grammar/opencl_c.lalrpop` at the repository root, compiled by this
//! crate's `build.rs`; this is the only crate that pays LALRPOP's build cost.
//!
//! Data flow: [`lexer`] turns [`oclc_preprocessor::Token`]s into grammar
//! terminals ([`token::Tok`]: keywords, type names — including user typedef
//! names tracked with scope — literals, punctuators) and bounds bracket
//! nesting; the generated parser builds the AST through the builders in
//! [`actions`], which also bound expression and statement depth; [`errors`]
//! turns LALRPOP's errors into diagnostics.
//!
//! Recovery: the grammar's error productions resynchronise at `;`, at a
//! balanced `{ ... }`, at the enclosing `}`, at the start of the next
//! declaration, and at top level at the next item. [`parse`] then drops
//! errors that are consequences of an earlier one (inside the same
//! parenthesis, or right where the parser resumed) and stops after
//! [`MAX_ERRORS`].

pub mod actions;
pub mod ast;
pub mod codes;
pub mod errors;
pub mod lexer;
mod specs;
pub mod token;

/// The parser LALRPOP generates from `grammar/opencl_c.lalrpop`.
#[allow(
    clippy::all,
    clippy::pedantic,
    missing_docs,
    unused_parens,
    unused_imports,
    dead_code
)]
mod grammar {
    include!(concat!(env!("OUT_DIR"), "/opencl_c.rs"));
}

#[cfg(test)]
mod tests;

use actions::ParseCtx;
use errors::ErrorContext;
use oclc_diagnostics::{Diagnostic, Severity};
use oclc_preprocessor::Preprocessed;
use std::cell::Cell;

pub use ast::TranslationUnit;

/// Most syntax errors reported for one translation unit; the parser stops
/// after that many.
pub const MAX_ERRORS: usize = 50;

/// The parser's result.
#[derive(Debug, Default)]
pub struct Parsed {
    /// The tree (partial when there were errors).
    pub unit: TranslationUnit,
    /// Syntax errors, limits exceeded, constructs not supported yet.
    pub diagnostics: Vec<Diagnostic>,
}

/// Feeds the adapter's tokens to the parser, stopping early once too many
/// errors were recovered from.
struct TokenStream<'a> {
    toks: &'a [token::Tok],
    next: usize,
    recoveries: &'a Cell<u32>,
}

impl Iterator for TokenStream<'_> {
    type Item = Result<(u32, token::Tok, u32), std::convert::Infallible>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.recoveries.get() as usize > MAX_ERRORS {
            return None;
        }
        let tok = *self.toks.get(self.next)?;
        let at = self.next as u32;
        self.next += 1;
        Some(Ok((at, tok, at + 1)))
    }
}

/// Parses a preprocessed translation unit. Never fails: unreadable parts
/// become error nodes and diagnostics.
pub fn parse(pp: &Preprocessed) -> Parsed {
    parse_lexed(lexer::lex(pp), pp)
}

/// Parses the terminals [`lexer::lex`] made of `pp`'s token stream: the
/// second half of [`parse`]. `pp.tokens` is not read, so a caller that
/// needs the stream no further can free it before the tree is built.
pub fn parse_lexed(lexed: lexer::Lexed, pp: &Preprocessed) -> Parsed {
    let mut items = Vec::new();
    let mut parsed = parse_lexed_into(lexed, pp, &mut |item| items.push(item));
    parsed.unit.items = items;
    parsed
}

/// [`parse_lexed`], handing each top-level item to `sink` as soon as it is
/// built, in source order, instead of collecting them: a consumer (the
/// `oclc` facade's analysis, on another thread) can work on the first
/// items while the parser reads the rest. The returned unit has no items.
pub fn parse_lexed_into(
    lexed: lexer::Lexed,
    pp: &Preprocessed,
    sink: &mut dyn FnMut(ast::Item),
) -> Parsed {
    let lexer::Lexed {
        toks,
        spans,
        symbols,
        literals,
        diagnostics: lexical,
        truncated,
        after_stray,
        suppressed: _,
        last_suppressed: _,
        loop_pragmas,
    } = lexed;
    let recoveries = Cell::new(0);
    let mut ctx = ParseCtx::new(&spans, &symbols, &pp.interner, literals, &recoveries, sink)
        .with_loop_pragmas(&loop_pragmas);
    let stream = TokenStream {
        toks: &toks,
        next: 0,
        recoveries: &recoveries,
    };
    let result = grammar::TranslationUnitParser::new().parse(&mut ctx, stream);
    ctx.misplaced_loop_pragmas();

    let explain = ErrorContext {
        toks: &toks,
        spans: &spans,
        symbols: &symbols,
        interner: &pp.interner,
    };
    let errors = ctx
        .recoveries
        .iter()
        .map(|r| (&r.error, r.dropped_tokens.last().map(|t| t.2 + 1)))
        .chain(result.as_ref().err().map(|e| (e, None)));
    let truncated = truncated || pp.cut_short;
    let mut syntax = explain_errors(&explain, errors, truncated);
    // `after_stray` is sorted: tokens are lexed in order.
    syntax.retain(|(at, _)| after_stray.binary_search(at).is_err());

    let mut keyed = lexical;
    keyed.append(&mut ctx.diagnostics);
    drop_missing_type_before_unknown_type(&mut keyed, &syntax, &spans);
    keyed.append(&mut syntax);
    keyed.sort_by_key(|(at, _)| *at);
    Parsed {
        unit: TranslationUnit::default(),
        diagnostics: cap_errors(keyed.into_iter().map(|(_, d)| d)),
    }
}

/// `global flot *p` reads as a declaration of `flot` with no type: when
/// the parse error explains it as "unknown type name `flot`", the
/// specifier error ("type specifier missing", ending right before that
/// name) says the same thing less well, and is dropped.
fn drop_missing_type_before_unknown_type(
    specifier_errors: &mut Vec<(u32, Diagnostic)>,
    syntax: &[(u32, Diagnostic)],
    spans: &[oclc_diagnostics::Span],
) {
    let type_ends: Vec<oclc_diagnostics::Span> = syntax
        .iter()
        .filter(|(_, d)| d.message.starts_with(errors::UNKNOWN_TYPE_NAME))
        .filter_map(|(_, d)| {
            let name = d.primary.as_ref()?.span;
            let index = spans.iter().position(|s| *s == name)?;
            Some(spans.get(index.checked_sub(1)?)?.end_point())
        })
        .collect();
    specifier_errors.retain(|(_, d)| {
        let missing_type = std::ptr::eq(d.code, &codes::INVALID_SPECIFIERS)
            && d.message == specs::TYPE_SPECIFIER_MISSING;
        !(missing_type
            && d.primary
                .as_ref()
                .is_some_and(|p| type_ends.contains(&p.span.end_point())))
    });
}

/// Explains parse errors, each given with the index of the first token
/// after its resync point when recovery had to drop tokens to get there,
/// and drops the ones that are consequences of an earlier error:
/// - after an error inside `( ... )` the parser resynchronises at a `;` or
///   `}` within or after the group, so errors up to the group's `)` are
///   not news;
/// - after an error inside a `(` or `[` that is never closed, a closer
///   that fails to match it later is not news either;
/// - an error right where the parser resumed means it resumed in the wrong
///   state;
/// - errors at the end of a stream cut by the nesting limit or by the
///   preprocessor are consequences of the cut (already reported).
fn explain_errors<'e>(
    explain: &ErrorContext,
    errors: impl Iterator<Item = (&'e errors::GrammarError, Option<u32>)>,
    truncated: bool,
) -> Vec<(u32, Diagnostic)> {
    let mut explained: Vec<(u32, Diagnostic, Option<u32>)> = errors
        .filter_map(|(error, after)| explain.diagnose(error).map(|(at, d)| (at, d, after)))
        .collect();
    explained.sort_by_key(|(at, _, _)| *at);
    let mut kept = Vec::new();
    let mut quiet_until: Option<u32> = None;
    let mut resumed_at: Option<u32> = None;
    // A group an error was in that is never closed: a later closer that
    // does not match it (such as the function's `}` after
    // `for (...; i++ {`) is a consequence.
    let mut never_closed: Option<usize> = None;
    for (at, diagnostic, after) in explained {
        let at_cut = truncated && at as usize >= explain.toks.len();
        let group = explain.innermost_group(at as usize);
        let cascade = quiet_until.is_some_and(|end| at <= end)
            || resumed_at == Some(at)
            || (group.is_some()
                && group == never_closed
                && explain.toks.get(at as usize).is_some_and(|t| t.is_closer()));
        if !at_cut && !cascade {
            let end = explain.enclosing_group_end(at as usize);
            quiet_until = end.map(|end| end as u32).or(Some(at));
            // A construct oclc does not support (a block) derails the
            // parser for the rest of its statement.
            if std::ptr::eq(diagnostic.code, &codes::UNSUPPORTED_SYNTAX) {
                let statement_end = explain.statement_end(at as usize) as u32;
                quiet_until = quiet_until.max(Some(statement_end));
            }
            never_closed = if end.is_none() { group } else { None };
            kept.push((at, diagnostic));
        }
        resumed_at = after;
    }
    kept
}

/// Keeps the first [`MAX_ERRORS`] errors and adds a note when more were
/// dropped.
fn cap_errors(diagnostics: impl Iterator<Item = Diagnostic>) -> Vec<Diagnostic> {
    let mut kept = Vec::new();
    let mut errors = 0;
    for diagnostic in diagnostics {
        if diagnostic.is_error() {
            errors += 1;
            if errors > MAX_ERRORS {
                kept.push(
                    Diagnostic::new(
                        &codes::TOO_MANY_ERRORS,
                        format!("too many errors; stopped after {MAX_ERRORS}"),
                    )
                    .with_severity(Severity::Note),
                );
                break;
            }
        }
        kept.push(diagnostic);
    }
    kept
}
