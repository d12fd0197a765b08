//! Turning LALRPOP's parse errors into the messages a person would write:
//! "expected `;` after expression" (at the end of the previous token, with
//! a fix), "expected `)`" with "to match this `(`", "expected `}` at end of
//! input" with "unclosed `{` opened here", "expected expression",
//! "expected identifier or `(`", and so on. The expected-terminal set and
//! the surrounding tokens decide which; LALRPOP's terminal names never
//! reach the user and no message lists more than three alternatives.

use crate::codes;
use crate::lexer::symbol_text;
use crate::token::{Kw, Tok};
use lalrpop_util::ParseError;
use oclc_diagnostics::{Diagnostic, Span};
use oclc_preprocessor::{Interner, Punct, Symbol};
use std::convert::Infallible;

/// A parse error as the generated parser reports it.
pub type GrammarError = ParseError<u32, Tok, Infallible>;

/// The types of OpenCL C 2.0 device-side enqueue, which oclc does not
/// support.
const DEVICE_ENQUEUE_TYPES: [&str; 4] =
    ["queue_t", "ndrange_t", "clk_event_t", "clk_profiling_info"];

/// The start of the "unknown type name `x`" message.
pub const UNKNOWN_TYPE_NAME: &str = "unknown type name";

/// Longest token spelling quoted in a message.
const MAX_QUOTED_LEN: usize = 24;

/// The token data errors are explained against.
pub struct ErrorContext<'a> {
    /// Terminals.
    pub toks: &'a [Tok],
    /// Their spans.
    pub spans: &'a [Span],
    /// Their spellings.
    pub symbols: &'a [Symbol],
    /// The spellings' text.
    pub interner: &'a Interner,
}

/// The expected-terminal set, by grammar terminal name without quotes.
struct Expected<'e>(Vec<&'e str>);

impl<'e> Expected<'e> {
    fn new(names: &'e [String]) -> Self {
        Expected(
            names
                .iter()
                .map(|n| {
                    n.strip_prefix('"')
                        .and_then(|n| n.strip_suffix('"'))
                        .unwrap_or(n)
                })
                .collect(),
        )
    }

    fn has(&self, name: &str) -> bool {
        self.0.contains(&name)
    }

    /// The alternatives worth naming: after an expression, the operators
    /// that could continue it are left out when anything else is expected.
    fn essential(&self) -> Vec<&'e str> {
        if !self.has("+") {
            // Before `:` (of `?:` or a label) a comma operator is never
            // what is missing.
            let colon = self.has(":");
            return self
                .0
                .iter()
                .copied()
                .filter(|n| !(colon && *n == ","))
                .collect();
        }
        const CONTINUATIONS: &[&str] = &[
            "(",
            "[",
            ".",
            "->",
            "++",
            "--",
            "*",
            "/",
            "%",
            "+",
            "-",
            "<<",
            ">>",
            "<",
            ">",
            "<=",
            ">=",
            "==",
            "!=",
            "&",
            "^",
            "|",
            "&&",
            "||",
            "?",
            "=",
            "*=",
            "/=",
            "%=",
            "+=",
            "-=",
            "<<=",
            ">>=",
            "&=",
            "^=",
            "|=",
            ",",
            "__attribute__",
        ];
        let rest: Vec<&str> = self
            .0
            .iter()
            .copied()
            .filter(|n| !CONTINUATIONS.contains(n))
            .collect();
        if rest.is_empty() {
            self.0.clone()
        } else {
            rest
        }
    }
}

/// Where an error is: the token (none at the end of input), its span, the
/// "unexpected `x`" label, and the innermost bracket open there.
struct ErrorSite {
    at: usize,
    found: Option<Tok>,
    span: Span,
    unexpected: String,
    open: Option<usize>,
}

/// How a terminal name is shown: `` `;` ``, "identifier", ...
fn terminal_display(name: &str) -> String {
    match name {
        "Ident" => "identifier".to_string(),
        "TypeName" => "type name".to_string(),
        "Literal" => "literal".to_string(),
        keyword_or_punctuator => format!("`{keyword_or_punctuator}`"),
    }
}

fn closer_of(tok: Tok) -> Option<&'static str> {
    tok.opener().map(Punct::as_str)
}

