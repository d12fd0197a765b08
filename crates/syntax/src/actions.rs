//! What the grammar's actions call: [`ParseCtx`] maps token indices to
//! spans, builds AST nodes (bounding their depth), combines declaration
//! specifiers, and records errors the parser recovered from.
//!
//! Large nodes travel through the parser boxed (`Box<Declarator>`,
//! `Box<Stmt>`, ...): every parser stack entry is as large as the largest
//! grammar symbol, so boxing keeps shifts and reductions cheap. That is why
//! builders take boxes they sometimes unbox at once.

#![allow(clippy::boxed_local)]

use crate::ast::*;
use crate::codes;
use crate::specs;
use crate::token::{Tok, TypeNameTok};
use lalrpop_util::ErrorRecovery;
use oclc_diagnostics::{Diagnostic, Span};
use oclc_preprocessor::{Interner, LoopPragma, LoopPragmaKind, Symbol};
use std::cell::Cell;
use std::convert::Infallible;

/// A recovered syntax error as LALRPOP reports it.
pub type Recovery = ErrorRecovery<u32, Tok, Infallible>;

/// The basic type keywords, combined by [`ParseCtx::decl_specs`].
#[allow(missing_docs)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Basic {
    Void,
    Bool,
    Char,
    Short,
    Int,
    Long,
    Float,
    Double,
    Half,
    Signed,
    Unsigned,
}

impl Basic {
    /// The keyword's spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Basic::Void => "void",
            Basic::Bool => "bool",
            Basic::Char => "char",
            Basic::Short => "short",
            Basic::Int => "int",
            Basic::Long => "long",
            Basic::Float => "float",
            Basic::Double => "double",
            Basic::Half => "half",
            Basic::Signed => "signed",
            Basic::Unsigned => "unsigned",
        }
    }
}

/// A type qualifier keyword.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QualKind {
    /// `const`.
    Const,
    /// `volatile`.
    Volatile,
    /// `restrict`.
    Restrict,
    /// An address space.
    Space(AddressSpace),
}

/// One declaration specifier as written.
#[derive(Clone, Debug)]
pub enum SpecKind {
    /// `typedef`, `extern`, `static`.
    Storage(StorageClass),
    /// `__kernel`.
    Kernel,
    /// `inline`.
    Inline,
    /// `pipe` (OpenCL C 2.0).
    Pipe,
    /// `int`, `unsigned`, ...
    Basic(Basic),
    /// A qualifier.
    Qual(QualKind),
    /// A built-in type name or typedef name.
    TypeName(TypeNameTok),
    /// `struct`/`union`.
    Record(Box<RecordSpec>),
    /// `enum`.
    Enum(Box<EnumSpec>),
    /// `__typeof__(…)`.
    Typeof(Box<Typeof>),
    /// `__attribute__((...))` or an image access qualifier.
    Attributes(Vec<Attribute>),
}

/// A specifier with its span.
#[derive(Clone, Debug)]
pub struct SpecPiece {
    /// What it is.
    pub kind: SpecKind,
    /// Where.
    pub span: Span,
}

/// A binary-operator chain as parsed: `first op1 e1 op2 e2 ...`, before
/// precedence is applied.
#[derive(Clone, Debug)]
pub struct BinaryChain {
    /// The first operand.
    pub first: Expr,
    /// Each further operator with its right operand.
    pub rest: Vec<(BinaryOp, Expr)>,
}

impl BinaryChain {
    /// A chain of one operand.
    pub fn new(first: Expr) -> Self {
        BinaryChain {
            first,
            rest: Vec::new(),
        }
    }

    /// Appends `op operand`.
    pub fn push(&mut self, op: BinaryOp, operand: Expr) {
        self.rest.push((op, operand));
    }
}

/// Binding strength of a binary operator (higher binds tighter).
fn precedence(op: BinaryOp) -> u8 {
    match op {
        BinaryOp::Mul | BinaryOp::Div | BinaryOp::Rem => 10,
        BinaryOp::Add | BinaryOp::Sub => 9,
        BinaryOp::Shl | BinaryOp::Shr => 8,
        BinaryOp::Lt | BinaryOp::Gt | BinaryOp::Le | BinaryOp::Ge => 7,
        BinaryOp::Eq | BinaryOp::Ne => 6,
        BinaryOp::BitAnd => 5,
        BinaryOp::BitXor => 4,
        BinaryOp::BitOr => 3,
        BinaryOp::LogicalAnd => 2,
        BinaryOp::LogicalOr => 1,
    }
}

