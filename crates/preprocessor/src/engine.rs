//! The preprocessing engine: the stack of open files, reading tokens with
//! directives applied, and macro expansion as an explicit machine.
//!
//! Expansion never recurses on the Rust stack. Each [`Frame`] is one token
//! list being expanded: frame 0 reads the source files; a function-like
//! invocation whose arguments need pre-expansion parks itself in its frame
//! and pushes a child frame per argument (C99 6.10.3.1: arguments are fully
//! expanded "as if they formed the rest of the preprocessing file"). When a
//! child frame runs dry its output is handed back, and after the last
//! argument the replacement is computed and pushed back onto the parent's
//! input for rescanning. Directives live in [`crate::directives`].

use crate::codes;
use crate::definitions::Definition;
use crate::lexer::{LexState, Lexer};
use crate::macros::{substitute, BuiltinMacro, HideSets, Invocation, Macro, MacroKind, PpToken};
use crate::token::{Expansion, ExpansionId, Punct, Token, TokenKind};
use crate::{Config, FileLoader, Pragma, Preprocessed};
use oclc_diagnostics::{Diagnostic, FileId, SourceMap, Span};
use rustc_hash::{FxHashMap, FxHashSet};
use std::path::PathBuf;
use std::rc::Rc;

/// Maximum nesting of macro invocations inside macro arguments (each level
/// is a frame). Deeper nesting is a limit error, not a stack overflow.
const MAX_FRAMES: usize = 10_000;

/// Maximum parenthesis nesting inside one macro invocation's arguments
/// (clang's default bracket depth). Each nested invocation rescans its
/// arguments, so without this bound `F(F(F(...)))` costs time quadratic in
/// its length before any other limit is reached.
const MAX_ARGUMENT_NESTING: u32 = 256;

/// How many tokens macro expansion may copy per allowed output token
/// (arguments are copied for pre-expansion and substitution, and
/// expansions may produce nothing).
const WORK_PER_OUTPUT_TOKEN: u64 = 2;

/// Tokens an invocation's argument collection copies between two checks of
/// the work budget.
const WORK_CHUNK: usize = 4096;

/// An open `#if` group in a file.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Conditional {
    /// The opening directive.
    pub(crate) span: Span,
    /// Whether some group of this `#if` chain was (or is being) included.
    pub(crate) taken: bool,
    /// Whether `#else` was seen.
    pub(crate) seen_else: bool,
}

/// A file being read (its text is read from the source map).
pub(crate) struct OpenFile {
    /// Where its lexer is.
    pub(crate) lex: LexState,
    /// A token read ahead (the first token of the line after a directive).
    pub(crate) peeked: Option<Token>,
    /// Open conditionals, innermost last.
    pub(crate) conditionals: Vec<Conditional>,
    /// `#line` adjustment: presumed line minus physical line.
    pub(crate) line_delta: i64,
    /// `#line`'s file name, if any.
    pub(crate) presumed_name: Option<String>,
    /// The path it was loaded from (for relative includes), if a real file.
    pub(crate) path: Option<PathBuf>,
}

/// A function-like invocation waiting for its arguments to be expanded.
struct PendingCall {
    mac: Rc<Macro>,
    name: PpToken,
    rparen: PpToken,
    args: Vec<Vec<PpToken>>,
    expanded: Vec<Option<Vec<PpToken>>>,
    /// The argument currently being expanded in the child frame.
    current: usize,
}

/// One token list under expansion.
pub(crate) struct Frame {
    /// Tokens still to scan, next last.
    input: Vec<PpToken>,
    /// Fully expanded tokens (unused by frame 0, which emits directly).
    output: Vec<PpToken>,
    /// The invocation waiting on the child frame.
    call: Option<PendingCall>,
    /// Whether the frame continues into the source files (frame 0 only).
    reads_source: bool,
    /// Whether `defined` is an operator (`#if` expressions).
    if_expression: bool,
}

impl Frame {
    fn isolated(tokens: Vec<PpToken>, if_expression: bool) -> Self {
        let mut input = tokens;
        input.reverse();
        Frame {
            input,
            output: Vec::new(),
            call: None,
            reads_source: false,
            if_expression,
        }
    }
}

