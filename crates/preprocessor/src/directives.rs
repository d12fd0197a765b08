//! Preprocessing directives: `#define`, `#undef`, `#include`, the
//! conditional family, `#line`, `#error`, `#warning` and `#pragma`.
//!
//! The engine calls [`Engine::directive`] for every `#` that starts a line
//! in an active group. Skipped groups are read by [`Engine::skip_group`],
//! which only tracks nesting and looks for the directive that ends them.

use crate::codes;
use crate::definitions::Definition;
use crate::engine::{Conditional, Engine};
use crate::expr;
use crate::macros::parse_define;
use crate::token::{Punct, Token, TokenKind};
use crate::{ExtensionPragma, Pragma};
use oclc_diagnostics::{Diagnostic, FileId, Span};
use std::path::{Path, PathBuf};

/// The directives the preprocessor knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Directive {
    Define,
    Undef,
    Include,
    If,
    Ifdef,
    Ifndef,
    Elif,
    /// `#elifdef` (C23, which clang accepts).
    Elifdef,
    /// `#elifndef` (C23).
    Elifndef,
    Else,
    Endif,
    /// `#ident` and `#sccs` (GNU): a version string for the object file,
    /// which has none here; ignored.
    Ident,
    Line,
    Error,
    Warning,
    Pragma,
}

impl Directive {
    fn from_name(name: &str) -> Option<Directive> {
        Some(match name {
            "define" => Directive::Define,
            "undef" => Directive::Undef,
            "include" => Directive::Include,
            "if" => Directive::If,
            "ifdef" => Directive::Ifdef,
            "ifndef" => Directive::Ifndef,
            "elif" => Directive::Elif,
            "elifdef" => Directive::Elifdef,
            "elifndef" => Directive::Elifndef,
            "ident" | "sccs" => Directive::Ident,
            "else" => Directive::Else,
            "endif" => Directive::Endif,
            "line" => Directive::Line,
            "error" => Directive::Error,
            "warning" => Directive::Warning,
            "pragma" => Directive::Pragma,
            _ => return None,
        })
    }
}

/// The span of a directive from its `#` to its last token.
pub(crate) fn line_span(hash: &Token, line: &[Token]) -> Span {
    line.last().map_or(hash.span, |t| hash.span.to(t.span))
}