/// The state grammar actions share: token spans, literal values, the items
/// parsed so far, and diagnostics.
pub struct ParseCtx<'a> {
    spans: &'a [Span],
    symbols: &'a [Symbol],
    interner: &'a Interner,
    literals: Vec<Option<Literal>>,
    recovery_count: &'a Cell<u32>,
    /// Where top-level items go as they are reduced (so they survive a
    /// parse that fails at the end of input, and a consumer can start on
    /// them before the parse ends).
    sink: &'a mut dyn FnMut(Item),
    /// Errors the parser recovered from, in order.
    pub recoveries: Vec<Recovery>,
    /// Diagnostics from actions, keyed by token index for ordering.
    pub diagnostics: Vec<(u32, Diagnostic)>,
    depth_reported: bool,
    /// Names assigned, incremented, decremented or whose address is taken
    /// since the last top-level item (see [`FunctionDef::mutated`]).
    mutated: Vec<Symbol>,
    /// Loop pragmas by the index of the token after them, in order; taken
    /// by the loop that starts there. Those left are misplaced.
    pub loop_pragmas: Vec<Option<(u32, LoopPragma)>>,
}

impl<'a> ParseCtx<'a> {
    /// A context over the lexer adapter's token data.
    pub fn new(
        spans: &'a [Span],
        symbols: &'a [Symbol],
        interner: &'a Interner,
        literals: Vec<Option<Literal>>,
        recovery_count: &'a Cell<u32>,
        sink: &'a mut dyn FnMut(Item),
    ) -> Self {
        ParseCtx {
            spans,
            symbols,
            interner,
            literals,
            recovery_count,
            sink,
            recoveries: Vec::new(),
            diagnostics: Vec::new(),
            depth_reported: false,
            mutated: Vec::new(),
            loop_pragmas: Vec::new(),
        }
    }

    /// The context with the loop pragmas [`crate::lexer::Lexed`] placed.
    pub fn with_loop_pragmas(mut self, pragmas: &[(u32, LoopPragma)]) -> Self {
        self.loop_pragmas = pragmas.iter().copied().map(Some).collect();
        self
    }

    /// Takes the loop pragmas right before token `at`.
    /// (A linear scan: slots are taken out of order, inner loops first,
    /// so the taken ones do not form a prefix a binary search could skip.)
    fn take_loop_pragmas(&mut self, at: u32, hints: &mut Vec<LoopHint>) {
        for slot in &mut self.loop_pragmas {
            if let Some((index, pragma)) = slot {
                if *index == at {
                    hints.push(LoopHint::Pragma(pragma.kind, pragma.span));
                    *slot = None;
                }
            }
        }
    }

    /// The span of tokens `l..r` (an empty span where they are empty).
    pub fn span(&self, l: u32, r: u32) -> Span {
        token_range_span(self.spans, l, r)
    }

    /// The token at `l` as an identifier (for keywords used as names).
    pub fn ident_at(&self, l: u32) -> Ident {
        Ident {
            name: self.symbols.get(l as usize).copied().unwrap_or(Symbol(0)),
            span: self.span(l, l + 1),
        }
    }

    /// The text of a symbol, for messages.
    pub fn text(&self, sym: Symbol) -> &str {
        if (sym.0 as usize) < self.interner.len() {
            self.interner.get(sym)
        } else {
            ""
        }
    }

    fn report(&mut self, at: u32, diagnostic: Diagnostic) {
        self.diagnostics.push((at, diagnostic));
    }

    // ------------------------------------------------------------ errors

    /// Records an error the parser recovered from.
    pub fn recover(&mut self, recovery: Recovery) {
        self.recovery_count.set(self.recovery_count.get() + 1);
        self.recoveries.push(recovery);
    }

