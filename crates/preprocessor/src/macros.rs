//! Macro definitions and the replacement step of macro expansion.
//!
//! Expansion follows the hide-set formulation of the C standard's rules
//! (Prosser's algorithm): every token carries the set of macro names it may
//! no longer expand; a replacement inherits the invocation's hide set plus
//! the macro's own name, which implements "a macro is not replaced inside
//! its own expansion" including the painted-blue cases. This module holds
//! the pieces that need no token source: [`HideSets`], parsing a `#define`
//! into a [`Macro`], and [`substitute`] (parameters, `#`, `##`, placemarkers,
//! `__VA_ARGS__`). The engine drives rescanning with explicit work lists.

use crate::codes;
use crate::intern::{Interner, Symbol};
use crate::lexer::{lex_single, punct_symbol};
use crate::token::{ExpansionId, Punct, Token, TokenKind};
use oclc_diagnostics::{Diagnostic, Span};
use rustc_hash::FxHashMap;

/// A set of macro names a token may not expand, interned in [`HideSets`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub(crate) struct HideSet(u32);

impl HideSet {
    /// The empty set.
    pub(crate) const EMPTY: HideSet = HideSet(0);
}

/// Interned hide sets (sorted symbol lists) with memoized set operations.
#[derive(Debug)]
pub(crate) struct HideSets {
    sets: Vec<Box<[Symbol]>>,
    index: FxHashMap<Box<[Symbol]>, HideSet>,
    unions: FxHashMap<(HideSet, HideSet), HideSet>,
}

impl HideSets {
    /// Holds only the empty set.
    pub(crate) fn new() -> Self {
        let empty: Box<[Symbol]> = Box::new([]);
        let mut index = FxHashMap::default();
        index.insert(empty.clone(), HideSet::EMPTY);
        HideSets {
            sets: vec![empty],
            index,
            unions: FxHashMap::default(),
        }
    }

    fn members(&self, hs: HideSet) -> &[Symbol] {
        self.sets.get(hs.0 as usize).map_or(&[], |s| s)
    }

    fn intern(&mut self, members: Vec<Symbol>) -> HideSet {
        if let Some(&hs) = self.index.get(members.as_slice()) {
            return hs;
        }
        let hs = HideSet(self.sets.len() as u32);
        let boxed: Box<[Symbol]> = members.into();
        self.sets.push(boxed.clone());
        self.index.insert(boxed, hs);
        hs
    }

    /// Whether `sym` is in `hs`.
    pub(crate) fn contains(&self, hs: HideSet, sym: Symbol) -> bool {
        hs != HideSet::EMPTY && self.members(hs).binary_search(&sym).is_ok()
    }

    /// `hs ∪ {sym}`.
    pub(crate) fn with(&mut self, hs: HideSet, sym: Symbol) -> HideSet {
        if self.contains(hs, sym) {
            return hs;
        }
        let mut members = self.members(hs).to_vec();
        let at = members.partition_point(|&s| s < sym);
        members.insert(at, sym);
        self.intern(members)
    }

    /// `a ∪ b`.
    pub(crate) fn union(&mut self, a: HideSet, b: HideSet) -> HideSet {
        if a == b || b == HideSet::EMPTY {
            return a;
        }
        if a == HideSet::EMPTY {
            return b;
        }
        if let Some(&hs) = self.unions.get(&(a, b)) {
            return hs;
        }
        let mut members: Vec<Symbol> = self.members(a).to_vec();
        members.extend_from_slice(self.members(b));
        members.sort_unstable();
        members.dedup();
        let hs = self.intern(members);
        self.unions.insert((a, b), hs);
        hs
    }

    /// `a ∩ b`.
    pub(crate) fn intersection(&mut self, a: HideSet, b: HideSet) -> HideSet {
        if a == b {
            return a;
        }
        if a == HideSet::EMPTY || b == HideSet::EMPTY {
            return HideSet::EMPTY;
        }
        let other = self.members(b);
        let members: Vec<Symbol> = self
            .members(a)
            .iter()
            .copied()
            .filter(|s| other.binary_search(s).is_ok())
            .collect();
        self.intern(members)
    }
}

/// A token during expansion: the token and its hide set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PpToken {
    pub(crate) tok: Token,
    pub(crate) hs: HideSet,
}

