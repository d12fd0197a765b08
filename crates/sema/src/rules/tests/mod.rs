//! Unit tests of the rules on hand-built IR modules.
//!
//! [`Case`] holds a source text (so spans and quoted snippets are real), a
//! module with one function, and builds expressions whose spans are found
//! by searching the text. Each test builds the few nodes a rule looks at,
//! runs [`super::check`] and inspects the diagnostics. `docs` checks the
//! rules' documentation.

mod availability;
mod docs;
mod objects;
mod orders;
mod scopes;

use super::check;
use crate::Context;
use oclc_diagnostics::{Diagnostic, FileId, Level, SourceMap, Span};
use oclc_ir::{
    AddressSpace, AtomicCall, AtomicForm, AtomicOp, AtomicReturn, Block, Expr, ExprId, ExprKind,
    FenceCall, FenceKind, Function, Literal, MemArg, Module, Quals, Stmt, Type, TypeId,
};
use oclc_preprocessor::{Expansion, Preprocessed};
use oclc_target::{ClStd, Feature, Target};

/// A source text, a module with one function `k` under construction, and
/// the preprocessor record.
pub(super) struct Case {
    pub sources: SourceMap,
    pub file: FileId,
    pub module: Module,
    pub function: Function,
    pub pp: Preprocessed,
}

impl Case {
    /// A case over `source`.
    pub fn new(source: &str) -> Case {
        let mut sources = SourceMap::new();
        let file = sources.add("test.cl", source);
        let mut module = Module::default();
        let void = module.types.intern(Type::Void);
        let function = Function {
            fp_contract: true,
            fp_contract_pragmas: Vec::new(),
            inline: oclc_ir::InlineHint::None,
            name: "k".to_owned(),
            kernel: None,
            params: Vec::new(),
            ret: void,
            locals: oclc_ir::Arena::new(),
            exprs: oclc_ir::Arena::new(),
            body: Block::default(),
            labels: 0,
            span: Span::new(file, 0, source.len() as u32),
        };
        Case {
            sources,
            file,
            module,
            function,
            pp: Preprocessed::default(),
        }
    }

    /// The span of the `nth` (from 0) occurrence of `needle`.
    pub fn span_nth(&self, needle: &str, nth: usize) -> Span {
        let text = self.sources.file(self.file).text();
        let start = text
            .match_indices(needle)
            .nth(nth)
            .map(|(i, _)| i)
            .unwrap_or_else(|| panic!("`{needle}` #{nth} not in the test source"));
        Span::new(self.file, start as u32, (start + needle.len()) as u32)
    }

    /// The span of the first occurrence of `needle`.
    pub fn span(&self, needle: &str) -> Span {
        self.span_nth(needle, 0)
    }

    /// Interns a type.
    pub fn ty(&mut self, ty: Type) -> TypeId {
        self.module.types.intern(ty)
    }

    /// `int`.
    pub fn int(&mut self) -> TypeId {
        self.ty(Type::Int {
            bits: 32,
            signed: true,
        })
    }

    /// `atomic_<inner>`.
    pub fn atomic_of(&mut self, inner: Type) -> TypeId {
        let inner = self.ty(inner);
        self.ty(Type::Atomic(inner))
    }

    /// `atomic_int`.
    pub fn atomic_int(&mut self) -> TypeId {
        self.atomic_of(Type::Int {
            bits: 32,
            signed: true,
        })
    }

    /// A pointer to `pointee` in `space` with `quals`.
    pub fn pointer_type(&mut self, pointee: TypeId, space: AddressSpace, quals: Quals) -> TypeId {
        self.ty(Type::Pointer {
            pointee,
            space,
            quals,
        })
    }

    /// Adds an expression.
    pub fn expr(&mut self, kind: ExprKind, ty: TypeId, span: Span) -> ExprId {
        self.function.exprs.push(Expr { kind, ty, span })
    }

    /// A parameter of pointer type, spelled `needle` in the source.
    pub fn pointer(&mut self, pointee: TypeId, space: AddressSpace, needle: &str) -> ExprId {
        self.pointer_with(pointee, space, Quals::default(), needle)
    }

    /// A parameter of pointer type with qualifiers.
    pub fn pointer_with(
        &mut self,
        pointee: TypeId,
        space: AddressSpace,
        quals: Quals,
        needle: &str,
    ) -> ExprId {
        let ty = self.pointer_type(pointee, space, quals);
        let span = self.span(needle);
        self.expr(ExprKind::Param(0), ty, span)
    }

    /// A constant (or, with `None`, non-constant) `int` argument spelled
    /// `needle`.
    pub fn arg(&mut self, value: Option<i64>, needle: &str) -> MemArg {
        let span = self.span(needle);
        self.arg_at(value, span)
    }

    /// An `int` argument at `span`.
    pub fn arg_at(&mut self, value: Option<i64>, span: Span) -> MemArg {
        let int = self.int();
        let kind = match value {
            Some(v) => ExprKind::Literal(Literal::Int(v as u64)),
            None => ExprKind::Param(1),
        };
        let expr = self.expr(kind, int, span);
        MemArg { expr, value, span }
    }

    /// An atomic call of `op` spelled `name` (first occurrence) on
    /// `pointer`, with no operands or orders yet.
    pub fn call(&self, op: AtomicOp, form: AtomicForm, name: &str, pointer: ExprId) -> AtomicCall {
        self.call_nth(op, form, name, 0, pointer)
    }