    /// A top-level item that could not be parsed.
    pub fn error_item(&mut self, l: u32, r: u32) {
        let span = self.span(l, r);
        self.push_item(Item::Error(span));
    }

    /// A statement that could not be parsed.
    pub fn error_stmt(&self, l: u32, r: u32) -> Box<Stmt> {
        Box::new(Stmt::new(StmtKind::Error, self.span(l, r)))
    }

    /// A statement with attributes before it (starting at token `al`,
    /// the keyword at `l`). A loop keeps them, and the loop pragmas right
    /// before it, as its hints; other statements drop them.
    pub fn attributed_stmt(
        &mut self,
        attributes: Vec<Attribute>,
        mut kind: StmtKind,
        al: u32,
        l: u32,
        r: u32,
    ) -> Box<Stmt> {
        if let StmtKind::While { hints, .. }
        | StmtKind::DoWhile { hints, .. }
        | StmtKind::For { hints, .. } = &mut kind
        {
            self.take_loop_pragmas(al, hints);
            if let [LoopHint::Pragma(first, _), .., LoopHint::Pragma(second, span)] = &hints[..] {
                let name = |kind: &LoopPragmaKind| match kind {
                    LoopPragmaKind::NoUnroll => "nounroll",
                    _ => "unroll",
                };
                let diagnostic = Diagnostic::new(
                    &codes::INVALID_LOOP_HINT,
                    format!(
                        "duplicate directives '#pragma {}' and '#pragma {}'",
                        name(first),
                        name(second)
                    ),
                )
                .with_primary(*span, "a second loop pragma")
                .with_help("keep one of them");
                self.report(al, diagnostic);
                hints.truncate(1);
            }
            hints.extend(attributes.into_iter().map(LoopHint::Attribute));
        }
        self.stmt(kind, l, r)
    }

    /// Reports the loop pragmas no loop took, as clang does.
    pub fn misplaced_loop_pragmas(&mut self) {
        for (at, pragma) in std::mem::take(&mut self.loop_pragmas).into_iter().flatten() {
            let name = match pragma.kind {
                LoopPragmaKind::NoUnroll => "nounroll",
                _ => "unroll",
            };
            let diagnostic = Diagnostic::new(
                &codes::INVALID_LOOP_HINT,
                format!("expected a for, while, or do-while loop to follow '#pragma {name}'"),
            );
            let diagnostic = match self.spans.get(at as usize) {
                Some(&next) => diagnostic
                    .with_primary(next, "not a loop")
                    .with_secondary(pragma.span, "the pragma"),
                None => diagnostic.with_primary(pragma.span, "no loop follows"),
            };
            self.report(at, diagnostic);
        }
    }

    fn depth_exceeded(&mut self, at: u32, span: Span, what: &str) {
        if !self.depth_reported {
            self.depth_reported = true;
            let diagnostic = Diagnostic::new(
                &codes::NESTING_LIMIT,
                format!("{what} nesting exceeds the limit of {MAX_DEPTH}"),
            )
            .with_primary(span, "nested too deeply")
            .with_help("split the construct into smaller pieces");
            self.report(at, diagnostic);
        }
    }

    // ------------------------------------------------------------ items

    /// Records a top-level item.
    pub fn push_item(&mut self, item: Item) {
        // What a declaration between functions mutates belongs to no
        // function.
        self.mutated.clear();
        (self.sink)(item);
    }

    /// A `;` at file scope that declares nothing: a warning whose fix
    /// removes it.
    pub fn extra_semicolon(&mut self, l: u32, r: u32) {
        // After a syntax error a `;` is usually the end of what the parser
        // could not read, not an extra one: warn only in a clean file.
        if !self.recoveries.is_empty()
            || self.recovery_count.get() > 0
            || self.diagnostics.iter().any(|(_, d)| d.is_error())
        {
            return;
        }
        let span = self.span(l, r);
        let diagnostic = Diagnostic::new(&codes::EXTRA_SEMICOLON, "extra `;` outside a function")
            .with_primary(span, "declares nothing")
            .with_fix("remove the `;`", span, "");
        self.report(l, diagnostic);
    }