impl PpToken {
    /// A token with an empty hide set.
    pub(crate) fn new(tok: Token) -> Self {
        PpToken {
            tok,
            hs: HideSet::EMPTY,
        }
    }

    /// Whether it is the punctuator `p`.
    pub(crate) fn is(&self, p: Punct) -> bool {
        self.tok.kind == TokenKind::Punct(p)
    }
}

/// What kind of macro a name is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum MacroKind {
    /// `#define NAME body`.
    Object,
    /// `#define NAME(params) body`; a variadic macro's last parameter is
    /// `__VA_ARGS__`.
    Function {
        /// Parameter names.
        params: Vec<Symbol>,
        /// Whether the list ends with `...`.
        variadic: bool,
    },
    /// A macro whose expansion the preprocessor computes.
    Builtin(BuiltinMacro),
}

/// The macros whose expansion depends on where or when they are used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BuiltinMacro {
    /// `__LINE__`.
    Line,
    /// `__FILE__`.
    File,
    /// `__COUNTER__`: 0, 1, 2, … at each expansion (clang's extension).
    Counter,
    /// `__INCLUDE_LEVEL__`: how deeply the current file is included.
    IncludeLevel,
    /// `__BASE_FILE__`: the main file's name.
    BaseFile,
    /// `__FILE_NAME__`: the current file's name without its directories.
    FileName,
    /// `__DATE__`: `"Mmm dd yyyy"` of the build time.
    Date,
    /// `__TIME__`: `"hh:mm:ss"` of the build time.
    Time,
    /// `__TIMESTAMP__`: `"Ddd Mmm dd hh:mm:ss yyyy"` of the build time.
    Timestamp,
}

impl BuiltinMacro {
    /// Every one, with its name.
    pub(crate) const ALL: [(&'static str, BuiltinMacro); 9] = [
        ("__LINE__", BuiltinMacro::Line),
        ("__FILE__", BuiltinMacro::File),
        ("__COUNTER__", BuiltinMacro::Counter),
        ("__INCLUDE_LEVEL__", BuiltinMacro::IncludeLevel),
        ("__BASE_FILE__", BuiltinMacro::BaseFile),
        ("__FILE_NAME__", BuiltinMacro::FileName),
        ("__DATE__", BuiltinMacro::Date),
        ("__TIME__", BuiltinMacro::Time),
        ("__TIMESTAMP__", BuiltinMacro::Timestamp),
    ];
}

/// One element of a replacement list, with parameters resolved.
#[derive(Clone, Copy, Debug)]
pub(crate) enum BodyItem {
    /// An ordinary token.
    Token(Token),
    /// A parameter use; `raw` when it is an operand of `##` (then the
    /// argument is not macro-expanded first).
    Param {
        index: usize,
        raw: bool,
        leading_space: bool,
    },
    /// `# param`.
    Stringize { index: usize, leading_space: bool },
    /// The `##` operator.
    Paste,
}

/// A macro definition.
#[derive(Clone, Debug)]
pub(crate) struct Macro {
    /// What it is.
    pub(crate) kind: MacroKind,
    /// The replacement list.
    pub(crate) body: Vec<BodyItem>,
    /// The macro name in its `#define`.
    pub(crate) def_span: Span,
    /// Per parameter: whether some use needs the macro-expanded argument.
    pub(crate) expands_param: Vec<bool>,
}

impl Macro {
    /// A built-in dynamic macro (`__LINE__`, `__DATE__`, …).
    pub(crate) fn builtin(kind: MacroKind, def_span: Span) -> Self {
        Macro {
            kind,
            body: Vec::new(),
            def_span,
            expands_param: Vec::new(),
        }
    }