    /// Like [`Case::call`] at the `nth` occurrence of `name`.
    pub fn call_nth(
        &self,
        op: AtomicOp,
        form: AtomicForm,
        name: &str,
        nth: usize,
        pointer: ExprId,
    ) -> AtomicCall {
        AtomicCall {
            op,
            form,
            name_span: self.span_nth(name, nth),
            pointer,
            operands: Vec::new(),
            order: None,
            failure: None,
            scope: None,
            arg_spans: Vec::new(),
            returns: AtomicReturn::Natural,
        }
    }

    /// Adds an atomic call expression (of type `int`) spanning from its name
    /// to the end of the last argument.
    pub fn atomic(&mut self, call: AtomicCall) -> ExprId {
        let int = self.int();
        let end = [call.order, call.failure, call.scope]
            .iter()
            .flatten()
            .map(|a| a.span.end)
            .max()
            .unwrap_or(call.name_span.end);
        let span = Span::new(self.file, call.name_span.start, end);
        self.expr(ExprKind::Atomic(Box::new(call)), int, span)
    }

    /// Adds an atomic call as an expression statement.
    pub fn atomic_stmt(&mut self, call: AtomicCall) -> ExprId {
        let id = self.atomic(call);
        self.stmt(Stmt::Expr(id));
        id
    }

    /// Adds a fence call statement spelled `name`.
    pub fn fence(
        &mut self,
        kind: FenceKind,
        name: &str,
        flags: MemArg,
        order: Option<MemArg>,
        scope: Option<MemArg>,
    ) -> ExprId {
        let void = self.ty(Type::Void);
        let call = FenceCall {
            kind,
            name_span: self.span(name),
            flags,
            order,
            scope,
        };
        let span = call.name_span;
        let id = self.expr(ExprKind::Fence(Box::new(call)), void, span);
        self.stmt(Stmt::Expr(id));
        id
    }

    /// Appends a statement to the body.
    pub fn stmt(&mut self, stmt: Stmt) {
        self.function.body.0.push(stmt);
    }

    /// Records a macro expansion of `name` at `use_span` that produced
    /// tokens (expansions that produce none, such as those in `#if` lines,
    /// do not count).
    pub fn expansion(&mut self, name: &str, use_span: Span) {
        let name = self.pp.interner.intern(name);
        self.pp.expansions.push(Expansion {
            name,
            use_span,
            def_span: use_span,
            produced_tokens: true,
        });
    }

    /// Runs every rule for `target`.
    pub fn check_with(mut self, target: &Target) -> Vec<Diagnostic> {
        self.module.functions.push(self.function.clone());
        let cx = Context::new(target, &self.sources, &self.pp);
        check(&self.module, &cx)
    }

    /// Runs every rule for `target` and drops what the driver drops at
    /// default levels (`Allow` codes such as `deprecated-atomics`).
    pub fn check_default_levels(self, target: &Target) -> Vec<Diagnostic> {
        let mut diagnostics = self.check_with(target);
        diagnostics.retain(|d| d.code.default_level != Level::Allow);
        diagnostics
    }

    /// [`Case::check_default_levels`] for the default OpenCL C 2.0 target.
    pub fn check(self) -> Vec<Diagnostic> {
        self.check_default_levels(&Target::new(ClStd::Cl20))
    }
}

/// The codes of `diagnostics`, in order.
pub(super) fn codes(diagnostics: &[Diagnostic]) -> Vec<&'static str> {
    diagnostics.iter().map(|d| d.code.id).collect()
}

/// The single diagnostic, asserting there is exactly one and it has `id`.
pub(super) fn single<'a>(diagnostics: &'a [Diagnostic], id: &str) -> &'a Diagnostic {
    assert_eq!(codes(diagnostics), [id], "{diagnostics:#?}");
    &diagnostics[0]
}

/// The text of the primary label's span.
pub(super) fn primary_text<'a>(case_sources: &'a SourceMap, d: &Diagnostic) -> &'a str {
    case_sources.snippet(d.primary.as_ref().expect("a primary label").span)
}

/// The single fix's replacement text and the text it replaces.
pub(super) fn fix(sources: &SourceMap, d: &Diagnostic) -> (String, String) {
    let help = d.help.as_ref().expect("a help");
    assert_eq!(help.edits.len(), 1, "{help:#?}");
    let edit = &help.edits[0];
    (
        sources.snippet(edit.span).to_owned(),
        edit.replacement.clone(),
    )
}

/// A target of `std` with `features` removed from the default set.
pub(super) fn target_without(std: ClStd, features: &[Feature]) -> Target {
    let mut target = Target::new(std);
    for &f in features {
        target.features.remove(f);
    }
    target
}

#[test]
fn rules_are_listed_in_id_order_without_duplicates() {
    let ids: Vec<&str> = super::RULES.iter().map(|c| c.id).collect();
    let mut sorted = ids.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(ids, sorted);
    assert_eq!(ids.len(), 26);
    for code in super::RULES {
        assert!(code.id.starts_with("E04") || code.id.starts_with("W04"));
        assert_eq!(
            code.default_level == oclc_diagnostics::Level::Deny,
            code.id.starts_with('E')
        );
        assert!(code.spec.is_some_and(|s| s.starts_with("OpenCL C 3.0 §6.")));
        assert!(
            code.explanation.contains("```c"),
            "{} has no example",
            code.id
        );
        assert!(!code.summary.ends_with('.'));
    }
    let names: Vec<&str> = super::RULES.iter().map(|c| c.name).collect();
    let mut unique = names.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), names.len());
}

#[test]
fn an_empty_module_is_clean() {
    assert!(Case::new("").check().is_empty());
}