    /// A function definition.
    pub fn function_def(
        &mut self,
        specs: Box<DeclSpecs>,
        declarator: Box<Declarator>,
        body: Block,
        l: u32,
        r: u32,
    ) -> Box<FunctionDef> {
        // The derivation next to the name must be the function: `int *f(int)`
        // is a function returning a pointer (`[Function, Pointer]`).
        if !matches!(declarator.derived.first(), Some(DerivedDecl::Function(..))) {
            let at = declarator.span.end_point();
            let diagnostic = Diagnostic::new(
                &codes::SYNTAX_ERROR,
                "expected `;` after top-level declarator",
            )
            .with_primary(at, "expected `;`")
            .with_secondary(body.span, "a body needs a function declarator")
            .with_fix("add `;` here", at, ";");
            self.report(l, diagnostic);
        }
        // A body holds no other function: every mutation recorded since
        // the last item is this definition's.
        let mut mutated = std::mem::take(&mut self.mutated);
        mutated.sort_unstable();
        mutated.dedup();
        Box::new(FunctionDef {
            specs,
            declarator: *declarator,
            body,
            span: self.span(l, r),
            mutated,
        })
    }

    /// A declaration.
    pub fn declaration(
        &mut self,
        specs: Box<DeclSpecs>,
        declarators: Vec<Box<InitDeclarator>>,
        l: u32,
        r: u32,
    ) -> Box<Declaration> {
        // A statement attribute (`__attribute__((fallthrough));`, also
        // after a label) parses as a declaration of nothing with only
        // attributes: nothing to compile, and no type is missing.
        if declarators.is_empty() && specs.storage.is_none() && !specs.attributes.is_empty() {
            let type_span = match &specs.ty {
                TypeSpec::Builtin(BuiltinType::Int, s) => Some(*s),
                _ => None,
            };
            if let Some(type_span) = type_span {
                self.diagnostics.retain(|(_, d)| {
                    !(d.message == crate::specs::TYPE_SPECIFIER_MISSING
                        && d.primary.as_ref().is_some_and(|p| p.span == type_span))
                });
            }
        }
        Box::new(Declaration {
            specs,
            declarators: declarators.into_iter().map(|d| *d).collect(),
            span: self.span(l, r),
        })
    }

    /// A declarator with an optional initializer.
    pub fn init_declarator(
        &mut self,
        declarator: Box<Declarator>,
        init: Option<Initializer>,
        l: u32,
        r: u32,
    ) -> Box<InitDeclarator> {
        Box::new(InitDeclarator {
            declarator: *declarator,
            init,
            span: self.span(l, r),
        })
    }

    /// A bit-field member: parsed, reported as unsupported.
    pub fn bit_field(
        &mut self,
        declarator: Option<Box<Declarator>>,
        width: Expr,
        l: u32,
        r: u32,
    ) -> Box<InitDeclarator> {
        let diagnostic = Diagnostic::new(
            &codes::UNSUPPORTED_SYNTAX,
            "bit-fields are not supported by oclc yet",
        )
        .with_primary(width.span, "bit-field width");
        self.report(l, diagnostic);
        let declarator = declarator.unwrap_or_else(|| self.declarator(None, l, l));
        self.init_declarator(declarator, None, l, r)
    }

    // ------------------------------------------------------------ specifiers

    /// One specifier with its span.
    pub fn piece(&self, kind: SpecKind, l: u32, r: u32) -> SpecPiece {
        SpecPiece {
            kind,
            span: self.span(l, r),
        }
    }

    /// An image access qualifier, kept as an attribute named as written.
    pub fn access_qualifier(&self, l: u32, r: u32) -> SpecPiece {
        let name = self.ident_at(l);
        let attribute = Attribute {
            name,
            args: Vec::new(),
            span: name.span,
        };
        self.piece(SpecKind::Attributes(vec![attribute]), l, r)
    }

    /// Combines specifiers into [`DeclSpecs`], reporting invalid
    /// combinations.
    pub fn decl_specs(&mut self, pieces: Vec<SpecPiece>, l: u32, r: u32) -> Box<DeclSpecs> {
        let span = self.span(l, r);
        let (specs, problems) = specs::combine(pieces, span, |sym| self.text(sym).to_string());
        for problem in problems {
            self.report(l, problem);
        }
        Box::new(specs)
    }