    /// Whether `other` is the same definition (C99 6.10.3p2: same
    /// parameters, same replacement spelling and white-space separation).
    pub(crate) fn same_definition(&self, other: &Macro) -> bool {
        self.kind == other.kind
            && self.body.len() == other.body.len()
            && self
                .body
                .iter()
                .zip(&other.body)
                .enumerate()
                .all(|(i, (a, b))| same_item(a, b, i == 0))
    }
}

/// Whether two replacement-list items are spelled alike.
fn same_item(a: &BodyItem, b: &BodyItem, first: bool) -> bool {
    match (a, b) {
        (BodyItem::Token(x), BodyItem::Token(y)) => {
            x.sym == y.sym && (first || x.leading_space == y.leading_space)
        }
        (
            BodyItem::Param {
                index: i,
                leading_space: l,
                ..
            },
            BodyItem::Param {
                index: j,
                leading_space: m,
                ..
            },
        )
        | (
            BodyItem::Stringize {
                index: i,
                leading_space: l,
            },
            BodyItem::Stringize {
                index: j,
                leading_space: m,
            },
        ) => i == j && (first || l == m),
        (BodyItem::Paste, BodyItem::Paste) => true,
        _ => false,
    }
}

/// Parses the tokens of a `#define` line after `define`. `va_args` is the
/// symbol `__VA_ARGS__`. Returns the name and the macro.
pub(crate) fn parse_define(
    line: &[Token],
    directive_span: Span,
    interner: &Interner,
    va_args: Symbol,
) -> Result<(Symbol, Macro), Box<Diagnostic>> {
    let malformed = |span: Span, message: &str, label: &str| {
        Box::new(Diagnostic::new(&codes::MALFORMED_DEFINE, message).with_primary(span, label))
    };
    let Some(name) = line.first() else {
        return Err(malformed(
            directive_span,
            "macro name missing in `#define`",
            "expected an identifier",
        ));
    };
    if name.kind != TokenKind::Ident {
        return Err(malformed(
            name.span,
            "macro name must be an identifier",
            "not an identifier",
        ));
    }
    if interner.get(name.sym) == "defined" {
        return Err(malformed(
            name.span,
            "`defined` cannot be used as a macro name",
            "reserved in preprocessor expressions",
        ));
    }
    let mut rest = &line[1..];
    let mut kind = MacroKind::Object;
    // A `(` right after the name (no white space) starts a parameter list.
    // (C99 wants white space after an object-like macro's name; like clang,
    // its absence is accepted.)
    if let Some(open) = rest.first() {
        if open.kind == TokenKind::Punct(Punct::LParen) && !open.leading_space {
            let (params, variadic, used) = parse_params(rest, name.span, interner, va_args)?;
            rest = &rest[used..];
            kind = MacroKind::Function { params, variadic };
        }
    }
    let params: &[Symbol] = match &kind {
        MacroKind::Function { params, .. } => params,
        _ => &[],
    };
    let body = parse_body(rest, params, matches!(kind, MacroKind::Function { .. }))?;
    let mut expands_param = vec![false; params.len()];
    for item in &body {
        if let BodyItem::Param {
            index, raw: false, ..
        } = *item
        {
            expands_param[index] = true;
        }
    }
    let mac = Macro {
        kind,
        body,
        def_span: name.span,
        expands_param,
    };
    Ok((name.sym, mac))
}

/// Parses `( a, b, ... )` at the start of `tokens`; returns the parameters,
/// whether the macro is variadic, and how many tokens were used.
fn parse_params(
    tokens: &[Token],
    name_span: Span,
    interner: &Interner,
    va_args: Symbol,
) -> Result<(Vec<Symbol>, bool, usize), Box<Diagnostic>> {
    let mut params = Vec::new();
    let mut i = 1;
    let error = |span: Span, message: &str| {
        Box::new(
            Diagnostic::new(&codes::MALFORMED_DEFINE, message.to_string())
                .with_primary(span, "in this parameter list"),
        )
    };
    if tokens
        .get(i)
        .is_some_and(|t| t.kind == TokenKind::Punct(Punct::RParen))
    {
        return Ok((params, false, 2));
    }
    loop {
        let Some(tok) = tokens.get(i) else {
            return Err(error(name_span, "missing `)` in macro parameter list"));
        };
        match tok.kind {
            TokenKind::Punct(Punct::Ellipsis) => {
                params.push(va_args);
                return match tokens.get(i + 1) {
                    Some(t) if t.kind == TokenKind::Punct(Punct::RParen) => {
                        Ok((params, true, i + 2))
                    }
                    Some(t) => Err(error(t.span, "expected `)` after `...`")),
                    None => Err(error(tok.span, "missing `)` in macro parameter list")),
                };
            }
            TokenKind::Ident => {
                if tok.sym == va_args {
                    return Err(error(
                        tok.span,
                        "`__VA_ARGS__` can only appear in the expansion of a variadic macro",
                    ));
                }
                if params.contains(&tok.sym) {
                    let message =
                        format!("duplicate macro parameter name `{}`", interner.get(tok.sym));
                    return Err(error(tok.span, &message));
                }
                params.push(tok.sym);
            }
            _ => return Err(error(tok.span, "invalid token in macro parameter list")),
        }
        match tokens.get(i + 1) {
            // GNU named variadic parameter: `args...` is `__VA_ARGS__`
            // under the name `args`.
            Some(t) if t.kind == TokenKind::Punct(Punct::Ellipsis) => {
                return match tokens.get(i + 2) {
                    Some(t) if t.kind == TokenKind::Punct(Punct::RParen) => {
                        Ok((params, true, i + 3))
                    }
                    Some(t) => Err(error(t.span, "expected `)` after `...`")),
                    None => Err(error(t.span, "missing `)` in macro parameter list")),
                };
            }
            Some(t) if t.kind == TokenKind::Punct(Punct::Comma) => i += 2,
            Some(t) if t.kind == TokenKind::Punct(Punct::RParen) => {
                return Ok((params, false, i + 2))
            }
            Some(t) => return Err(error(t.span, "expected `,` or `)` in macro parameter list")),
            None => return Err(error(tok.span, "missing `)` in macro parameter list")),
        }
    }
}

/// Resolves parameters and `#`/`##` in a replacement list.
fn parse_body(
    tokens: &[Token],
    params: &[Symbol],
    function_like: bool,
) -> Result<Vec<BodyItem>, Box<Diagnostic>> {
    let param_index = |t: &Token| {
        (t.kind == TokenKind::Ident)
            .then(|| params.iter().position(|&p| p == t.sym))
            .flatten()
    };
    let is_paste =
        |t: Option<&Token>| t.is_some_and(|t| t.kind == TokenKind::Punct(Punct::HashHash));
    let paste_at_edge = |t: &Token| {
        Box::new(
            Diagnostic::new(
                &codes::MALFORMED_DEFINE,
                "`##` cannot appear at either end of a macro expansion",
            )
            .with_primary(t.span, "nothing to paste with"),
        )
    };
    if let Some(t) = tokens.first().filter(|t| is_paste(Some(t))) {
        return Err(paste_at_edge(t));
    }
    if let Some(t) = tokens.last().filter(|t| is_paste(Some(t))) {
        return Err(paste_at_edge(t));
    }
    let mut body = Vec::with_capacity(tokens.len());
    let mut i = 0;
    while let Some(tok) = tokens.get(i) {
        let after_paste = i > 0 && is_paste(tokens.get(i - 1));
        if function_like && tok.kind == TokenKind::Punct(Punct::Hash) {
            match tokens.get(i + 1).and_then(param_index) {
                Some(index) => {
                    body.push(BodyItem::Stringize {
                        index,
                        leading_space: tok.leading_space,
                    });
                    i += 2;
                    continue;
                }
                None => {
                    return Err(Box::new(
                        Diagnostic::new(
                            &codes::MALFORMED_DEFINE,
                            "`#` is not followed by a macro parameter",
                        )
                        .with_primary(tok.span, "expected a parameter name after this"),
                    ))
                }
            }
        }
        if is_paste(Some(tok)) {
            body.push(BodyItem::Paste);
        } else if let Some(index) = param_index(tok) {
            body.push(BodyItem::Param {
                index,
                raw: after_paste || is_paste(tokens.get(i + 1)),
                leading_space: tok.leading_space,
            });
        } else {
            body.push(BodyItem::Token(*tok));
        }
        i += 1;
    }
    Ok(body)
}

/// One invocation being replaced: everything [`substitute`] needs.
pub(crate) struct Invocation<'a> {
    /// The definition.
    pub(crate) mac: &'a Macro,
    /// The arguments as written (empty for object-like macros).
    pub(crate) args: &'a [Vec<PpToken>],
    /// The fully macro-expanded arguments, where computed; `None` means
    /// "same as written".
    pub(crate) expanded: &'a [Option<Vec<PpToken>>],
    /// The hide set every result token receives.
    pub(crate) hs: HideSet,
    /// The span replacement-list tokens get.
    pub(crate) span: Span,
    /// The expansion every result token belongs to.
    pub(crate) expansion: ExpansionId,
    /// The invocation name's `leading_space` and `start_of_line`, which the
    /// first result token inherits.
    pub(crate) leading_space: bool,
    /// See `leading_space`.
    pub(crate) start_of_line: bool,
}

