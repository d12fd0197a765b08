//! The lexer adapter: preprocessed tokens in, grammar terminals out.
//!
//! Identifiers become keywords, built-in type names, typedef names (see
//! [`typedefs`]) or plain identifiers; preprocessing numbers become integer
//! or floating literals and character and string literals are decoded
//! ([`literals`]), adjacent strings concatenated. Stray characters and `#`
//! are reported and dropped. Bracket nesting is bounded: the stream ends at
//! the first bracket nested deeper than [`MAX_BRACKET_DEPTH`].

pub mod keywords;
pub mod literals;
pub mod typedefs;

use crate::ast::{Ident, Literal};
use crate::codes;
use crate::token::{Kw, Tok, TypeNameTok};
use keywords::{Class, KeywordTable};
use oclc_diagnostics::{raw_byte, Diagnostic, Span};
use oclc_preprocessor::{Interner, Preprocessed, Punct, Symbol, Token as PpToken, TokenKind};
use typedefs::TypedefScopes;

/// Deepest bracket nesting accepted (`(`, `[` and `{` together).
pub const MAX_BRACKET_DEPTH: u32 = 256;

/// Lexical errors kept per translation unit; the rest are counted in one
/// closing diagnostic. (A macro can expand one stray byte into millions
/// of tokens: keeping a diagnostic for each took gigabytes.)
pub const MAX_LEXICAL_DIAGNOSTICS: usize = 1000;

/// The adapter's output: parallel token, span and spelling lists (a
/// token's parser location is its index), literal values, and lexical
/// diagnostics keyed by token index.
#[derive(Debug, Default)]
pub struct Lexed {
    /// The terminals.
    pub toks: Vec<Tok>,
    /// Each terminal's span.
    pub spans: Vec<Span>,
    /// Each terminal's spelling (the first one's, for concatenated strings).
    pub symbols: Vec<Symbol>,
    /// Values of literal terminals; `None` for invalid ones (reported).
    pub literals: Vec<Option<Literal>>,
    /// Lexical errors, keyed by the index of the token they precede.
    pub diagnostics: Vec<(u32, Diagnostic)>,
    /// Whether the stream was cut at a bracket nested too deeply.
    pub truncated: bool,
    /// Indices of the tokens right after a dropped stray character (a
    /// parse error there is a consequence of the character).
    pub after_stray: Vec<u32>,
    /// Lexical errors beyond [`MAX_LEXICAL_DIAGNOSTICS`], counted only.
    pub suppressed: usize,
    /// Where the last of them was.
    pub last_suppressed: Option<Span>,
    /// The loop pragmas, each with the index of the terminal after it.
    pub loop_pragmas: Vec<(u32, oclc_preprocessor::LoopPragma)>,
}

/// Whether `token` can begin the packet type after `pipe`.
fn starts_type(table: &KeywordTable, scopes: &TypedefScopes, token: &PpToken) -> bool {
    token.kind == TokenKind::Ident
        && match table.get(token.sym) {
            Some(Class::Builtin(_)) => true,
            Some(Class::Kw(kw)) => matches!(
                kw,
                Kw::Struct
                    | Kw::Union
                    | Kw::Enum
                    | Kw::Const
                    | Kw::Volatile
                    | Kw::Void
                    | Kw::Bool
                    | Kw::Char
                    | Kw::Short
                    | Kw::Int
                    | Kw::Long
                    | Kw::Float
                    | Kw::Double
                    | Kw::Half
                    | Kw::Signed
                    | Kw::Unsigned
            ),
            None => scopes.is_type(token.sym),
        }
}

/// The text of a symbol ("" for a symbol from another interner).
pub fn symbol_text(interner: &Interner, sym: Symbol) -> &str {
    if (sym.0 as usize) < interner.len() {
        interner.get(sym)
    } else {
        ""
    }
}

