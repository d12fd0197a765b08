//! `oclc -E`: preprocessed tokens back to text.
//!
//! Tokens are printed with a space where white space preceded them and on
//! a new line where a source line started. Small forward jumps within a
//! file become blank lines; anything else (another file, a jump backwards
//! or by more than [`MAX_BLANK_LINES`]) gets a clang-style line marker
//! `# <line> "<file>"`. Pragmas other than `once` are printed where they
//! appeared. A space is inserted between adjacent tokens that would
//! otherwise run together into different tokens (e.g. `+` `+`).

use crate::lexer::lex_single;
use crate::token::TokenKind;
use crate::Preprocessed;
use oclc_diagnostics::{FileId, SourceMap, Span};
use std::fmt::Write;

/// The largest line jump printed as blank lines rather than a marker.
pub const MAX_BLANK_LINES: u32 = 8;

/// The text `oclc -E` prints for `pp`.
pub fn print(pp: &Preprocessed, sources: &SourceMap) -> String {
    let mut printer = Printer {
        sources,
        text: String::new(),
        position: None,
        previous: None,
        closed: false,
    };
    let mut pragmas = pp.pragmas.iter().peekable();
    for (index, tok) in pp.tokens.iter().enumerate() {
        while let Some(pragma) = pragmas.next_if(|p| p.token_index as usize <= index) {
            printer.line(pragma.text.as_str(), pragma.span);
        }
        let spelling = pp.interner.get(tok.sym);
        if tok.start_of_line || printer.position.is_none() || printer.closed {
            printer.start_line(tok.span);
            printer.indent(tok.span);
        } else if tok.leading_space || printer.would_merge(spelling, tok.kind) {
            printer.text.push(' ');
        }
        printer.text.push_str(spelling);
        printer.previous = Some((spelling, tok.kind));
    }
    for pragma in pragmas {
        printer.line(pragma.text.as_str(), pragma.span);
    }
    if !printer.text.is_empty() && !printer.text.ends_with('\n') {
        printer.text.push('\n');
    }
    printer.text
}

struct Printer<'a> {
    sources: &'a SourceMap,
    text: String,
    /// The file and line the output is at.
    position: Option<(FileId, u32)>,
    /// The last token printed on the current line.
    previous: Option<(&'a str, TokenKind)>,
    /// Whether the current line is a pragma, which nothing may follow.
    closed: bool,
}

impl<'a> Printer<'a> {
    /// Moves the output to the line of `span`, by newlines or a marker.
    fn start_line(&mut self, span: Span) {
        let Some(file) = self.sources.get(span.file) else {
            self.newline();
            return;
        };
        let line = file.line_col(span.start).line;
        // A token on a pragma's own line (from `_Pragma`) needs a marker
        // to keep its line number.
        let same_line_after_pragma =
            std::mem::take(&mut self.closed) && self.position == Some((span.file, line));
        match self.position {
            Some((f, l))
                if f == span.file
                    && line >= l
                    && line - l <= MAX_BLANK_LINES
                    && !same_line_after_pragma =>
            {
                for _ in 0..(line - l).max(1) {
                    self.text.push('\n');
                }
            }
            _ => {
                self.newline();
                let _ = writeln!(self.text, "# {line} \"{}\"", file.name().escape_default());
            }
        }
        self.position = Some((span.file, line));
        self.previous = None;
    }

    /// Indents a line like its first token was in the source (as
    /// `clang -E` does), so the output stays readable.
    fn indent(&mut self, span: Span) {
        if let Some(file) = self.sources.get(span.file) {
            let column = file.line_col(span.start).column as usize;
            self.text
                .extend(std::iter::repeat_n(' ', column.saturating_sub(1)));
        }
    }

    /// Ends the current line if it is not empty.
    fn newline(&mut self) {
        if !self.text.is_empty() && !self.text.ends_with('\n') {
            self.text.push('\n');
        }
    }

    /// Prints a whole line (a pragma) at the position of `span`. The line
    /// is closed: a token after it (from `_Pragma` inside a line) starts a
    /// new line with a line marker, so it cannot become part of the pragma.
    fn line(&mut self, text: &str, span: Span) {
        self.start_line(span);
        self.text.push_str(text);
        self.closed = true;
    }

    /// Whether printing `next` right after the previous token would lex
    /// differently.
    fn would_merge(&self, next: &str, kind: TokenKind) -> bool {
        let Some((prev, prev_kind)) = self.previous else {
            return false;
        };
        let (Some(last), Some(first)) = (prev.chars().last(), next.chars().next()) else {
            return false;
        };
        let word = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '.';
        if word(last) && word(first) {
            return true;
        }
        if matches!((last, first), ('/', '/' | '*')) {
            return true;
        }
        match (prev_kind, kind) {
            (TokenKind::Punct(_), TokenKind::Punct(_)) => {
                lex_single(&format!("{prev}{next}")).is_some()
                    || lex_single(&format!("{last}{first}")).is_some()
            }
            (TokenKind::Number, _) => {
                matches!(first, '+' | '-') && matches!(last, 'e' | 'E' | 'p' | 'P')
            }
            _ => false,
        }
    }
}