/// Frequently compared symbols.
pub(crate) struct KnownSymbols {
    pub(crate) defined: crate::Symbol,
    pub(crate) va_args: crate::Symbol,
}

/// The whole preprocessor state for one translation unit.
pub(crate) struct Engine<'a> {
    pub(crate) sources: &'a mut SourceMap,
    pub(crate) config: &'a Config,
    pub(crate) loader: &'a dyn FileLoader,
    pub(crate) out: Preprocessed,
    /// Every defined macro (see [`crate::definitions`]).
    pub(crate) macros: FxHashMap<crate::Symbol, Definition>,
    pub(crate) hidesets: HideSets,
    /// Open files, innermost last.
    pub(crate) files: Vec<OpenFile>,
    frames: Vec<Frame>,
    /// Files with `#pragma once`.
    pub(crate) once_files: FxHashSet<FileId>,
    /// The next value of `__COUNTER__`.
    counter: u64,
    /// The tokens of a `_Pragma ( "…" )` operator read so far at the top
    /// level (see [`Engine::pragma_operator`]).
    held: Vec<PpToken>,
    /// Files already read, by normalized path.
    pub(crate) loaded: FxHashMap<PathBuf, FileId>,
    /// Open conditionals over all files.
    pub(crate) conditional_depth: u32,
    expansion_count: u64,
    /// Tokens copied during expansion (bounds the work of huge expansions).
    work: u64,
    /// Set after a limit error: everything winds down without output.
    pub(crate) stopped: bool,
    /// Set when a `defined` operator was malformed in the current `#if`.
    pub(crate) if_expression_failed: bool,
    pub(crate) known: KnownSymbols,
}

impl<'a> Engine<'a> {
    /// An engine with no open files.
    pub(crate) fn new(
        sources: &'a mut SourceMap,
        config: &'a Config,
        loader: &'a dyn FileLoader,
    ) -> Self {
        let mut interner = crate::lexer::new_interner();
        let known = KnownSymbols {
            defined: interner.intern("defined"),
            va_args: interner.intern("__VA_ARGS__"),
        };
        Engine {
            sources,
            config,
            loader,
            out: Preprocessed {
                interner,
                ..Preprocessed::default()
            },
            macros: FxHashMap::default(),
            hidesets: HideSets::new(),
            files: Vec::new(),
            frames: Vec::new(),
            once_files: FxHashSet::default(),
            counter: 0,
            held: Vec::new(),
            loaded: FxHashMap::default(),
            conditional_depth: 0,
            expansion_count: 0,
            work: 0,
            stopped: false,
            if_expression_failed: false,
            known,
        }
    }

    /// Opens `file` for reading on top of the file stack.
    pub(crate) fn push_file(&mut self, file: FileId, path: Option<PathBuf>) {
        self.files.push(OpenFile {
            lex: LexState::start(file),
            peeked: None,
            conditionals: Vec::new(),
            line_delta: 0,
            presumed_name: None,
            path,
        });
    }

    /// Runs to the end of all open files and returns the result.
    pub(crate) fn run(mut self) -> Preprocessed {
        self.frames.push(Frame {
            input: Vec::new(),
            output: Vec::new(),
            call: None,
            reads_source: true,
            if_expression: false,
        });
        self.run_frames(0);
        // An unfinished `_Pragma` at the end is ordinary tokens.
        for tok in std::mem::take(&mut self.held) {
            self.push_output(tok);
        }
        self.out.stopped = self.stopped;
        self.out.cut_short = self.stopped
            || self.out.diagnostics.iter().any(|d| {
                std::ptr::eq(d.code, &codes::UNTERMINATED_COMMENT)
                    || std::ptr::eq(d.code, &codes::UNTERMINATED_MACRO_CALL)
            });
        self.out
    }

    /// Reports a resource limit and stops preprocessing.
    pub(crate) fn limit_exceeded(&mut self, span: Option<Span>, message: String, note: String) {
        let mut diag = Diagnostic::new(&codes::LIMIT_EXCEEDED, message).with_note(note);
        if let Some(span) = span {
            diag = diag.with_primary(span, "limit reached here");
        }
        self.stop_with(diag);
    }