/// Converts the preprocessor's tokens into grammar terminals.
pub fn lex(pp: &Preprocessed) -> Lexed {
    let table = KeywordTable::new(&pp.interner);
    let mut scopes = TypedefScopes::new();
    let mut out = Lexed {
        toks: Vec::with_capacity(pp.tokens.len()),
        spans: Vec::with_capacity(pp.tokens.len()),
        symbols: Vec::with_capacity(pp.tokens.len()),
        ..Lexed::default()
    };
    let mut depth = 0u32;
    // Index in `out` of a string literal that later strings append to.
    let mut open_string: Option<usize> = None;

    // `pipe` is a keyword where a type follows it (OpenCL C 2.0 pipes),
    // an identifier elsewhere (a variable may be called `pipe`).
    let pipe = pp.interner.lookup("pipe");
    // GNU `__extension__` and C11 `_Noreturn` say nothing oclc needs:
    // dropped, as if not written.
    let ignored = [
        pp.interner.lookup("__extension__"),
        pp.interner.lookup("_Noreturn"),
    ];
    let mut loop_pragmas = pp.loop_pragmas.iter().peekable();
    for (position, token) in pp.tokens.iter().enumerate() {
        while let Some(pragma) = loop_pragmas.next_if(|p| p.token_index as usize <= position) {
            out.loop_pragmas.push((out.toks.len() as u32, *pragma));
        }
        if token.kind == TokenKind::Ident && ignored.contains(&Some(token.sym)) {
            continue;
        }
        let index = out.toks.len() as u32;
        let text = symbol_text(&pp.interner, token.sym);
        let tok = match token.kind {
            TokenKind::Ident => {
                let ident = Ident {
                    name: token.sym,
                    span: token.span,
                };
                match table.get(token.sym) {
                    Some(Class::Kw(kw)) => Tok::Kw(kw),
                    Some(Class::Builtin(ty)) => Tok::TypeName(TypeNameTok {
                        ident,
                        builtin: Some(ty),
                    }),
                    None if Some(token.sym) == pipe
                        && pp
                            .tokens
                            .get(position + 1)
                            .is_some_and(|next| starts_type(&table, &scopes, next)) =>
                    {
                        Tok::Kw(Kw::Pipe)
                    }
                    None => scopes.classify(ident),
                }
            }
            TokenKind::Number => {
                let value = literals::number(text);
                out.literal(index, token.span, value)
            }
            TokenKind::CharLit => {
                let value = literals::character(text).map(Literal::Char);
                out.literal(index, token.span, value)
            }
            TokenKind::StringLit => {
                if let Some(at) = open_string {
                    out.append_string(at, text, token.span);
                    continue;
                }
                let mut bytes = Vec::new();
                let value = literals::string(text, &mut bytes).map(|()| Literal::String(bytes));
                open_string = Some(out.toks.len());
                out.literal(index, token.span, value)
            }
            TokenKind::Punct(Punct::Hash | Punct::HashHash) => {
                let diagnostic = Diagnostic::new(
                    &codes::UNEXPECTED_CHARACTER,
                    format!("stray `{text}` in program"),
                )
                .with_primary(token.span, "not valid outside a preprocessing directive");
                out.report(index, diagnostic);
                continue;
            }
            TokenKind::Punct(p) => {
                match p {
                    Punct::LParen | Punct::LBracket | Punct::LBrace => {
                        depth += 1;
                        if depth > MAX_BRACKET_DEPTH {
                            let diagnostic = Diagnostic::new(
                                &codes::NESTING_LIMIT,
                                format!("bracket nesting exceeds the limit of {MAX_BRACKET_DEPTH}"),
                            )
                            .with_primary(token.span, "nested too deeply")
                            .with_note("the rest of the file is not parsed");
                            out.diagnostics.push((index, diagnostic));
                            out.truncated = true;
                            break;
                        }
                    }
                    Punct::RParen | Punct::RBracket | Punct::RBrace => {
                        depth = depth.saturating_sub(1);
                    }
                    _ => {}
                }
                Tok::Punct(p)
            }
            // An unterminated character or string literal: the
            // preprocessor has reported it already.
            TokenKind::Other if text.starts_with(['\'', '"']) => continue,
            TokenKind::Other if text.chars().next().and_then(raw_byte).is_some() => {
                let byte = text.chars().next().and_then(raw_byte).unwrap_or(0);
                let diagnostic = Diagnostic::new(
                    &codes::UNEXPECTED_CHARACTER,
                    format!("byte 0x{byte:02X} is not valid UTF-8"),
                )
                .with_primary(token.span, "not part of any token")
                .with_note(
                    "bytes that are not UTF-8 may appear only in comments and in string and character literals",
                )
                .with_help("save the file as UTF-8, or remove the byte");
                out.report(index, diagnostic);
                if out.after_stray.last() != Some(&index) {
                    out.after_stray.push(index);
                }
                continue;
            }
            TokenKind::Other => {
                let text = printable(text);
                // A backquote cannot be quoted with backquotes.
                let quoted = if text.contains('`') {
                    format!("`` {text} ``")
                } else {
                    format!("`{text}`")
                };
                let diagnostic = Diagnostic::new(
                    &codes::UNEXPECTED_CHARACTER,
                    format!("unexpected character {quoted}"),
                )
                .with_primary(token.span, "not part of any token")
                .with_help("remove this character");
                out.report(index, diagnostic);
                if out.after_stray.last() != Some(&index) {
                    out.after_stray.push(index);
                }
                continue;
            }
        };
        if token.kind != TokenKind::StringLit {
            open_string = None;
        }
        let tok = scopes.process(tok);
        out.toks.push(tok);
        out.spans.push(token.span);
        out.symbols.push(token.sym);
    }
    if !out.truncated {
        let end = out.toks.len() as u32;
        out.loop_pragmas.extend(loop_pragmas.map(|p| (end, *p)));
    }
    if out.suppressed > 0 {
        let index = out.toks.len() as u32;
        let span = out.last_suppressed.unwrap_or_default();
        let diagnostic = Diagnostic::new(
            &codes::UNEXPECTED_CHARACTER,
            format!(
                "{} more lexical errors not reported (invalid characters or literals)",
                out.suppressed
            ),
        )
        .with_primary(span, "the last of them")
        .with_note(format!(
            "at most {MAX_LEXICAL_DIAGNOSTICS} lexical errors are kept per translation unit"
        ));
        out.diagnostics.push((index, diagnostic));
    }
    out
}