impl ErrorContext<'_> {
    fn tok(&self, i: usize) -> Option<Tok> {
        self.toks.get(i).copied()
    }

    fn is_punct(&self, i: usize, p: Punct) -> bool {
        self.tok(i) == Some(Tok::Punct(p))
    }

    /// A token's spelling for a message: `` `;` `` or "end of input".
    fn describe(&self, i: usize) -> String {
        let Some(&sym) = self.symbols.get(i) else {
            return "end of input".to_string();
        };
        let text = symbol_text(self.interner, sym);
        if text.chars().count() > MAX_QUOTED_LEN {
            let short: String = text.chars().take(MAX_QUOTED_LEN).collect();
            format!("`{short}...`")
        } else {
            format!("`{text}`")
        }
    }

    fn span_of(&self, i: usize) -> Span {
        match self.spans.get(i) {
            Some(&span) => span,
            None => self.spans.last().map_or(Span::default(), |s| s.end_point()),
        }
    }

    /// The innermost bracket opened before `end` and not closed before it.
    fn innermost_open(&self, end: usize) -> Option<usize> {
        let mut depth = 0u32;
        for j in (0..end.min(self.toks.len())).rev() {
            let tok = self.toks[j];
            if tok.is_closer() {
                depth += 1;
            } else if tok.opener().is_some() {
                if depth == 0 {
                    return Some(j);
                }
                depth -= 1;
            }
        }
        None
    }

    /// The innermost parenthesis or square bracket open at `at`, if the
    /// innermost open bracket is one.
    pub fn innermost_group(&self, at: usize) -> Option<usize> {
        self.innermost_open(at)
            .filter(|&open| !self.is_punct(open, Punct::LBrace))
    }

    /// The index of the `)` or `]` closing the innermost parenthesis or
    /// square bracket open at `at` (errors before it are likely
    /// consequences of one at `at`).
    pub fn enclosing_group_end(&self, at: usize) -> Option<usize> {
        let open = self.innermost_open(at)?;
        if self.is_punct(open, Punct::LBrace) {
            return None;
        }
        let closer = self.tok(open).and_then(closer_of);
        let mut depth = 0u32;
        for j in at..self.toks.len() {
            let tok = self.toks[j];
            if tok.opener().is_some() {
                depth += 1;
            } else if tok.is_closer() {
                if depth == 0 {
                    // A different closer means the group was never closed.
                    let same = matches!(tok, Tok::Punct(p) if Some(p.as_str()) == closer);
                    return same.then_some(j);
                }
                depth -= 1;
            }
        }
        None
    }

    /// The closer matching the opener at `open`, if it is closed.
    fn matching_close(&self, open: usize) -> Option<usize> {
        let mut depth = 0u32;
        for (j, tok) in self.toks.iter().enumerate().skip(open) {
            if tok.opener().is_some() {
                depth += 1;
            } else if tok.is_closer() {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(j);
                }
            }
        }
        None
    }

    /// The index of the `;` that ends the statement containing token `at`
    /// (skipping the braces of blocks inside it; parentheses do not
    /// matter), or of the `}` that closes the enclosing block, or the end
    /// of the stream.
    pub fn statement_end(&self, at: usize) -> usize {
        let mut braces = 0usize;
        for i in at..self.toks.len() {
            match self.tok(i) {
                Some(Tok::Punct(Punct::LBrace)) => braces += 1,
                Some(Tok::Punct(Punct::RBrace)) => {
                    if braces == 0 {
                        return i;
                    }
                    braces -= 1;
                }
                Some(Tok::Punct(Punct::Semi)) if braces == 0 => return i,
                _ => {}
            }
        }
        self.toks.len()
    }

    /// The opener matching the closer at `close`.
    fn matching_open(&self, close: usize) -> Option<usize> {
        self.innermost_open(close)
    }

    /// Explains one parse error; `None` for errors that cannot occur with
    /// this lexer. The `u32` is the token index the error is at.
    pub fn diagnose(&self, error: &GrammarError) -> Option<(u32, Diagnostic)> {
        let (at, expected) = match error {
            ParseError::UnrecognizedToken { token, expected } => (token.0 as usize, expected),
            ParseError::UnrecognizedEof { expected, .. } => (self.toks.len(), expected),
            ParseError::ExtraToken { token } => {
                let at = token.0 as usize;
                let message = format!("unexpected {}", self.describe(at));
                let diagnostic = Diagnostic::new(&codes::SYNTAX_ERROR, message)
                    .with_primary(self.span_of(at), "unexpected token");
                return Some((at as u32, diagnostic));
            }
            ParseError::InvalidToken { .. } | ParseError::User { .. } => return None,
        };
        let expected = Expected::new(expected);
        Some((at as u32, self.explain(at, &expected)))
    }

    /// Picks the first rule that explains the error at token `at` (the
    /// end of input when `at` is past the last token).
    fn explain(&self, at: usize, expected: &Expected) -> Diagnostic {
        let e = ErrorSite {
            at,
            found: self.tok(at),
            span: self.span_of(at),
            unexpected: format!("unexpected {}", self.describe(at)),
            open: self.innermost_open(at),
        };
        self.else_without_if(&e, expected)
            .or_else(|| self.block_syntax(&e))
            .or_else(|| self.device_enqueue_type(at, expected))
            .or_else(|| self.unknown_type_name(at, expected))
            .or_else(|| self.unclosed_bracket(&e, expected))
            .or_else(|| self.stray_closer(&e))
            .or_else(|| self.missing_member(&e))
            .or_else(|| self.missing_declarator(&e, expected))
            .or_else(|| self.missing_body(&e, expected))
            .or_else(|| self.missing_semicolon(&e, expected))
            .or_else(|| self.missing_expression(&e, expected))
            .or_else(|| self.few_alternatives(&e, expected))
            .unwrap_or_else(|| self.unexpected_token(&e, expected))
    }

    fn else_without_if(&self, e: &ErrorSite, expected: &Expected) -> Option<Diagnostic> {
        (e.found == Some(Tok::Kw(Kw::Else)) && !expected.has("else")).then(|| {
            Diagnostic::new(
                &codes::SYNTAX_ERROR,
                "unexpected `else` without a matching `if`",
            )
            .with_primary(e.span, "no `if` statement before this `else`")
        })
    }

    /// "expected `)`" (with "to match this `(`"), or at the end of input
    /// "expected `}` at end of input" (with "unclosed `{` opened here").
    fn unclosed_bracket(&self, e: &ErrorSite, expected: &Expected) -> Option<Diagnostic> {
        let o = e.open?;
        let closer = self.tok(o).and_then(closer_of)?;
        if !expected.has(closer) {
            return None;
        }
        let opener = self.describe(o);
        if e.found.is_none() {
            return Some(
                Diagnostic::new(
                    &codes::SYNTAX_ERROR,
                    format!("expected `{closer}` at end of input"),
                )
                .with_primary(e.span, format!("expected `{closer}`"))
                .with_secondary(self.span_of(o), format!("unclosed {opener} opened here")),
            );
        }
        // Inside braces a missing `}` is rarely the problem: statements
        // may continue.
        (!self.is_punct(o, Punct::LBrace)).then(|| {
            Diagnostic::new(&codes::SYNTAX_ERROR, format!("expected `{closer}`"))
                .with_primary(e.span, e.unexpected.clone())
                .with_secondary(self.span_of(o), format!("to match this {opener}"))
        })
    }

    /// A closing bracket that closes nothing or the wrong bracket.
    fn stray_closer(&self, e: &ErrorSite) -> Option<Diagnostic> {
        let Some(Tok::Punct(p)) = e.found.filter(|t| t.is_closer()) else {
            return None;
        };
        let innermost_closer = e.open.and_then(|o| self.tok(o)).and_then(closer_of);
        if innermost_closer == Some(p.as_str()) {
            return None;
        }
        let diagnostic = Diagnostic::new(
            &codes::SYNTAX_ERROR,
            format!("unexpected closing `{}`", p.as_str()),
        );
        Some(match e.open {
            Some(o) => diagnostic
                .with_primary(e.span, "does not match the innermost open bracket")
                .with_secondary(
                    self.span_of(o),
                    format!("unclosed {} opened here", self.describe(o)),
                ),
            None => diagnostic.with_primary(e.span, "no matching opening bracket"),
        })
    }

    /// `s.` or `p->` not followed by a member name.
    fn missing_member(&self, e: &ErrorSite) -> Option<Diagnostic> {
        let prev = e.at.checked_sub(1)?;
        let access = match self.tok(prev) {
            Some(Tok::Punct(p @ (Punct::Dot | Punct::Arrow))) => p.as_str(),
            _ => return None,
        };
        Some(
            Diagnostic::new(
                &codes::SYNTAX_ERROR,
                format!("expected member name after `{access}`"),
            )
            .with_primary(e.span, e.unexpected.clone()),
        )
    }

    fn missing_declarator(&self, e: &ErrorSite, expected: &Expected) -> Option<Diagnostic> {
        let wanted = expected.has("Ident")
            && expected.has("(")
            && !expected.has("Literal")
            && e.found.is_some();
        wanted.then(|| {
            Diagnostic::new(&codes::SYNTAX_ERROR, "expected identifier or `(`")
                .with_primary(e.span, e.unexpected.clone())
        })
    }

    /// `if (c)`, `while (c)`, `else` ... followed by no statement.
    fn missing_body(&self, e: &ErrorSite, expected: &Expected) -> Option<Diagnostic> {
        let prev = e.at.checked_sub(1)?;
        (expected.has("Literal") && self.needs_body(prev)).then(|| {
            Diagnostic::new(&codes::SYNTAX_ERROR, "expected statement")
                .with_primary(e.span, e.unexpected.clone())
                .with_secondary(self.span_of(prev), "a statement must follow this")
        })
    }

    /// "expected `;` after ..." at the end of the previous token, with a
    /// fix inserting it.
    fn missing_semicolon(&self, e: &ErrorSite, expected: &Expected) -> Option<Diagnostic> {
        let prev = e.at.checked_sub(1).filter(|_| expected.has(";"))?;
        let prev_end = self.span_of(prev).end_point();
        let context = self.semicolon_context(prev);
        let mut diagnostic =
            Diagnostic::new(&codes::SYNTAX_ERROR, format!("expected `;` {context}"))
                .with_primary(prev_end, "expected `;`");
        if e.found.is_some() {
            diagnostic = diagnostic.with_secondary(e.span, e.unexpected.clone());
        }
        Some(diagnostic.with_fix("add `;` here", prev_end, ";"))
    }

    fn missing_expression(&self, e: &ErrorSite, expected: &Expected) -> Option<Diagnostic> {
        expected.has("Literal").then(|| {
            Diagnostic::new(&codes::SYNTAX_ERROR, "expected expression")
                .with_primary(e.span, e.unexpected.clone())
        })
    }

    /// "expected `:`", "expected `,`, `=` or `}`": at most three.
    fn few_alternatives(&self, e: &ErrorSite, expected: &Expected) -> Option<Diagnostic> {
        let names: Vec<String> = expected
            .essential()
            .iter()
            .map(|n| terminal_display(n))
            .collect();
        let list = match names.as_slice() {
            [one] => one.clone(),
            [a, b] => format!("{a} or {b}"),
            [a, b, c] => format!("{a}, {b} or {c}"),
            _ => return None,
        };
        Some(
            Diagnostic::new(&codes::SYNTAX_ERROR, format!("expected {list}"))
                .with_primary(e.span, e.unexpected.clone()),
        )
    }

    /// The last resort: what kind of thing was expected, or just
    /// "unexpected `x`".
    fn unexpected_token(&self, e: &ErrorSite, expected: &Expected) -> Diagnostic {
        let message = if expected.has("int") && !expected.has("Ident") {
            match e.open.and_then(|o| self.tok(o)) {
                Some(Tok::Punct(Punct::LParen)) => "expected parameter declaration",
                Some(_) => "expected declaration",
                None => "expected a declaration or function definition",
            }
            .to_string()
        } else {
            e.unexpected.clone()
        };
        Diagnostic::new(&codes::SYNTAX_ERROR, message).with_primary(e.span, e.unexpected.clone())
    }

    /// `F x` where `F` is not a type: at top level or in a parameter list
    /// the error is at `F` (a declaration was expected); in a block it is
    /// at `x` (`F` was read as an expression statement).
    /// A block (`^(int a) { … }`, `int (^f)(int)`, `^{ … }`): OpenCL C 2.0
    /// has them for device-side enqueue, which oclc does not support.
    fn block_syntax(&self, e: &ErrorSite) -> Option<Diagnostic> {
        if !self.is_punct(e.at, Punct::Caret) {
            return None;
        }
        let block = self.is_punct(e.at + 1, Punct::LParen)
            || self.is_punct(e.at + 1, Punct::LBrace)
            || (e.at > 0 && self.is_punct(e.at - 1, Punct::LParen));
        block.then(|| {
            Diagnostic::new(
                &codes::UNSUPPORTED_SYNTAX,
                "blocks are not supported by oclc",
            )
            .with_primary(e.span, "a block")
            .with_note(
                "OpenCL C 2.0 has blocks for device-side enqueue (`enqueue_kernel`), \
                 which oclc does not support",
            )
            .with_help("write the block's body as a function and call it")
        })
    }

    /// `queue_t`, `ndrange_t`, `clk_event_t`, `clk_profiling_info`:
    /// device-side enqueue's types, which oclc does not support.
    fn device_enqueue_type(&self, at: usize, expected: &Expected) -> Option<Diagnostic> {
        let candidates = [at, at.checked_sub(1)?];
        let name_at = candidates.into_iter().find(|&i| {
            matches!(self.tok(i), Some(Tok::Ident(_)))
                && self.symbols.get(i).is_some_and(|&sym| {
                    DEVICE_ENQUEUE_TYPES.contains(&symbol_text(self.interner, sym))
                })
        })?;
        let _ = expected;
        let name = self.describe(name_at);
        Some(
            Diagnostic::new(
                &codes::UNSUPPORTED_SYNTAX,
                format!("device-side enqueue is not supported by oclc: type {name}"),
            )
            .with_primary(self.span_of(name_at), "a device-side enqueue type")
            .with_note(
                "OpenCL C 2.0 device-side enqueue (`enqueue_kernel`, `queue_t`, `ndrange_t`, \
                 `clk_event_t`) is out of oclc's scope; enqueue the kernel from the host",
            ),
        )
    }

    fn unknown_type_name(&self, at: usize, expected: &Expected) -> Option<Diagnostic> {
        let is_ident = |i: usize| matches!(self.tok(i), Some(Tok::Ident(_)));
        let name_at = if is_ident(at)
            && expected.has("int")
            && (is_ident(at + 1) || self.is_punct(at + 1, Punct::Star))
        {
            at
        } else if at > 0
            && is_ident(at - 1)
            && (is_ident(at) || self.tok(at).is_some_and(Tok::starts_declaration))
            && matches!(self.statement_start(at - 1), (start, boundary)
                if start == at - 1 && boundary.is_none_or(|b| self.is_punct(b, Punct::LBrace)))
        {
            // `F x` or a misspelled keyword before a type: `unsinged int x`.
            at - 1
        } else if at >= 2
            && is_ident(at - 1)
            && (is_ident(at) || self.is_punct(at, Punct::Star))
            && matches!(self.tok(at - 2), Some(Tok::Kw(k)) if k.is_qualifier())
        {
            // `global F *p`, `const F x`: the qualifiers were read as a
            // declaration with no type and `F` as its name.
            at - 1
        } else {
            return None;
        };
        let name = self.describe(name_at);
        Some(
            Diagnostic::new(&codes::SYNTAX_ERROR, format!("{UNKNOWN_TYPE_NAME} {name}"))
                .with_primary(self.span_of(name_at), "not a type in this scope"),
        )
    }

    /// Where a `;` is missing, in words: "after expression", "after
    /// declaration", "in `for` statement", ...
    fn semicolon_context(&self, prev: usize) -> String {
        if self.is_punct(prev, Punct::RBrace) {
            if let Some(record) = self
                .matching_open(prev)
                .and_then(|o| self.record_keyword(o))
            {
                return format!("after {record} definition");
            }
        }
        let (start, boundary) = self.statement_start(prev);
        let start = self.skip_statement_heads(start, prev);
        if let Some(b) = boundary {
            if self.is_punct(b, Punct::LParen) && b > 0 && self.tok(b - 1) == Some(Tok::Kw(Kw::For))
            {
                return "in `for` statement".to_string();
            }
        }
        match self.tok(start) {
            Some(Tok::Kw(Kw::Return)) => "after return statement".to_string(),
            Some(Tok::Kw(Kw::Break)) => "after `break` statement".to_string(),
            Some(Tok::Kw(Kw::Continue)) => "after `continue` statement".to_string(),
            Some(Tok::Kw(Kw::Goto)) => "after `goto` statement".to_string(),
            Some(Tok::Kw(Kw::While)) => "after `do`/`while` loop".to_string(),
            Some(tok) if tok.starts_declaration() => "after declaration".to_string(),
            _ => "after expression".to_string(),
        }
    }

    /// The first token of the innermost statement starting at `start` and
    /// containing `prev`: `if (c)`, `while (c)`, `for (...)`, `switch (c)`,
    /// `else` and `do` are skipped, since the statement missing its `;` is
    /// their body. A `while (c)` ending right at `prev` is the end of a
    /// `do` loop and is kept.
    fn skip_statement_heads(&self, mut start: usize, prev: usize) -> usize {
        while start < prev {
            match self.tok(start) {
                Some(Tok::Kw(Kw::Else | Kw::Do)) => start += 1,
                Some(Tok::Kw(Kw::If | Kw::While | Kw::For | Kw::Switch))
                    if self.is_punct(start + 1, Punct::LParen) =>
                {
                    match self.matching_close(start + 1) {
                        Some(close) if close < prev => start = close + 1,
                        _ => break,
                    }
                }
                _ => break,
            }
        }
        start
    }

    /// Whether `prev` ends the head of a statement that needs a body:
    /// `if (...)`, `while (...)`, `for (...)`, `switch (...)`, `else`, `do`.
    fn needs_body(&self, prev: usize) -> bool {
        match self.tok(prev) {
            Some(Tok::Kw(Kw::Else | Kw::Do)) => true,
            Some(Tok::Punct(Punct::RParen)) => self
                .matching_open(prev)
                .and_then(|o| o.checked_sub(1))
                .and_then(|k| self.tok(k))
                .is_some_and(|t| matches!(t, Tok::Kw(Kw::If | Kw::While | Kw::For | Kw::Switch))),
            _ => false,
        }
    }

    /// `struct`, `union` or `enum` if the `{` at `open` begins such a body.
    fn record_keyword(&self, open: usize) -> Option<&'static str> {
        let keyword = |i: usize| match self.tok(i) {
            Some(Tok::Kw(Kw::Struct)) => Some("struct"),
            Some(Tok::Kw(Kw::Union)) => Some("union"),
            Some(Tok::Kw(Kw::Enum)) => Some("enum"),
            _ => None,
        };
        let before = open.checked_sub(1)?;
        keyword(before).or_else(|| match self.tok(before) {
            Some(Tok::Ident(_)) => keyword(before.checked_sub(1)?),
            _ => None,
        })
    }

    /// The first token of the statement or declaration containing `prev`,
    /// and the unclosed bracket bounding it (if that is what stopped the
    /// search).
    fn statement_start(&self, prev: usize) -> (usize, Option<usize>) {
        let mut j = prev + 1;
        while j > 0 {
            let i = j - 1;
            let tok = self.toks[i];
            if tok == Tok::Punct(Punct::Semi) {
                return (j, None);
            }
            if tok == Tok::Punct(Punct::RBrace) {
                // A block ends the previous statement; a struct body or an
                // initializer list is part of this one.
                match self.matching_open(i) {
                    Some(o) if self.record_keyword(o).is_none() && !self.opens_initializer(o) => {
                        return (j, None);
                    }
                    Some(o) => {
                        j = o;
                        continue;
                    }
                    None => return (j, None),
                }
            }
            if tok.is_closer() {
                match self.matching_open(i) {
                    Some(o) => {
                        j = o;
                        continue;
                    }
                    None => return (j, None),
                }
            }
            if tok.opener().is_some() {
                return (j, Some(i));
            }
            j -= 1;
        }
        (0, None)
    }

    fn opens_initializer(&self, open: usize) -> bool {
        open > 0
            && matches!(
                self.tok(open - 1),
                Some(Tok::Punct(Punct::Eq | Punct::Comma))
            )
    }
}