    /// Reports `diag` and stops preprocessing (only the first such error is
    /// reported).
    pub(crate) fn stop_with(&mut self, diag: Diagnostic) {
        if !self.stopped {
            self.stopped = true;
            self.out.diagnostics.push(diag);
        }
    }

    // ----- reading the source -----

    /// The next token of the innermost file as lexed, or `None` at its end
    /// (or after a limit error).
    pub(crate) fn lex_raw(&mut self) -> Option<Token> {
        if self.stopped {
            return None;
        }
        let file = self.files.last_mut()?;
        if let Some(tok) = file.peeked.take() {
            return Some(tok);
        }
        let text = self.sources.get(file.lex.file).map_or("", |f| f.text());
        let mut lexer = Lexer::resume(text, file.lex);
        let tok = lexer.next_token(&mut self.out.interner, &mut self.out.diagnostics);
        file.lex = lexer.state();
        tok
    }

    /// The rest of the current directive line.
    pub(crate) fn rest_of_line(&mut self) -> Vec<Token> {
        let mut line = Vec::new();
        while let Some(tok) = self.lex_raw() {
            if tok.start_of_line {
                if let Some(file) = self.files.last_mut() {
                    file.peeked = Some(tok);
                }
                break;
            }
            line.push(tok);
        }
        line
    }

    /// The next source token after directives. At the end of a file, pops
    /// it and continues in the includer when `cross_files`, else returns
    /// `None` (macro arguments do not span files).
    fn next_source_token(&mut self, cross_files: bool) -> Option<Token> {
        loop {
            match self.lex_raw() {
                Some(tok) if tok.start_of_line && tok.kind == TokenKind::Punct(Punct::Hash) => {
                    self.directive(tok);
                }
                Some(tok) => return Some(tok),
                None if self.stopped || !cross_files || self.files.is_empty() => return None,
                None => self.close_file(),
            }
        }
    }

    /// Closes the innermost file, reporting unterminated conditionals.
    fn close_file(&mut self) {
        let Some(file) = self.files.pop() else {
            return;
        };
        for cond in file.conditionals.iter().rev() {
            self.conditional_depth = self.conditional_depth.saturating_sub(1);
            self.out.diagnostics.push(
                Diagnostic::new(
                    &codes::UNBALANCED_CONDITIONAL,
                    "unterminated conditional directive",
                )
                .with_primary(cond.span, "this conditional is never closed")
                .with_help("add `#endif` before the end of the file"),
            );
        }
    }

    // ----- the expansion machine -----

    fn next_in_frame(&mut self, depth: usize, cross_files: bool) -> Option<PpToken> {
        let frame = self.frames.get_mut(depth)?;
        if let Some(tok) = frame.input.pop() {
            return Some(tok);
        }
        if frame.reads_source {
            return self.next_source_token(cross_files).map(PpToken::new);
        }
        None
    }

    fn push_back(&mut self, depth: usize, tok: PpToken) {
        if let Some(frame) = self.frames.get_mut(depth) {
            frame.input.push(tok);
        }
    }

    /// Expands `tokens` completely, in isolation (for `#if`, `#include`,
    /// `#line`).
    pub(crate) fn expand_isolated(
        &mut self,
        tokens: &[Token],
        if_expression: bool,
    ) -> Vec<PpToken> {
        let base = self.frames.len();
        let tokens = tokens.iter().copied().map(PpToken::new).collect();
        self.frames.push(Frame::isolated(tokens, if_expression));
        self.run_frames(base);
        let output = self
            .frames
            .get_mut(base)
            .map(|f| std::mem::take(&mut f.output))
            .unwrap_or_default();
        self.frames.truncate(base);
        output
    }

    /// Runs frames until the frame at `base` has no more input.
    fn run_frames(&mut self, base: usize) {
        while self.frames.len() > base && !self.stopped {
            let depth = self.frames.len() - 1;
            match self.next_in_frame(depth, true) {
                Some(tok) => self.scan(depth, tok),
                None if depth == base => return,
                None => {
                    let child = self.frames.pop().map(|f| f.output).unwrap_or_default();
                    self.argument_expanded(depth - 1, child);
                }
            }
        }
    }