/// An element of the replacement before `##` is applied.
#[derive(Clone, Copy)]
enum Piece {
    Token(PpToken),
    /// An empty argument next to `##` (C99 6.10.3.3p2).
    Placemarker,
    Paste,
}

/// Replaces an invocation by its replacement list: parameters become
/// arguments, `#` stringizes, `##` pastes. Returns the tokens to rescan.
pub(crate) fn substitute(
    inv: &Invocation<'_>,
    hidesets: &mut HideSets,
    interner: &mut Interner,
    diags: &mut Vec<Diagnostic>,
) -> Vec<PpToken> {
    let from_body = |tok: Token| PpToken {
        tok: Token {
            span: inv.span,
            expansion: Some(inv.expansion),
            start_of_line: false,
            ..tok
        },
        hs: HideSet::EMPTY,
    };
    let variadic_index = match &inv.mac.kind {
        MacroKind::Function {
            params,
            variadic: true,
        } => Some(params.len() - 1),
        _ => None,
    };
    let arg = |index: usize| inv.args.get(index).map_or(&[][..], |a| a.as_slice());
    let mut pieces: Vec<Piece> = Vec::with_capacity(inv.mac.body.len());
    let body = &inv.mac.body;
    // `__VA_OPT__(…)` (C23, a clang extension before): its tokens when the
    // variable arguments are not empty, nothing otherwise.
    let va_opt = variadic_index.map(|_| interner.intern("__VA_OPT__"));
    let mut va_opt_close: Vec<usize> = Vec::new();
    let mut i = 0;
    while let Some(item) = body.get(i) {
        if va_opt_close.last() == Some(&i) {
            va_opt_close.pop();
            i += 1;
            continue;
        }
        if let (BodyItem::Token(tok), Some(name), Some(index)) = (item, va_opt, variadic_index) {
            if tok.kind == TokenKind::Ident && tok.sym == name {
                if let Some(close) = va_opt_close_paren(body, i + 1) {
                    if arg(index).is_empty() {
                        pieces.push(Piece::Placemarker);
                        i = close + 1;
                    } else {
                        va_opt_close.push(close);
                        i += 2;
                    }
                    continue;
                }
            }
        }
        match *item {
            BodyItem::Token(tok) => pieces.push(Piece::Token(from_body(tok))),
            BodyItem::Stringize {
                index,
                leading_space,
            } => {
                let text = stringize(arg(index), interner);
                let tok = Token {
                    kind: TokenKind::StringLit,
                    sym: interner.intern(&text),
                    span: inv.span,
                    expansion: Some(inv.expansion),
                    leading_space,
                    start_of_line: false,
                };
                pieces.push(Piece::Token(PpToken::new(tok)));
            }
            BodyItem::Paste => {
                // GNU extension: `, ## __VA_ARGS__` drops the comma when the
                // variable arguments are empty.
                let comma_before =
                    matches!(pieces.last(), Some(Piece::Token(t)) if t.is(Punct::Comma));
                if let Some(&BodyItem::Param { index, .. }) = body.get(i + 1) {
                    if comma_before && Some(index) == variadic_index {
                        if arg(index).is_empty() {
                            pieces.pop();
                        } else {
                            push_arg(&mut pieces, arg(index), false, inv);
                        }
                        i += 2;
                        continue;
                    }
                }
                pieces.push(Piece::Paste);
            }
            BodyItem::Param {
                index,
                raw,
                leading_space,
            } => {
                let tokens = if raw {
                    arg(index)
                } else {
                    match inv.expanded.get(index) {
                        Some(Some(expanded)) => expanded.as_slice(),
                        _ => arg(index),
                    }
                };
                if tokens.is_empty() && raw {
                    pieces.push(Piece::Placemarker);
                }
                push_arg(&mut pieces, tokens, leading_space, inv);
            }
        }
        i += 1;
    }
    let mut result = paste_all(pieces, inv, interner, diags);
    for t in &mut result {
        t.hs = hidesets.union(t.hs, inv.hs);
    }
    if let Some(first) = result.first_mut() {
        first.tok.leading_space = inv.leading_space;
        first.tok.start_of_line = inv.start_of_line;
    }
    result
}