    /// `_Alignas(e)`: an attribute named `_Alignas` with argument `e`,
    /// which analysis reads as `aligned(e)`.
    pub fn alignas(&mut self, e: Expr, l: u32, r: u32) -> SpecPiece {
        let span = self.span(l, r);
        // The keyword is in the source, so its spelling is interned.
        let name = Ident {
            name: self
                .interner
                .lookup("_Alignas")
                .unwrap_or(oclc_preprocessor::Symbol(0)),
            span,
        };
        let attribute = Attribute {
            name,
            args: vec![e],
            span,
        };
        self.piece(SpecKind::Attributes(vec![attribute]), l, r)
    }

    /// One attribute.
    pub fn attribute(&self, name: Ident, args: Vec<Expr>, l: u32, r: u32) -> Attribute {
        Attribute {
            name,
            args,
            span: self.span(l, r),
        }
    }

    /// Appends attributes written after a declarator.
    pub fn add_declarator_attributes(
        &self,
        mut declarator: Box<Declarator>,
        attributes: Vec<Vec<Attribute>>,
    ) -> Box<Declarator> {
        declarator
            .attributes
            .extend(attributes.into_iter().flatten());
        declarator
    }

    /// `struct`/`union` with or without a body.
    pub fn record(
        &self,
        kind: RecordKind,
        attributes: Vec<Vec<Attribute>>,
        tag: Option<Ident>,
        fields: Option<Vec<Option<Box<Declaration>>>>,
        l: u32,
        r: u32,
    ) -> Box<RecordSpec> {
        Box::new(RecordSpec {
            kind,
            tag,
            fields: fields.map(|f| f.into_iter().flatten().map(|d| *d).collect()),
            attributes: attributes.into_iter().flatten().collect(),
            span: self.span(l, r),
        })
    }

    /// `enum` with or without a body.
    pub fn enum_spec(
        &self,
        attributes: Vec<Vec<Attribute>>,
        tag: Option<Ident>,
        enumerators: Option<Vec<Box<Enumerator>>>,
        l: u32,
        r: u32,
    ) -> Box<EnumSpec> {
        Box::new(EnumSpec {
            tag,
            attributes: attributes.into_iter().flatten().collect(),
            enumerators: enumerators.map(|e| e.into_iter().map(|e| *e).collect()),
            span: self.span(l, r),
        })
    }

    // ------------------------------------------------------------ declarators

    /// A declarator with just a name (or nothing, for abstract ones).
    pub fn declarator(&self, name: Option<Ident>, l: u32, r: u32) -> Box<Declarator> {
        Box::new(Declarator {
            name,
            derived: Vec::new(),
            attributes: Vec::new(),
            span: self.span(l, r),
        })
    }

    /// `( declarator )`: the same declarator with a wider span.
    pub fn paren_declarator(
        &self,
        mut declarator: Box<Declarator>,
        l: u32,
        r: u32,
    ) -> Box<Declarator> {
        declarator.span = self.span(l, r);
        declarator
    }

    /// A declarator followed by `[...]` or `(...)`.
    pub fn suffix_declarator(
        &mut self,
        mut declarator: Box<Declarator>,
        suffix: Box<DerivedDecl>,
        l: u32,
        r: u32,
    ) -> Box<Declarator> {
        declarator.derived.push(*suffix);
        declarator.span = self.span(l, r);
        self.bound_declarator(declarator, l)
    }

    /// `* quals ... declarator`: the pointers apply after everything in the
    /// direct declarator, the last `*` written first.
    pub fn pointer_declarator(
        &mut self,
        pointers: Vec<DerivedDecl>,
        mut declarator: Box<Declarator>,
        l: u32,
        r: u32,
    ) -> Box<Declarator> {
        declarator.derived.extend(pointers.into_iter().rev());
        declarator.span = self.span(l, r);
        self.bound_declarator(declarator, l)
    }