    /// Handles one token read in frame `depth`: expands it or outputs it.
    fn scan(&mut self, depth: usize, tok: PpToken) {
        if tok.tok.kind == TokenKind::Ident {
            let if_expression = self.frames.get(depth).is_some_and(|f| f.if_expression);
            if if_expression && tok.tok.sym == self.known.defined {
                self.defined_operator(depth, tok);
                return;
            }
            if if_expression {
                if let Some(query) = HasQuery::of(self.out.interner.get(tok.tok.sym)) {
                    self.has_operator(depth, tok, query);
                    return;
                }
            }
            if let Some(definition) = self.macros.get(&tok.tok.sym) {
                if !self.hidesets.contains(tok.hs, tok.tok.sym) {
                    let definition = definition.clone();
                    if let Some(mac) = self.parsed_definition(tok.tok.sym, definition) {
                        self.invoke(depth, tok, mac);
                        return;
                    }
                }
            }
        }
        self.emit(depth, tok);
    }

    /// Outputs a fully expanded token from frame `depth`.
    #[inline]
    fn emit(&mut self, depth: usize, tok: PpToken) {
        if depth > 0 {
            if let Some(frame) = self.frames.get_mut(depth) {
                frame.output.push(tok);
            }
            return;
        }
        if !self.pragma_operator(&tok) {
            self.push_output(tok);
        }
    }

    /// Reads the C99 `_Pragma ( "string" )` operator out of the top-level
    /// output, after macro expansion (so macros may produce it): its tokens
    /// are held until the `)`, then dropped and recorded as the pragma the
    /// string spells (clang's pragmas such as `unroll` change nothing
    /// here). Returns whether `tok` was taken; tokens that turn out not to
    /// form the operator are output as they were.
    fn pragma_operator(&mut self, tok: &PpToken) -> bool {
        let stage = self.held.len();
        let fits = match stage {
            0 => {
                tok.tok.kind == TokenKind::Ident && self.out.interner.get(tok.tok.sym) == "_Pragma"
            }
            1 => tok.is(Punct::LParen),
            2 => tok.tok.kind == TokenKind::StringLit,
            _ => tok.is(Punct::RParen),
        };
        if fits && stage < 3 {
            self.held.push(*tok);
            return true;
        }
        if fits {
            let literal = self.out.interner.get(self.held[2].tok.sym);
            let body = literal
                .trim_start_matches('L')
                .trim_matches('"')
                .replace("\\\"", "\"")
                .replace("\\\\", "\\");
            let span = self.held[0].tok.span.to(tok.tok.span);
            self.held.clear();
            if body
                .split_whitespace()
                .next()
                .is_some_and(crate::loop_pragma::is_loop_pragma)
            {
                self.loop_pragma_operator(&body, span);
            }
            self.out.pragmas.push(Pragma {
                text: format!("#pragma {body}"),
                span,
                token_index: self.out.tokens.len() as u32,
            });
            return true;
        }
        if stage == 0 {
            return false;
        }
        for held in std::mem::take(&mut self.held) {
            self.push_output(held);
        }
        self.pragma_operator(tok)
    }

    /// Appends a token to the preprocessor's output.
    fn push_output(&mut self, tok: PpToken) {
        let limit = self.config.limits.output_tokens;
        if self.out.tokens.len() as u64 >= limit {
            self.limit_exceeded(
                Some(tok.tok.span),
                format!("preprocessing produced more than {limit} tokens"),
                "the output is truncated here".into(),
            );
            return;
        }
        if let Some(expansion) = tok
            .tok
            .expansion
            .and_then(|id| self.out.expansions.get_mut(id.0 as usize))
        {
            expansion.produced_tokens = true;
        }
        self.out.tokens.push(tok.tok);
    }