impl Lexed {
    /// Keeps a lexical error, or only counts it beyond the limit.
    fn report(&mut self, index: u32, diagnostic: Diagnostic) {
        if self.diagnostics.len() < MAX_LEXICAL_DIAGNOSTICS {
            self.diagnostics.push((index, diagnostic));
        } else {
            self.suppressed += 1;
            self.last_suppressed = diagnostic.primary.map(|label| label.span);
        }
    }

    /// Records a literal's value (or its error) and returns its terminal.
    fn literal(
        &mut self,
        index: u32,
        span: Span,
        value: Result<Literal, literals::LiteralError>,
    ) -> Tok {
        let slot = self.literals.len() as u32;
        match value {
            Ok(literal) => self.literals.push(Some(literal)),
            Err(mut error) => {
                let recovered = error.recovered.take();
                self.report(index, literal_diagnostic(error, span));
                self.literals.push(recovered);
            }
        }
        Tok::Literal(slot)
    }

    /// Appends the string literal `text` to the literal token at `at`.
    fn append_string(&mut self, at: usize, text: &str, span: Span) {
        if let Some(Tok::Literal(slot)) = self.toks.get(at).copied() {
            let mut bytes = match self.literals.get_mut(slot as usize) {
                Some(Some(Literal::String(bytes))) => std::mem::take(bytes),
                _ => Vec::new(),
            };
            let ok = match literals::string(text, &mut bytes) {
                Ok(()) => true,
                Err(error) => {
                    let diagnostic = literal_diagnostic(error, span);
                    self.report(at as u32, diagnostic);
                    false
                }
            };
            if let Some(entry) = self.literals.get_mut(slot as usize) {
                if ok && entry.is_some() {
                    *entry = Some(Literal::String(bytes));
                } else {
                    *entry = None;
                }
            }
        }
        if let Some(first) = self.spans.get_mut(at) {
            *first = first.to(span);
        }
    }
}

fn literal_diagnostic(error: literals::LiteralError, span: Span) -> Diagnostic {
    let label = if std::ptr::eq(error.code, &codes::LITERAL_OUT_OF_RANGE)
        || std::ptr::eq(error.code, &codes::LITERAL_RANGE)
    {
        "out of range"
    } else {
        "invalid literal"
    };
    Diagnostic::new(error.code, error.message).with_primary(span, label)
}

/// A stray character as shown in a message: NUL as `\0`, other control
/// characters escaped.
fn printable(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\0' => "\\0".to_string(),
            c if c.is_control() => c.escape_default().to_string(),
            c => c.to_string(),
        })
        .collect()
}