    /// Bounds the number of pointer, array and function derivations of one
    /// declarator by [`MAX_DEPTH`] (each is a level of type nesting that
    /// later passes walk), reporting the excess once.
    fn bound_declarator(&mut self, mut declarator: Box<Declarator>, l: u32) -> Box<Declarator> {
        if declarator.derived.len() > MAX_DEPTH as usize {
            self.depth_exceeded(l, declarator.span, "declarator");
            declarator.derived.truncate(MAX_DEPTH as usize);
        }
        declarator
    }

    /// One `*` with its qualifiers.
    pub fn pointer_step(
        &mut self,
        quals: Vec<(QualKind, Span)>,
        l: u32,
        r: u32,
    ) -> Box<DerivedDecl> {
        let mut qualifiers = Qualifiers::default();
        for (kind, span) in quals {
            if let Some(problem) = specs::add_qualifier(&mut qualifiers, kind, span) {
                self.report(l, problem);
            }
        }
        Box::new(DerivedDecl::Pointer(qualifiers, self.span(l, r)))
    }

    /// A parameter list; a lone unnamed `void` means "no parameters".
    pub fn params(&self, params: Vec<Box<ParamDecl>>, variadic: bool) -> FunctionParams {
        let mut params: Vec<ParamDecl> = params.into_iter().map(|p| *p).collect();
        let explicit_void = params.len() == 1 && !variadic && params[0].is_plain_void();
        if explicit_void {
            params.clear();
        }
        FunctionParams {
            params,
            explicit_void,
            variadic,
        }
    }

    /// One parameter.
    pub fn param(
        &self,
        specs: Box<DeclSpecs>,
        declarator: Option<Box<Declarator>>,
        l: u32,
        r: u32,
    ) -> Box<ParamDecl> {
        let declarator = declarator.unwrap_or_else(|| self.declarator(None, r, r));
        Box::new(ParamDecl {
            specs,
            declarator: *declarator,
            span: self.span(l, r),
        })
    }

    /// A type name (casts, `sizeof`, compound literals).
    pub fn type_name(
        &self,
        specs: Box<DeclSpecs>,
        declarator: Option<Box<Declarator>>,
        l: u32,
        r: u32,
    ) -> Box<TypeName> {
        let declarator = declarator.unwrap_or_else(|| self.declarator(None, r, r));
        Box::new(TypeName {
            specs,
            declarator: *declarator,
            span: self.span(l, r),
        })
    }

    // ------------------------------------------------------------ statements

    /// A block.
    pub fn block(&self, stmts: Vec<Stmt>, l: u32, r: u32) -> Block {
        Block {
            stmts,
            span: self.span(l, r),
        }
    }

    /// A statement, replaced by an error node when nested too deeply.
    pub fn stmt(&mut self, kind: StmtKind, l: u32, r: u32) -> Box<Stmt> {
        let span = self.span(l, r);
        let stmt = Stmt::new(kind, span);
        if stmt.depth > MAX_DEPTH {
            self.depth_exceeded(l, span, "statement");
            return Box::new(Stmt::new(StmtKind::Error, span));
        }
        Box::new(stmt)
    }

    /// `if` with an optional `else`.
    pub fn if_stmt(
        &mut self,
        cond: Expr,
        then: Box<Stmt>,
        otherwise: Option<Box<Stmt>>,
        l: u32,
        r: u32,
    ) -> Box<Stmt> {
        let kind = StmtKind::If {
            cond,
            then,
            otherwise,
        };
        self.stmt(kind, l, r)
    }

    // ------------------------------------------------------------ expressions

    /// An expression, replaced by an error node when nested too deeply.
    pub fn expr(&mut self, kind: ExprKind, l: u32, r: u32) -> Expr {
        let target = match &kind {
            ExprKind::Assign(_, target, _) => Some(target),
            ExprKind::Unary(
                UnaryOp::AddrOf
                | UnaryOp::PreInc
                | UnaryOp::PreDec
                | UnaryOp::PostInc
                | UnaryOp::PostDec,
                operand,
            ) => Some(operand),
            _ => None,
        };
        if let Some(name) = target.and_then(|t| t.root_name()) {
            self.mutated.push(name);
        }
        let span = self.span(l, r);
        self.depth_limited(Expr::new(kind, span), l)
    }