    /// `defined NAME` or `defined ( NAME )` in an `#if` expression.
    fn defined_operator(&mut self, depth: usize, op: PpToken) {
        let mut span = op.tok.span;
        let mut next = self.next_in_frame(depth, false);
        let parenthesized = next.is_some_and(|t| t.is(Punct::LParen));
        if parenthesized {
            next = self.next_in_frame(depth, false);
        }
        let name = match next {
            Some(t) if t.tok.kind == TokenKind::Ident => t,
            other => {
                let at = other.map_or(op.tok.span, |t| t.tok.span);
                self.if_expression_failed = true;
                self.out.diagnostics.push(
                    Diagnostic::new(
                        &codes::INVALID_IF_EXPRESSION,
                        "macro name missing after `defined`",
                    )
                    .with_primary(at, "expected an identifier"),
                );
                return;
            }
        };
        span = span.to(name.tok.span);
        if parenthesized {
            match self.next_in_frame(depth, false) {
                Some(t) if t.is(Punct::RParen) => span = span.to(t.tok.span),
                other => {
                    let at = other.map_or(name.tok.span, |t| t.tok.span);
                    self.if_expression_failed = true;
                    self.out.diagnostics.push(
                        Diagnostic::new(
                            &codes::INVALID_IF_EXPRESSION,
                            "missing `)` after `defined`",
                        )
                        .with_primary(at, "expected `)`")
                        .with_secondary(op.tok.span, "to match this `defined`"),
                    );
                    return;
                }
            }
        }
        let value = if self.is_defined_name(name.tok.sym) {
            "1"
        } else {
            "0"
        };
        let tok = Token {
            kind: TokenKind::Number,
            sym: self.out.interner.intern(value),
            span,
            ..op.tok
        };
        self.emit(depth, PpToken::new(tok));
    }

    /// Whether `sym` counts as defined for `defined` and `#ifdef`: a
    /// macro, or a `__has_…` operator (as in clang).
    pub(crate) fn is_defined_name(&self, sym: crate::Symbol) -> bool {
        self.is_macro(sym) || HasQuery::of(self.out.interner.get(sym)).is_some()
    }

    /// `__has_include("file")`, `__has_builtin(name)`, … in `#if`: 1 or
    /// 0 in place of the operator and its parenthesized operand. A header
    /// is looked for as `#include` would; the other queries answer 0 (the
    /// code then takes its portable path, which oclc compiles).
    fn has_operator(&mut self, depth: usize, op: PpToken, query: HasQuery) {
        let mut span = op.tok.span;
        let opened = self.next_in_frame(depth, false);
        if !opened.is_some_and(|t| t.is(Punct::LParen)) {
            self.if_expression_failed = true;
            let at = opened.map_or(op.tok.span, |t| t.tok.span);
            self.out.diagnostics.push(
                Diagnostic::new(
                    &codes::INVALID_IF_EXPRESSION,
                    "missing `(` after a `__has_…` operator",
                )
                .with_primary(at, "expected `(`"),
            );
            return;
        }
        let mut operand = String::new();
        let mut nesting = 0u32;
        loop {
            let Some(t) = self.next_in_frame(depth, false) else {
                self.if_expression_failed = true;
                self.out.diagnostics.push(
                    Diagnostic::new(
                        &codes::INVALID_IF_EXPRESSION,
                        "missing `)` after a `__has_…` operator",
                    )
                    .with_primary(op.tok.span, "this operator"),
                );
                return;
            };
            span = span.to(t.tok.span);
            if t.is(Punct::RParen) && nesting == 0 {
                break;
            }
            if t.is(Punct::LParen) {
                nesting += 1;
            } else if t.is(Punct::RParen) {
                nesting -= 1;
            }
            operand.push_str(self.out.interner.get(t.tok.sym));
        }
        let found = match query {
            HasQuery::Include => {
                let (name, angled) = match (operand.strip_prefix('"'), operand.strip_prefix('<')) {
                    (Some(quoted), _) => (quoted.trim_end_matches('"').to_string(), false),
                    (_, Some(angled)) => (angled.trim_end_matches('>').to_string(), true),
                    _ => (String::new(), false),
                };
                // Looked for quietly: a missing header is the answer 0.
                let reported = self.out.diagnostics.len();
                let found = !name.is_empty() && self.find_include(&name, angled, span).is_some();
                self.out.diagnostics.truncate(reported);
                found
            }
            HasQuery::Other => false,
        };
        let tok = Token {
            kind: TokenKind::Number,
            sym: self.out.interner.intern(if found { "1" } else { "0" }),
            span,
            ..op.tok
        };
        self.emit(depth, PpToken::new(tok));
    }