impl Engine<'_> {
    /// The directive kind named by the first token of a line, if any.
    fn directive_kind(&self, first: Option<&Token>) -> Option<Directive> {
        let first = first.filter(|t| t.kind == TokenKind::Ident)?;
        Directive::from_name(self.out.interner.get(first.sym))
    }

    /// Runs the directive starting with `hash` (in an active group).
    pub(crate) fn directive(&mut self, hash: Token) {
        let line = self.rest_of_line();
        let Some(first) = line.first().copied() else {
            return; // the null directive
        };
        let span = line_span(&hash, &line);
        let args = &line[1..];
        if first.kind == TokenKind::Number {
            // GNU line marker `# 12 "file" flags`.
            self.line_directive(&line, span, true);
            return;
        }
        let Some(kind) = self.directive_kind(Some(&first)) else {
            let text = self.out.interner.get(first.sym).to_string();
            self.out.diagnostics.push(
                Diagnostic::new(
                    &codes::INVALID_DIRECTIVE,
                    format!("invalid preprocessing directive `#{text}`"),
                )
                .with_primary(first.span, "unknown directive"),
            );
            return;
        };
        match kind {
            Directive::Define => self.define(args, span),
            Directive::Undef => self.undef(args, span),
            Directive::Include => self.include(args, span),
            Directive::If => {
                let taking = self.condition(args, span);
                self.open_conditional(span, taking);
            }
            Directive::Ifdef | Directive::Ifndef => {
                let taking = self.ifdef_condition(kind, args, span);
                self.open_conditional(span, taking);
            }
            Directive::Elif | Directive::Elifdef | Directive::Elifndef | Directive::Else => {
                self.else_in_active_group(kind, args, span)
            }
            Directive::Ident => {}
            Directive::Endif => {
                self.extra_tokens("#endif", args);
                self.close_conditional(span);
            }
            Directive::Line => self.line_directive(args, span, false),
            Directive::Error | Directive::Warning => self.message_directive(kind, args, span),
            Directive::Pragma => self.pragma(args, span),
        }
    }

    /// Warns about tokens after the end of a directive.
    fn extra_tokens(&mut self, directive: &str, extra: &[Token]) {
        let (Some(first), Some(last)) = (extra.first(), extra.last()) else {
            return;
        };
        let span = first.span.to(last.span);
        let text = self.sources.snippet(span).to_string();
        self.out.diagnostics.push(
            Diagnostic::new(
                &codes::EXTRA_TOKENS,
                format!("extra tokens at end of `{directive}` directive"),
            )
            .with_primary(span, "ignored")
            .with_fix("turn them into a comment", span, format!("// {text}")),
        );
    }

    // ----- macros -----

    fn define(&mut self, args: &[Token], span: Span) {
        match parse_define(args, span, &self.out.interner, self.known.va_args) {
            Err(diag) => self.out.diagnostics.push(*diag),
            Ok((name, mac)) => {
                if let Some(old) = self.macro_definition(name) {
                    if !old.same_definition(&mac) {
                        let text = self.out.interner.get(name);
                        self.out.diagnostics.push(
                            Diagnostic::new(
                                &codes::MACRO_REDEFINED,
                                format!("macro `{text}` redefined"),
                            )
                            .with_primary(mac.def_span, "redefined here")
                            .with_secondary(old.def_span, "previous definition is here")
                            .with_help(format!(
                                "add `#undef {text}` before this line if the change is intended"
                            )),
                        );
                    }
                }
                self.macros.insert(name, Definition::Parsed(mac.into()));
            }
        }
    }

    fn undef(&mut self, args: &[Token], span: Span) {
        let Some(name) = self.directive_name_operand("#undef", args, span) else {
            return;
        };
        if name.sym == self.known.defined {
            self.out.diagnostics.push(
                Diagnostic::new(&codes::MALFORMED_DEFINE, "`defined` cannot be undefined")
                    .with_primary(name.span, "reserved in preprocessor expressions"),
            );
            return;
        }
        self.macros.remove(&name.sym);
        self.extra_tokens("#undef", &args[1..]);
    }

    /// The macro name operand of `#undef`, `#ifdef`, `#ifndef`.
    fn directive_name_operand(
        &mut self,
        directive: &str,
        args: &[Token],
        span: Span,
    ) -> Option<Token> {
        match args.first() {
            Some(t) if t.kind == TokenKind::Ident => Some(*t),
            other => {
                let at = other.map_or(span, |t| t.span);
                self.out.diagnostics.push(
                    Diagnostic::new(
                        &codes::MALFORMED_DIRECTIVE,
                        format!("macro name missing in `{directive}`"),
                    )
                    .with_primary(at, "expected an identifier"),
                );
                None
            }
        }
    }

    // ----- conditionals -----

    /// Evaluates an `#if`/`#elif` expression; errors count as false.
    fn condition(&mut self, args: &[Token], span: Span) -> bool {
        self.if_expression_failed = false;
        let tokens = self.expand_isolated(args, true);
        if self.if_expression_failed || self.stopped {
            return false;
        }
        let tokens: Vec<Token> = tokens.into_iter().map(|t| t.tok).collect();
        match expr::evaluate(&tokens, &self.out.interner, span) {
            Ok(value) => value,
            Err(diag) => {
                self.out.diagnostics.push(*diag);
                false
            }
        }
    }

    fn ifdef_condition(&mut self, kind: Directive, args: &[Token], span: Span) -> bool {
        let directive = if kind == Directive::Ifdef {
            "#ifdef"
        } else {
            "#ifndef"
        };
        let Some(name) = self.directive_name_operand(directive, args, span) else {
            return false;
        };
        self.extra_tokens(directive, &args[1..]);
        self.is_defined_name(name.sym) == (kind == Directive::Ifdef)
    }

    /// Opens an `#if` group; skips it unless `taking`.
    fn open_conditional(&mut self, span: Span, taking: bool) {
        let limit = self.config.limits.conditional_depth;
        if self.conditional_depth >= limit {
            self.limit_exceeded(
                Some(span),
                format!("`#if` nested more than {limit} deep"),
                "preprocessing stops here".into(),
            );
            return;
        }
        let Some(file) = self.files.last_mut() else {
            return;
        };
        file.conditionals.push(Conditional {
            span,
            taken: taking,
            seen_else: false,
        });
        self.conditional_depth += 1;
        if !taking {
            self.skip_group();
        }
    }

    /// `#endif`: closes the innermost conditional of the current file.
    fn close_conditional(&mut self, span: Span) {
        let popped = self.files.last_mut().and_then(|f| f.conditionals.pop());
        if popped.is_some() {
            self.conditional_depth = self.conditional_depth.saturating_sub(1);
        } else {
            self.unbalanced(span, "`#endif` without `#if`");
        }
    }

    fn unbalanced(&mut self, span: Span, message: &str) {
        self.out.diagnostics.push(
            Diagnostic::new(&codes::UNBALANCED_CONDITIONAL, message)
                .with_primary(span, "no matching `#if` in this file"),
        );
    }

    /// `#elif`/`#else` reached while including a group: the rest of the
    /// chain is skipped.
    fn else_in_active_group(&mut self, kind: Directive, args: &[Token], span: Span) {
        let Some(cond) = self
            .files
            .last_mut()
            .and_then(|f| f.conditionals.last_mut())
        else {
            let message = match kind {
                Directive::Else => "`#else` without `#if`",
                Directive::Elifdef => "`#elifdef` without `#if`",
                Directive::Elifndef => "`#elifndef` without `#if`",
                _ => "`#elif` without `#if`",
            };
            self.unbalanced(span, message);
            return;
        };
        let previous_else = cond.seen_else.then_some(cond.span);
        if kind == Directive::Else {
            cond.seen_else = true;
        }
        if let Some(previous) = previous_else {
            self.after_else(kind, span, previous);
        }
        if kind == Directive::Else {
            self.extra_tokens("#else", args);
        }
        self.skip_group();
    }

    fn after_else(&mut self, kind: Directive, span: Span, previous: Span) {
        let what = if kind == Directive::Else {
            "`#else` after `#else`"
        } else {
            "`#elif` after `#else`"
        };
        self.out.diagnostics.push(
            Diagnostic::new(&codes::UNBALANCED_CONDITIONAL, what)
                .with_primary(span, "not allowed here")
                .with_secondary(previous, "the conditional this belongs to"),
        );
    }

    /// Skips lines until the directive that ends the current group: an
    /// `#endif`, or an `#elif`/`#else` that selects the next group.
    pub(crate) fn skip_group(&mut self) {
        self.set_quiet(true);
        let mut nested = 0u64;
        while let Some(tok) = self.lex_raw() {
            if !(tok.start_of_line && tok.kind == TokenKind::Punct(Punct::Hash)) {
                continue;
            }
            let line = self.rest_of_line();
            let kind = self.directive_kind(line.first());
            let args = line.get(1..).unwrap_or_default();
            let span = line_span(&tok, &line);
            match kind {
                Some(Directive::If | Directive::Ifdef | Directive::Ifndef) => nested += 1,
                Some(Directive::Endif) if nested > 0 => nested -= 1,
                Some(Directive::Endif) => {
                    self.set_quiet(false);
                    self.extra_tokens("#endif", args);
                    self.close_conditional(span);
                    return;
                }
                Some(
                    kind @ (Directive::Elif
                    | Directive::Elifdef
                    | Directive::Elifndef
                    | Directive::Else),
                ) if nested == 0 => {
                    let Some(cond) = self
                        .files
                        .last()
                        .and_then(|f| f.conditionals.last())
                        .copied()
                    else {
                        continue;
                    };
                    if cond.seen_else {
                        self.after_else(kind, span, cond.span);
                        continue;
                    }
                    if cond.taken {
                        if kind == Directive::Else {
                            self.mark_else();
                        }
                        continue;
                    }
                    self.set_quiet(false);
                    let taking = match kind {
                        Directive::Else => {
                            self.mark_else();
                            self.extra_tokens("#else", args);
                            true
                        }
                        Directive::Elifdef => self.ifdef_condition(Directive::Ifdef, args, span),
                        Directive::Elifndef => self.ifdef_condition(Directive::Ifndef, args, span),
                        _ => self.condition(args, span),
                    };
                    if taking {
                        if let Some(cond) = self
                            .files
                            .last_mut()
                            .and_then(|f| f.conditionals.last_mut())
                        {
                            cond.taken = true;
                        }
                        return;
                    }
                    self.set_quiet(true);
                }
                _ => {}
            }
        }
        self.set_quiet(false);
    }

    fn mark_else(&mut self) {
        if let Some(cond) = self
            .files
            .last_mut()
            .and_then(|f| f.conditionals.last_mut())
        {
            cond.seen_else = true;
        }
    }

    fn set_quiet(&mut self, quiet: bool) {
        if let Some(file) = self.files.last_mut() {
            file.lex.quiet = quiet;
        }
    }

    // ----- #include -----

    fn include(&mut self, args: &[Token], span: Span) {
        let Some((name, angled, used)) = self.header_name(args) else {
            self.out.diagnostics.push(
                Diagnostic::new(
                    &codes::MALFORMED_DIRECTIVE,
                    "expected `\"FILENAME\"` or `<FILENAME>` after `#include`",
                )
                .with_primary(span, "no file name"),
            );
            return;
        };
        self.extra_tokens("#include", args.get(used..).unwrap_or_default());
        let Some((path, file)) = self.find_include(&name, angled, span) else {
            return;
        };
        if self.once_files.contains(&file) {
            return;
        }
        let limit = self.config.limits.include_depth;
        if self.files.len() > limit as usize {
            let diag = Diagnostic::new(&codes::INCLUDE_DEPTH, "`#include` nested too deeply")
                .with_primary(span, format!("more than {limit} nested includes"))
                .with_note(self.include_chain())
                .with_help("add `#pragma once` or an include guard to the header");
            self.stop_with(diag);
            return;
        }
        self.push_file(file, Some(path));
    }

    /// The include chain for the depth error note, shortened in the middle.
    fn include_chain(&self) -> String {
        let names: Vec<&str> = self
            .files
            .iter()
            .map(|f| self.sources.file(f.lex.file).name())
            .collect();
        let shown: Vec<String> = if names.len() > 8 {
            let mut v: Vec<String> = names[..4].iter().map(|s| s.to_string()).collect();
            v.push(format!("… ({} more) …", names.len() - 7));
            v.extend(names[names.len() - 3..].iter().map(|s| s.to_string()));
            v
        } else {
            names.iter().map(|s| s.to_string()).collect()
        };
        format!("include chain: {}", shown.join(" → "))
    }

    /// The file name of an `#include`: its text, whether it was `<...>`,
    /// and how many tokens it used. Macro-expands the line when needed.
    fn header_name(&mut self, args: &[Token]) -> Option<(String, bool, usize)> {
        let first = args.first()?;
        if first.kind == TokenKind::StringLit {
            let text = self.out.interner.get(first.sym);
            let inner = text.strip_prefix('"')?.strip_suffix('"')?;
            return Some((inner.to_string(), false, 1));
        }
        if first.kind == TokenKind::Punct(Punct::Lt) {
            let close = args
                .iter()
                .position(|t| t.kind == TokenKind::Punct(Punct::Gt))?;
            let end = args.get(close)?.span;
            let inner = Span::new(first.span.file, first.span.end, end.start);
            return Some((self.sources.snippet(inner).to_string(), true, close + 1));
        }
        if first.kind != TokenKind::Ident {
            return None;
        }
        let expanded = self.expand_isolated(args, false);
        let first = expanded.first()?.tok;
        if first.kind == TokenKind::StringLit {
            let text = self.out.interner.get(first.sym);
            let inner = text.strip_prefix('"')?.strip_suffix('"')?;
            return Some((inner.to_string(), false, args.len()));
        }
        if first.kind != TokenKind::Punct(Punct::Lt) {
            return None;
        }
        let mut name = String::new();
        for (k, t) in expanded.iter().enumerate().skip(1) {
            if t.is(Punct::Gt) {
                return Some((name, true, args.len()));
            }
            if k > 1 && t.tok.leading_space {
                name.push(' ');
            }
            name.push_str(self.out.interner.get(t.tok.sym));
        }
        None
    }

    /// Finds an included file: the includer's directory (for `"..."`),
    /// then the `-I` directories.
    pub(crate) fn find_include(
        &mut self,
        name: &str,
        angled: bool,
        span: Span,
    ) -> Option<(PathBuf, FileId)> {
        let mut candidates: Vec<PathBuf> = Vec::new();
        if Path::new(name).is_absolute() {
            candidates.push(PathBuf::from(name));
        } else {
            if !angled {
                let dir = self
                    .files
                    .last()
                    .and_then(|f| f.path.as_ref())
                    .and_then(|p| p.parent())
                    .map(Path::to_path_buf)
                    .unwrap_or_default();
                candidates.push(dir.join(name));
            }
            candidates.extend(self.config.include_dirs.iter().map(|d| d.join(name)));
        }
        for candidate in &candidates {
            let key = normalize(candidate);
            if let Some(&id) = self.loaded.get(&key) {
                return Some((key, id));
            }
            match self.loader.load(&key) {
                Ok(text) => {
                    let (text, replaced) = match crate::trigraphs::replace(&text) {
                        Some((converted, replaced)) => (converted, replaced),
                        None => (text, Vec::new()),
                    };
                    let id = self.sources.add(key.display().to_string(), text);
                    self.out
                        .diagnostics
                        .extend(crate::trigraphs::warnings(id, &replaced));
                    self.loaded.insert(key.clone(), id);
                    return Some((key, id));
                }
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
                Err(e) => {
                    self.out.diagnostics.push(
                        Diagnostic::new(
                            &codes::INCLUDE_NOT_FOUND,
                            format!("cannot read `{}`: {e}", key.display()),
                        )
                        .with_primary(span, "included here"),
                    );
                    return None;
                }
            }
        }
        let (open, close) = if angled { ('<', '>') } else { ('"', '"') };
        let mut diag = Diagnostic::new(
            &codes::INCLUDE_NOT_FOUND,
            format!("file `{name}` not found"),
        )
        .with_primary(span, "included here");
        diag = if candidates.is_empty() {
            diag.with_note(format!(
                "`#include {open}{name}{close}` searches only the `-I` directories, and none were given"
            ))
        } else {
            let tried: Vec<String> = candidates.iter().map(|c| c.display().to_string()).collect();
            diag.with_note(format!("looked for: {}", tried.join(", ")))
        };
        if angled {
            diag = diag.with_help("add the directory holding the file with `-I`");
        }
        self.out.diagnostics.push(diag);
        None
    }

    // ----- #line, #error, #warning -----

    /// `#line N ["file"]` (or a `# N "file"` marker): sets the presumed
    /// line of the next line.
    fn line_directive(&mut self, args: &[Token], span: Span, marker: bool) {
        let expanded: Vec<Token> = if args.first().is_some_and(|t| t.kind == TokenKind::Number) {
            args.to_vec()
        } else {
            self.expand_isolated(args, false)
                .into_iter()
                .map(|t| t.tok)
                .collect()
        };
        let number = expanded
            .first()
            .filter(|t| t.kind == TokenKind::Number)
            .and_then(|t| self.out.interner.get(t.sym).parse::<u32>().ok());
        let Some(number) = number else {
            self.out.diagnostics.push(
                Diagnostic::new(
                    &codes::MALFORMED_DIRECTIVE,
                    "`#line` requires a positive decimal line number",
                )
                .with_primary(span, "in this directive"),
            );
            return;
        };
        let name = match expanded.get(1) {
            Some(t) if t.kind == TokenKind::StringLit => {
                let text = self.out.interner.get(t.sym);
                text.strip_prefix('"')
                    .and_then(|s| s.strip_suffix('"'))
                    .map(str::to_string)
            }
            Some(t) if !marker => {
                self.out.diagnostics.push(
                    Diagnostic::new(
                        &codes::MALFORMED_DIRECTIVE,
                        "invalid file name in `#line` directive",
                    )
                    .with_primary(t.span, "expected a string literal"),
                );
                return;
            }
            _ => None,
        };
        if !marker {
            let used = if name.is_some() { 2 } else { 1 };
            if expanded.len() > used && args.first().is_some_and(|t| t.kind == TokenKind::Number) {
                self.extra_tokens("#line", &args[used.min(args.len())..]);
            }
        }
        let physical_next = self.sources.line_col(span.end_point()).line + 1;
        // Diagnostics report presumed locations too, as clang does.
        self.sources.add_line_directive(
            span.file,
            physical_next.saturating_sub(1),
            number,
            name.clone(),
        );
        if let Some(file) = self.files.last_mut() {
            file.line_delta = i64::from(number) - i64::from(physical_next);
            if name.is_some() {
                file.presumed_name = name;
            }
        }
    }

    fn message_directive(&mut self, kind: Directive, args: &[Token], span: Span) {
        let text = match (args.first(), args.last()) {
            (Some(first), Some(last)) => self.sources.snippet(first.span.to(last.span)).to_string(),
            _ => String::new(),
        };
        let diag = if kind == Directive::Error {
            let message = if text.is_empty() {
                "`#error` directive".to_string()
            } else {
                text
            };
            Diagnostic::new(&codes::ERROR_DIRECTIVE, message).with_primary(span, "`#error` here")
        } else {
            let message = if text.is_empty() {
                "`#warning` directive".to_string()
            } else {
                text
            };
            Diagnostic::new(&codes::WARNING_DIRECTIVE, message)
                .with_primary(span, "`#warning` here")
        };
        self.out.diagnostics.push(diag);
    }

    // ----- #pragma -----

    fn pragma(&mut self, args: &[Token], span: Span) {
        let words: Vec<&str> = args.iter().map(|t| self.out.interner.get(t.sym)).collect();
        match words.as_slice() {
            ["once", ..] => {
                if let Some(file) = self.files.last() {
                    self.once_files.insert(file.lex.file);
                }
                self.extra_tokens("#pragma once", &args[1..]);
                return;
            }
            ["OPENCL", "EXTENSION", ..] => self.extension_pragma(args, span),
            [first, ..] if crate::loop_pragma::is_loop_pragma(first) => {
                self.loop_pragma(args, span);
            }
            _ => {}
        }
        let text = match (args.first(), args.last()) {
            (Some(first), Some(last)) => self.sources.snippet(first.span.to(last.span)),
            _ => "",
        };
        self.out.pragmas.push(Pragma {
            text: format!("#pragma {text}"),
            span,
            token_index: self.out.tokens.len() as u32,
        });
    }

    /// `#pragma OPENCL EXTENSION name : enable|disable`.
    fn extension_pragma(&mut self, args: &[Token], span: Span) {
        let words: Vec<&str> = args.iter().map(|t| self.out.interner.get(t.sym)).collect();
        let parsed = match words.as_slice() {
            [_, _, _, ":", "enable"] => Some(true),
            [_, _, _, ":", "disable"] => Some(false),
            _ => None,
        };
        let name = args.get(2).filter(|t| t.kind == TokenKind::Ident);
        match (parsed, name) {
            (Some(enable), Some(name)) => self.out.extension_pragmas.push(ExtensionPragma {
                name: name.sym,
                enable,
                span,
                token_index: self.out.tokens.len() as u32,
            }),
            _ => self.out.diagnostics.push(
                Diagnostic::new(
                    &codes::MALFORMED_PRAGMA,
                    "malformed `#pragma OPENCL EXTENSION`; ignoring pragma",
                )
                .with_primary(
                    span,
                    "expected `#pragma OPENCL EXTENSION name : enable` or `: disable`",
                ),
            ),
        }
    }
}

/// `path` without `.` components, for comparing include paths.
fn normalize(path: &Path) -> PathBuf {
    let normal: PathBuf = path
        .components()
        .filter(|c| !matches!(c, std::path::Component::CurDir))
        .collect();
    if normal.as_os_str().is_empty() {
        path.to_path_buf()
    } else {
        normal
    }
}