    /// `expr`, or an error node (reported at token `l`) when it is nested
    /// past [`MAX_DEPTH`].
    fn depth_limited(&mut self, expr: Expr, l: u32) -> Expr {
        if expr.depth > MAX_DEPTH {
            self.depth_exceeded(l, expr.span, "expression");
            return Expr::error(expr.span);
        }
        expr
    }

    /// `{ items }` as an initializer.
    pub fn init_list(&self, items: Vec<Box<InitItem>>, l: u32, r: u32) -> Initializer {
        Initializer::List(items.into_iter().map(|i| *i).collect(), self.span(l, r))
    }

    /// `(type){ items }`.
    pub fn compound_literal(
        &mut self,
        ty: Box<TypeName>,
        items: Vec<Box<InitItem>>,
        l: u32,
        r: u32,
    ) -> Expr {
        let items = items.into_iter().map(|i| *i).collect();
        self.expr(ExprKind::CompoundLiteral(ty, items), l, r)
    }

    /// Builds the tree of a binary operator chain by precedence (all
    /// binary operators are left-associative); `l` is the chain's first
    /// token. Iterative, so long chains cannot overflow the stack.
    pub fn fold_binary(&mut self, mut chain: BinaryChain, l: u32) -> Expr {
        // The common chains need no operator stack.
        match chain.rest.len() {
            0 => return chain.first,
            1 => {
                let (op, b) = chain.rest.pop().expect("one operator");
                return self.binary(op, chain.first, b, l);
            }
            _ => {}
        }
        let mut operands = Vec::with_capacity(chain.rest.len() + 1);
        operands.push(chain.first);
        let mut operators: Vec<BinaryOp> = Vec::with_capacity(chain.rest.len());
        for (op, operand) in chain.rest {
            while operators
                .last()
                .is_some_and(|&top| precedence(top) >= precedence(op))
            {
                self.reduce_binary(&mut operands, &mut operators, l);
            }
            operators.push(op);
            operands.push(operand);
        }
        while !operators.is_empty() {
            self.reduce_binary(&mut operands, &mut operators, l);
        }
        operands
            .pop()
            .unwrap_or_else(|| Expr::error(self.span(l, l)))
    }

    /// Combines the top two operands with the top operator.
    fn reduce_binary(&mut self, operands: &mut Vec<Expr>, operators: &mut Vec<BinaryOp>, l: u32) {
        let (Some(op), Some(b), Some(a)) = (operators.pop(), operands.pop(), operands.pop()) else {
            return;
        };
        let expr = self.binary(op, a, b, l);
        operands.push(expr);
    }

    /// `a op b`, or an error node past the depth limit.
    fn binary(&mut self, op: BinaryOp, a: Expr, b: Expr, l: u32) -> Expr {
        let span = a.span.to(b.span);
        self.depth_limited(
            Expr::new(ExprKind::Binary(op, Box::new(a), Box::new(b)), span),
            l,
        )
    }

    /// A literal token; an invalid one (already reported) becomes an error
    /// node.
    pub fn literal(&mut self, index: u32, l: u32, r: u32) -> Expr {
        let span = self.span(l, r);
        match self.literals.get_mut(index as usize).and_then(Option::take) {
            Some(literal) => Expr::new(ExprKind::Literal(literal), span),
            None => Expr::error(span),
        }
    }
}

impl ParamDecl {
    /// Whether this is an unnamed, unqualified `void` (as in `f(void)`).
    pub fn is_plain_void(&self) -> bool {
        matches!(self.specs.ty, TypeSpec::Builtin(BuiltinType::Void, _))
            && self.specs.qualifiers == Qualifiers::default()
            && self.specs.storage.is_none()
            && self.declarator.name.is_none()
            && self.declarator.derived.is_empty()
    }
}

/// The span of tokens `l..r`: from the first token's start to the last
/// token's end, or an empty span where the range is empty.
pub fn token_range_span(spans: &[Span], l: u32, r: u32) -> Span {
    let (l, r) = (l as usize, r as usize);
    if l < r && r <= spans.len() {
        spans[l].to(spans[r - 1])
    } else if let Some(next) = spans.get(l) {
        Span::new(next.file, next.start, next.start)
    } else if let Some(last) = spans.last() {
        last.end_point()
    } else {
        Span::default()
    }
}