    /// Counts one expansion against the limit; false when over it.
    fn count_expansion(&mut self, span: Span) -> bool {
        self.expansion_count += 1;
        let limit = self.config.limits.macro_expansions;
        if self.expansion_count > limit {
            self.limit_exceeded(
                Some(span),
                format!("more than {limit} macro expansions"),
                "a recursive or exponentially growing macro is the usual cause".into(),
            );
            return false;
        }
        true
    }

    /// Counts tokens copied during expansion; false when over the budget
    /// ([`WORK_PER_OUTPUT_TOKEN`] times the output limit).
    fn count_work(&mut self, tokens: usize, span: Span) -> bool {
        self.work = self.work.saturating_add(tokens as u64);
        let limit = self
            .config
            .limits
            .output_tokens
            .saturating_mul(WORK_PER_OUTPUT_TOKEN);
        if self.work > limit {
            self.limit_exceeded(
                Some(span),
                format!("macro expansion copied more than {limit} tokens"),
                "an exponentially growing macro is the usual cause".into(),
            );
            return false;
        }
        true
    }

    /// Expands the macro `mac` named by `name`, read in frame `depth`.
    fn invoke(&mut self, depth: usize, name: PpToken, mac: Rc<Macro>) {
        match mac.kind {
            MacroKind::Builtin(which) => {
                let tok = self.builtin_token(&name, which);
                self.emit(depth, tok);
            }
            MacroKind::Object => {
                if !self.count_expansion(name.tok.span) {
                    return;
                }
                let call = PendingCall {
                    mac,
                    name,
                    rparen: name,
                    args: Vec::new(),
                    expanded: Vec::new(),
                    current: 0,
                };
                self.replace(depth, call);
            }
            MacroKind::Function { .. } => {
                let next = self.next_in_frame(depth, false);
                match next {
                    Some(t) if t.is(Punct::LParen) => {}
                    _ => {
                        if let Some(t) = next {
                            self.push_back(depth, t);
                        }
                        self.emit(depth, name);
                        return;
                    }
                }
                let Some((args, rparen)) = self.collect_args(depth, &name, &mac) else {
                    return;
                };
                if !self.count_expansion(name.tok.span) {
                    return;
                }
                let expanded = vec![None; args.len()];
                let call = PendingCall {
                    mac,
                    name,
                    rparen,
                    args,
                    expanded,
                    current: 0,
                };
                self.expand_next_argument(depth, call);
            }
        }
    }

    /// Reads the arguments after `(`; `None` after reporting an error.
    fn collect_args(
        &mut self,
        depth: usize,
        name: &PpToken,
        mac: &Macro,
    ) -> Option<(Vec<Vec<PpToken>>, PpToken)> {
        let (params, variadic) = match &mac.kind {
            MacroKind::Function { params, variadic } => (params.len(), *variadic),
            _ => (0, false),
        };
        let mut args: Vec<Vec<PpToken>> = vec![Vec::new()];
        let mut nesting = 0u32;
        let mut copied = 0usize;
        let rparen = loop {
            let Some(tok) = self.next_in_frame(depth, false) else {
                if !self.stopped {
                    let text = self.out.interner.get(name.tok.sym).to_string();
                    self.out.diagnostics.push(
                        Diagnostic::new(
                            &codes::UNTERMINATED_MACRO_CALL,
                            format!("unterminated invocation of macro `{text}`"),
                        )
                        .with_primary(name.tok.span, "the argument list is never closed"),
                    );
                }
                return None;
            };
            copied += 1;
            // Count the work as the arguments grow: one invocation can
            // collect an exponential macro's whole expansion.
            if copied == WORK_CHUNK {
                copied = 0;
                if !self.count_work(WORK_CHUNK, name.tok.span) {
                    return None;
                }
            }
            match tok.tok.kind {
                TokenKind::Punct(Punct::LParen) if nesting >= MAX_ARGUMENT_NESTING => {
                    self.limit_exceeded(
                        Some(tok.tok.span),
                        format!(
                            "parentheses nested more than {MAX_ARGUMENT_NESTING} deep in the arguments of a macro invocation"
                        ),
                        "preprocessing stops here".into(),
                    );
                    return None;
                }
                TokenKind::Punct(Punct::LParen) => nesting += 1,
                TokenKind::Punct(Punct::RParen) if nesting == 0 => break tok,
                TokenKind::Punct(Punct::RParen) => nesting -= 1,
                TokenKind::Punct(Punct::Comma)
                    if nesting == 0 && !(variadic && args.len() >= params) =>
                {
                    args.push(Vec::new());
                    continue;
                }
                _ => {}
            }
            if let Some(last) = args.last_mut() {
                last.push(tok);
            }
        };
        if !self.count_work(copied, name.tok.span) {
            return None;
        }
        // `F()` passes one empty argument, which is right for one parameter
        // and means "no arguments" for none.
        if params == 0 && args.len() == 1 && args[0].is_empty() {
            args.clear();
        }
        // A variadic macro may omit the variable arguments entirely.
        if variadic && args.len() + 1 == params {
            args.push(Vec::new());
        }
        if args.len() != params {
            let text = self.out.interner.get(name.tok.sym).to_string();
            let expected = if variadic {
                format!("at least {}", params - 1)
            } else {
                params.to_string()
            };
            let s = if params == 1 && !variadic { "" } else { "s" };
            self.out.diagnostics.push(
                Diagnostic::new(
                    &codes::MACRO_ARG_COUNT,
                    format!(
                        "macro `{text}` takes {expected} argument{s}, but {} {} given",
                        args.len(),
                        if args.len() == 1 { "was" } else { "were" }
                    ),
                )
                .with_primary(name.tok.span.to(rparen.tok.span), "in this invocation")
                .with_secondary(mac.def_span, "macro defined here"),
            );
            return None;
        }
        Some((args, rparen))
    }