/// The index of the `)` closing the `(` at `open` in a replacement list,
/// if `open` holds a `(`.
fn va_opt_close_paren(body: &[BodyItem], open: usize) -> Option<usize> {
    let is = |i: usize, p: Punct| matches!(body.get(i), Some(BodyItem::Token(t)) if t.kind == TokenKind::Punct(p));
    if !is(open, Punct::LParen) {
        return None;
    }
    let mut depth = 0usize;
    for index in open..body.len() {
        if is(index, Punct::LParen) {
            depth += 1;
        } else if is(index, Punct::RParen) {
            depth -= 1;
            if depth == 0 {
                return Some(index);
            }
        }
    }
    None
}

/// Appends argument tokens, marking them as part of the expansion.
fn push_arg(pieces: &mut Vec<Piece>, tokens: &[PpToken], leading_space: bool, inv: &Invocation) {
    for (k, t) in tokens.iter().enumerate() {
        let mut t = *t;
        t.tok.expansion = Some(inv.expansion);
        t.tok.start_of_line = false;
        if k == 0 {
            t.tok.leading_space = leading_space;
        }
        pieces.push(Piece::Token(t));
    }
}

/// Applies every `##` left to right and drops placemarkers.
fn paste_all(
    pieces: Vec<Piece>,
    inv: &Invocation<'_>,
    interner: &mut Interner,
    diags: &mut Vec<Diagnostic>,
) -> Vec<PpToken> {
    let mut out: Vec<Piece> = Vec::with_capacity(pieces.len());
    let mut iter = pieces.into_iter();
    while let Some(piece) = iter.next() {
        if !matches!(piece, Piece::Paste) {
            out.push(piece);
            continue;
        }
        let lhs = out.pop().unwrap_or(Piece::Placemarker);
        let rhs = iter.next().unwrap_or(Piece::Placemarker);
        match (lhs, rhs) {
            (Piece::Token(l), Piece::Token(r)) => {
                out.extend(paste(l, r, inv, interner, diags).map(Piece::Token));
            }
            (Piece::Token(t), _) | (_, Piece::Token(t)) => out.push(Piece::Token(t)),
            _ => out.push(Piece::Placemarker),
        }
    }
    out.into_iter()
        .filter_map(|p| match p {
            Piece::Token(t) => Some(t),
            _ => None,
        })
        .collect()
}

/// Pastes two tokens; on failure reports it and keeps both.
fn paste(
    lhs: PpToken,
    rhs: PpToken,
    inv: &Invocation<'_>,
    interner: &mut Interner,
    diags: &mut Vec<Diagnostic>,
) -> impl Iterator<Item = PpToken> {
    let text = format!("{}{}", interner.get(lhs.tok.sym), interner.get(rhs.tok.sym));
    let pasted = lex_single(&text).map(|kind| {
        let sym = match kind {
            TokenKind::Punct(p) => punct_symbol(p),
            _ => interner.intern(&text),
        };
        PpToken {
            tok: Token {
                kind,
                sym,
                span: inv.span,
                ..lhs.tok
            },
            hs: lhs.hs,
        }
    });
    if pasted.is_none() {
        diags.push(
            Diagnostic::new(
                &codes::INVALID_PASTE,
                format!("pasting formed `{text}`, an invalid preprocessing token"),
            )
            .with_primary(inv.span, "in this macro expansion")
            .with_note(format!(
                "`{}` and `{}` are kept as separate tokens",
                interner.get(lhs.tok.sym),
                interner.get(rhs.tok.sym)
            )),
        );
    }
    let (first, second) = match pasted {
        Some(t) => (t, None),
        None => (lhs, Some(rhs)),
    };
    std::iter::once(first).chain(second)
}

/// The string literal `#` makes of an argument (C99 6.10.3.2).
fn stringize(tokens: &[PpToken], interner: &Interner) -> String {
    let mut text = String::from("\"");
    for (k, t) in tokens.iter().enumerate() {
        if k > 0 && t.tok.leading_space {
            text.push(' ');
        }
        let spelling = interner.get(t.tok.sym);
        if matches!(t.tok.kind, TokenKind::StringLit | TokenKind::CharLit) {
            for c in spelling.chars() {
                if c == '"' || c == '\\' {
                    text.push('\\');
                }
                text.push(c);
            }
        } else {
            text.push_str(spelling);
        }
    }
    text.push('"');
    text
}