    /// Starts a child frame for the next argument that needs expansion, or
    /// finishes the call.
    fn expand_next_argument(&mut self, depth: usize, mut call: PendingCall) {
        let next = (call.current..call.args.len()).find(|&i| {
            call.mac.expands_param.get(i) == Some(&true)
                && call.args[i].iter().any(|t| self.may_expand(t))
        });
        let Some(index) = next else {
            self.replace(depth, call);
            return;
        };
        if self.frames.len() >= MAX_FRAMES {
            self.limit_exceeded(
                Some(call.name.tok.span),
                format!("macro invocations nested more than {MAX_FRAMES} deep in arguments"),
                "preprocessing stops here".into(),
            );
            return;
        }
        if !self.count_work(call.args[index].len(), call.name.tok.span) {
            return;
        }
        call.current = index;
        let mut input = call.args[index].clone();
        input.reverse();
        if let Some(frame) = self.frames.get_mut(depth) {
            frame.call = Some(call);
        }
        self.frames.push(Frame {
            input,
            output: Vec::new(),
            call: None,
            reads_source: false,
            if_expression: false,
        });
    }

    /// Receives the expansion of the current argument from a child frame.
    fn argument_expanded(&mut self, depth: usize, output: Vec<PpToken>) {
        let Some(mut call) = self.frames.get_mut(depth).and_then(|f| f.call.take()) else {
            return;
        };
        if let Some(slot) = call.expanded.get_mut(call.current) {
            *slot = Some(output);
        }
        call.current += 1;
        self.expand_next_argument(depth, call);
    }

    /// Whether a token could start a macro expansion (so an argument holding
    /// none needs no pre-expansion).
    fn may_expand(&self, t: &PpToken) -> bool {
        t.tok.kind == TokenKind::Ident && self.is_macro(t.tok.sym)
    }

    /// Replaces a complete invocation and pushes the result for rescanning.
    fn replace(&mut self, depth: usize, call: PendingCall) {
        let (expansion, span) = self.expansion_for(&call);
        let mut hs = self.hidesets.intersection(call.name.hs, call.rparen.hs);
        hs = self.hidesets.with(hs, call.name.tok.sym);
        let invocation = Invocation {
            mac: &call.mac,
            args: &call.args,
            expanded: &call.expanded,
            hs,
            span,
            expansion,
            leading_space: call.name.tok.leading_space,
            start_of_line: call.name.tok.start_of_line,
        };
        let mut result = substitute(
            &invocation,
            &mut self.hidesets,
            &mut self.out.interner,
            &mut self.out.diagnostics,
        );
        if !self.count_work(result.len(), call.name.tok.span) {
            return;
        }
        result.reverse();
        if let Some(frame) = self.frames.get_mut(depth) {
            frame.input.append(&mut result);
        }
    }

    /// The expansion record and replacement span for an invocation: a new
    /// record for a name written in the source, else the outermost one.
    fn expansion_for(&mut self, call: &PendingCall) -> (ExpansionId, Span) {
        let use_span = call.name.tok.span.to(call.rparen.tok.span);
        if let Some(id) = call.name.tok.expansion {
            if let Some(record) = self.out.expansions.get_mut(id.0 as usize) {
                if call.rparen.tok.expansion.is_none() {
                    record.use_span = record.use_span.to(call.rparen.tok.span);
                }
                return (id, record.use_span);
            }
        }
        let id = ExpansionId(self.out.expansions.len() as u32);
        self.out.expansions.push(Expansion {
            name: call.name.tok.sym,
            use_span,
            def_span: call.mac.def_span,
            produced_tokens: false,
        });
        (id, use_span)
    }

    /// The token a [`BuiltinMacro`] becomes.
    fn builtin_token(&mut self, name: &PpToken, which: BuiltinMacro) -> PpToken {
        let span = match name.tok.expansion {
            Some(id) => self
                .out
                .expansions
                .get(id.0 as usize)
                .map_or(name.tok.span, |e| e.use_span),
            None => name.tok.span,
        };
        let current = self.files.last().filter(|f| f.lex.file == span.file);
        let file_name = || {
            current
                .and_then(|f| f.presumed_name.clone())
                .unwrap_or_else(|| self.sources.file(span.file).name().to_string())
        };
        let (tok_kind, text) = match which {
            BuiltinMacro::Line => {
                let line = i64::from(self.sources.line_col(span).line);
                let delta = current.map_or(0, |f| f.line_delta);
                (TokenKind::Number, (line + delta).max(0).to_string())
            }
            BuiltinMacro::Counter => {
                let value = self.counter;
                self.counter += 1;
                (TokenKind::Number, value.to_string())
            }
            BuiltinMacro::IncludeLevel => (
                TokenKind::Number,
                self.files.len().saturating_sub(1).to_string(),
            ),
            BuiltinMacro::File => (TokenKind::StringLit, string_literal(&file_name())),
            BuiltinMacro::FileName => {
                let name = file_name();
                let base = name.rsplit(['/', '\\']).next().unwrap_or(&name);
                (TokenKind::StringLit, string_literal(base))
            }
            BuiltinMacro::BaseFile => {
                let main = self.files.first().map_or(span.file, |f| f.lex.file);
                let name = self.sources.file(main).name().to_string();
                (TokenKind::StringLit, string_literal(&name))
            }
            BuiltinMacro::Date | BuiltinMacro::Time | BuiltinMacro::Timestamp => (
                TokenKind::StringLit,
                string_literal(&crate::clock::format(which, self.config.build_time)),
            ),
        };
        PpToken {
            tok: Token {
                kind: tok_kind,
                sym: self.out.interner.intern(&text),
                ..name.tok
            },
            hs: name.hs,
        }
    }
}

/// `text` as a C string literal.
pub(crate) fn string_literal(text: &str) -> String {
    let mut literal = String::with_capacity(text.len() + 2);
    literal.push('"');
    for c in text.chars() {
        match c {
            '"' | '\\' => {
                literal.push('\\');
                literal.push(c);
            }
            '\n' => literal.push_str("\\n"),
            _ => literal.push(c),
        }
    }
    literal.push('"');
    literal
}

/// A clang feature-test operator usable in `#if`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum HasQuery {
    /// `__has_include`, `__has_include_next`.
    Include,
    /// `__has_builtin`, `__has_attribute`, `__has_feature`, ….
    Other,
}

impl HasQuery {
    fn of(name: &str) -> Option<HasQuery> {
        match name {
            "__has_include" | "__has_include_next" => Some(HasQuery::Include),
            "__has_builtin"
            | "__has_attribute"
            | "__has_c_attribute"
            | "__has_cpp_attribute"
            | "__has_declspec_attribute"
            | "__has_feature"
            | "__has_extension"
            | "__has_warning" => Some(HasQuery::Other),
            _ => None,
        }
    }
}
