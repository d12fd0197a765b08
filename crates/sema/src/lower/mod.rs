//! Lowering: the AST of one translation unit to an [`oclc_ir::Module`].
//!
//! One [`Lowerer`] walks the items in order. Declarations and types are in
//! [`types`] and [`decls`], initializers in [`init`], expressions in
//! [`exprs`] (operators in [`ops`], conversions in [`convert`], calls in
//! [`calls`]), statements in [`stmts`], and whole functions plus the
//! call-graph checks in [`functions`]. Expressions of the function being
//! lowered go into one arena ([`FnBuilder`]); at file scope the same arena
//! serves as scratch space for constant expressions and is discarded.
//!
//! Error recovery: an expression that could not be lowered becomes a
//! *poison* node (a `void` literal, which nothing else produces); operations
//! on poison produce poison without further diagnostics, so one mistake is
//! reported once.

pub(crate) mod access;
pub(crate) mod calls;
pub(crate) mod convert;
pub(crate) mod decls;
pub(crate) mod exprs;
pub(crate) mod fp_contract;
pub(crate) mod functions;
pub(crate) mod init;
pub(crate) mod loop_hints;
pub(crate) mod ops;
pub(crate) mod pack;
pub(crate) mod records;
pub(crate) mod selection;
pub(crate) mod steps;
pub(crate) mod stmts;
pub(crate) mod switch;
pub(crate) mod swizzle;
pub(crate) mod types;
pub(crate) mod vector_ops;

use oclc_diagnostics::{Code, Diagnostic, Span};
use oclc_ir::{
    AddressSpace, Arena, Expr, ExprId, ExprKind, FunctionId, Literal, Local, LocalId, Module,
    Quals, Type, TypeId,
};
use oclc_preprocessor::Symbol;
use oclc_syntax::ast;
use oclc_target::Feature;
use rustc_hash::FxHashMap;

use crate::consteval::{self, ConstEnv};
use crate::display::type_name;
use crate::scope::{Scopes, Storage};
use crate::Context;

/// The result of lowering an expression: a value, or the address of an
/// object (an lvalue) that has not been read yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Value {
    /// An rvalue.
    R(ExprId),
    /// A pointer expression to an object.
    Place(ExprId),
}

/// The expression arena and private variables of the function being
/// lowered.
#[derive(Debug, Default)]
pub(crate) struct FnBuilder {
    /// Expressions, as in [`oclc_ir::Function::exprs`].
    pub exprs: Arena<ExprId, Expr>,
    /// Private variables, as in [`oclc_ir::Function::locals`].
    pub locals: Arena<LocalId, Local>,
    /// Labels (`goto` targets), as counted by [`oclc_ir::Function::labels`].
    pub labels: Arena<oclc_ir::LabelId, ()>,
}

/// What `break` and `continue` can target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum JumpTarget {
    /// A loop (`break` and `continue`).
    Loop,
    /// A switch (`break` only).
    Switch,
}

/// Facts about the function being lowered.
#[derive(Debug)]
pub(crate) struct FnState {
    /// Its id.
    pub id: FunctionId,
    /// Whether it is a kernel.
    pub kernel: bool,
    /// Its return type.
    pub ret: TypeId,
    /// Enclosing loops and switches, innermost last.
    pub jumps: Vec<JumpTarget>,
    /// Labels by name: the label, where it is defined, and its first use.
    pub labels: FxHashMap<oclc_preprocessor::Symbol, LabelState>,
}

/// A label of the function being lowered.
#[derive(Debug)]
pub(crate) struct LabelState {
    /// Its id.
    pub id: oclc_ir::LabelId,
    /// Where it is defined.
    pub defined: Option<Span>,
    /// The first `goto` naming it.
    pub first_use: Span,
}

/// A user function's signature and definition state.
#[derive(Clone, Debug)]
pub(crate) struct FnSig {
    /// Its name.
    pub name: String,
    /// Return type.
    pub ret: TypeId,
    /// Parameter types.
    pub params: Vec<TypeId>,
    /// Whether it is a kernel.
    pub kernel: bool,
    /// Whether a body was lowered.
    pub defined: bool,
    /// The first declaration.
    pub span: Span,
}

/// The state of lowering one translation unit.
pub(crate) struct Lowerer<'a> {
    /// Target, interner, sources.
    pub cx: Context<'a>,
    /// The module being built.
    pub module: Module,
    /// `#pragma OPENCL FP_CONTRACT` scoping.
    pub(crate) fp_contract: fp_contract::FpContractPragmas,
    /// `#pragma pack` directives.
    pub(crate) pack: pack::PackPragmas,
    /// Temporaries that hold a value so that its members or components
    /// have an address (`f().x`, `(a + b).lo`): stores into them would be
    /// lost, so they are not assignable.
    pub(crate) materialized: Vec<LocalId>,
    /// For each enclosing `switch` lowered with labels (innermost last),
    /// the label of each of its `case` and `default` nodes, by span.
    pub(crate) case_sites: Vec<Vec<(Span, oclc_ir::LabelId)>>,
    /// Diagnostics so far.
    pub diags: Vec<Diagnostic>,
    /// Name resolution.
    pub scopes: Scopes,
    /// The current function's arena (scratch space at file scope).
    pub fb: FnBuilder,
    /// The function being lowered.
    pub func: Option<FnState>,
    /// Every user function declared so far, by id.
    pub sigs: Vec<FnSig>,
    /// Calls of user functions: caller, callee, call span.
    pub calls: Vec<(FunctionId, FunctionId, Span)>,
    /// Values of `const` variables with constant initializers.
    pub const_values: FxHashMap<Storage, Literal>,
    /// Typedefs declared `aligned(N)` above their type's natural
    /// alignment, by name (see [`Lowerer::typedef_alignment`]).
    pub typedef_aligns: FxHashMap<oclc_preprocessor::Symbol, u64>,
    /// The program-scope variables declared `const` (not only in the
    /// `constant` space): clang's code generation reads those as their
    /// values, the others by a load, which matters for folding floating
    /// products ([`Lowerer::fold_float_constant`]).
    pub const_qualified_globals: rustc_hash::FxHashSet<oclc_ir::GlobalId>,
    /// The functions declared `__attribute__((overloadable))`, by name.
    pub(crate) overloads: FxHashMap<Symbol, Vec<FunctionId>>,
    /// Whether each struct (by [`oclc_ir::StructId`]) has a body.
    pub struct_complete: Vec<bool>,
    /// The `constant` array of each distinct string literal.
    pub strings: FxHashMap<Vec<u8>, oclc_ir::GlobalId>,
    /// Whether the `double` overloads of the built-ins are declared for
    /// certain: the target has fp64 and, under OpenCL C 1.0 and 1.1, where
    /// `cl_khr_fp64` is an extension, its pragma enables it. Without the
    /// pragma clang-15 leaves them out, while compilers built on clang's
    /// `opencl-c.h` (Intel's runtime) declare them; see
    /// [`crate::builtins`]'s overload resolution.
    pub doubles: bool,
}

impl<'a> Lowerer<'a> {
    /// A lowerer with an empty module for `cx.target`.
    pub fn new(cx: Context<'a>) -> Self {
        let module = Module {
            source_version: cx.target.std.number(),
            pointer_bits: cx.target.pointer_bits,
            ..Module::default()
        };
        let fp_contract = fp_contract::FpContractPragmas::new(cx.pragmas);
        let pack = pack::PackPragmas::new(cx.pragmas);
        let target = cx.target;
        let doubles = (target.supports(Feature::KhrFp64) || target.supports(Feature::Fp64))
            && (target.std >= oclc_target::ClStd::Cl12
                || cx.pragma_enables(Feature::KhrFp64.name()));
        Lowerer {
            cx,
            module,
            fp_contract,
            pack,
            materialized: Vec::new(),
            case_sites: Vec::new(),
            diags: Vec::new(),
            scopes: Scopes::default(),
            fb: FnBuilder::default(),
            func: None,
            sigs: Vec::new(),
            calls: Vec::new(),
            const_values: FxHashMap::default(),
            typedef_aligns: FxHashMap::default(),
            const_qualified_globals: Default::default(),
            overloads: FxHashMap::default(),
            struct_complete: Vec::new(),
            strings: FxHashMap::default(),
            doubles,
        }
    }

    /// Lowers every item, then checks the call graph and drops functions
    /// that were only declared.
    pub fn lower_unit(
        mut self,
        items: impl IntoIterator<Item = ast::Item>,
        done: &mut dyn FnMut(ast::Item),
    ) -> (Module, Vec<Diagnostic>) {
        // By value: each item goes to `done` (which frees it) right after
        // lowering, and the memory it frees is reused by the tree or the IR
        // of the next.
        for item in items {
            match &item {
                ast::Item::Function(def) => self.lower_function_def(def),
                ast::Item::Declaration(decl) => self.lower_declaration(decl),
                ast::Item::StaticAssert(assertion) => self.static_assert(assertion),
                ast::Item::Error(_) => {}
            }
            self.fb = FnBuilder::default();
            self.materialized.clear();
            done(item);
        }
        self.finish_functions();
        (self.module, self.diags)
    }

    // ----- small helpers shared by every lowering module -----

    /// The text of an interned symbol.
    pub fn text(&self, sym: Symbol) -> &'a str {
        self.cx.symbols.get(sym)
    }

    /// Reports an error or warning of `code` with a primary label.
    pub fn report(&mut self, code: &'static Code, message: String, span: Span, label: &str) {
        self.diags
            .push(Diagnostic::new(code, message).with_primary(span, label));
    }

    /// Adds a fully built diagnostic.
    pub fn push_diag(&mut self, diagnostic: Diagnostic) {
        self.diags.push(diagnostic);
    }

    /// Interns a type.
    pub fn intern(&mut self, ty: Type) -> TypeId {
        self.module.types.intern(ty)
    }

    /// The type with this id.
    pub fn ty(&self, id: TypeId) -> Type {
        self.module.types.get(id)
    }

    /// The OpenCL spelling of a type.
    pub fn type_name(&self, id: TypeId) -> String {
        type_name(&self.module.types, id)
    }

    /// `void`.
    pub fn void_ty(&mut self) -> TypeId {
        self.intern(Type::Void)
    }

    /// `bool`.
    pub fn bool_ty(&mut self) -> TypeId {
        self.intern(Type::Bool)
    }

    /// An integer type.
    pub fn int_type(&mut self, bits: u8, signed: bool) -> TypeId {
        self.intern(Type::Int { bits, signed })
    }

    /// `int`.
    pub fn int_ty(&mut self) -> TypeId {
        self.int_type(32, true)
    }

    /// `uint`.
    pub fn uint_ty(&mut self) -> TypeId {
        self.int_type(32, false)
    }

    /// `size_t` for the target's pointer width.
    pub fn size_ty(&mut self) -> TypeId {
        let bits = self.pointer_bits();
        self.int_type(bits, false)
    }

    /// `ptrdiff_t` for the target's pointer width.
    pub fn ptrdiff_ty(&mut self) -> TypeId {
        let bits = self.pointer_bits();
        self.int_type(bits, true)
    }

    /// The target's pointer width in bits (32 or 64).
    pub fn pointer_bits(&self) -> u8 {
        if self.cx.target.pointer_bits == 32 {
            32
        } else {
            64
        }
    }

    /// A pointer type.
    pub fn pointer_to(&mut self, pointee: TypeId, space: AddressSpace, quals: Quals) -> TypeId {
        self.intern(Type::Pointer {
            pointee,
            space,
            quals,
        })
    }

    /// The address space of an unqualified pointee: `generic` when the
    /// target has the generic address space, `private` otherwise.
    pub fn default_pointee_space(&self) -> AddressSpace {
        if self.cx.target.supports(Feature::GenericAddressSpace)
            && self.cx.target.std.is_2_0_or_later()
        {
            AddressSpace::Generic
        } else {
            AddressSpace::Private
        }
    }

    // ----- the expression arena -----

    /// Adds an expression to the arena.
    pub fn push(&mut self, kind: ExprKind, ty: TypeId, span: Span) -> ExprId {
        self.fb.exprs.push(Expr { kind, ty, span })
    }

    /// The expression with this id.
    pub fn expr(&self, id: ExprId) -> &Expr {
        &self.fb.exprs[id]
    }

    /// The type id of an expression.
    pub fn ty_of(&self, id: ExprId) -> TypeId {
        self.expr(id).ty
    }

    /// The type of an expression.
    pub fn type_of(&self, id: ExprId) -> Type {
        self.ty(self.ty_of(id))
    }

    /// The span of an expression.
    pub fn span_of(&self, id: ExprId) -> Span {
        self.expr(id).span
    }

    /// A poison expression (see the module documentation).
    pub fn poison(&mut self, span: Span) -> ExprId {
        let void = self.void_ty();
        self.push(ExprKind::Literal(Literal::Int(0)), void, span)
    }

    /// Whether `id` is poison.
    pub fn is_poison(&self, id: ExprId) -> bool {
        let e = self.expr(id);
        matches!(e.kind, ExprKind::Literal(Literal::Int(0))) && self.ty(e.ty) == Type::Void
    }

    /// An integer literal of type `ty`.
    pub fn int_literal(&mut self, value: i64, ty: TypeId, span: Span) -> ExprId {
        self.push(ExprKind::Literal(Literal::Int(value as u64)), ty, span)
    }

    /// Adds a private variable.
    pub fn new_local(&mut self, name: String, ty: TypeId, span: Span) -> LocalId {
        self.fb.locals.push(Local {
            name,
            ty,
            align: 0,
            span,
        })
    }

    /// Marks the arena so that scratch lowering can be undone.
    pub fn mark(&self) -> (usize, usize) {
        (self.fb.exprs.len(), self.fb.locals.len())
    }

    /// Drops everything added to the arena since `mark`.
    pub fn rewind(&mut self, mark: (usize, usize)) {
        self.fb.exprs.truncate(mark.0);
        self.fb.locals.truncate(mark.1);
        self.materialized.retain(|local| local.index() < mark.1);
    }

    /// The integer value of `id` when it is a constant expression.
    pub fn fold_int(&self, id: ExprId) -> Option<i64> {
        let env = ConstEnv {
            types: &self.module.types,
            exprs: &self.fb.exprs,
            variables: &self.const_values,
        };
        consteval::fold_int(&env, id)
    }

    /// The address `id` computes when it is a constant pointer into a
    /// program-scope variable.
    pub fn fold_address(&self, id: ExprId) -> Option<oclc_ir::ConstInit> {
        let env = ConstEnv {
            types: &self.module.types,
            exprs: &self.fb.exprs,
            variables: &self.const_values,
        };
        let (global, element, path) = consteval::fold_address(&env, &self.module.globals, id)?;
        Some(oclc_ir::ConstInit::Address {
            global,
            element,
            path,
        })
    }

    /// The components of `id` when it is a constant vector expression.
    pub fn fold_components(&self, id: ExprId) -> Option<Vec<Literal>> {
        let env = ConstEnv {
            types: &self.module.types,
            exprs: &self.fb.exprs,
            variables: &self.const_values,
        };
        consteval::fold_components(&env, id)
    }

    /// Folds a scalar expression to a literal, when it is constant.
    pub fn fold(&self, id: ExprId) -> Option<Literal> {
        let env = ConstEnv {
            types: &self.module.types,
            exprs: &self.fb.exprs,
            variables: &self.const_values,
        };
        consteval::fold(&env, id)
    }

    /// `_Static_assert(condition[, message])`: an error with the message
    /// when the condition is zero.
    pub(crate) fn static_assert(&mut self, assertion: &ast::StaticAssert) {
        let message = match assertion
            .message
            .as_ref()
            .map(|m| &m.unparenthesized().kind)
        {
            Some(ast::ExprKind::Literal(ast::Literal::String(bytes))) => {
                Some(String::from_utf8_lossy(bytes).into_owned())
            }
            Some(_) => {
                if let Some(m) = &assertion.message {
                    self.report(
                        &crate::codes::NOT_CONSTANT,
                        "the message of `_Static_assert` must be a string literal".to_string(),
                        m.span,
                        "not a string literal",
                    );
                }
                return;
            }
            None => None,
        };
        if self.const_int(&assertion.cond, "a static assertion's condition") == Some(0) {
            let text = match message {
                Some(message) => format!("static assertion failed: {message}"),
                None => "static assertion failed".to_string(),
            };
            self.report(
                &crate::codes::STATIC_ASSERT,
                text,
                assertion.cond.span,
                "this is zero",
            );
        }
    }

    /// Evaluates an integer constant expression written in the source
    /// (array sizes, labels, enumerators, attribute arguments), reporting
    /// `what` when it is not constant. Nothing is left in the arena.
    pub fn const_int(&mut self, expr: &ast::Expr, what: &str) -> Option<i64> {
        let mark = self.mark();
        let id = self.rvalue_expr(expr);
        let result = if self.is_poison(id) {
            None
        } else if !self.type_of(id).is_integer_like() {
            let found = self.type_name(self.ty_of(id));
            self.report(
                &crate::codes::NOT_CONSTANT,
                format!("{what} must be an integer constant expression, found `{found}`"),
                expr.span,
                "not an integer",
            );
            None
        } else {
            let value = self.fold_int(id);
            if value.is_none() {
                self.report(
                    &crate::codes::NOT_CONSTANT,
                    format!("{what} is not a compile-time constant"),
                    expr.span,
                    "not constant",
                );
            }
            value
        };
        self.rewind(mark);
        result
    }
}

/// Type classification helpers used throughout lowering.
pub(crate) trait TypeClass {
    /// An integer or `bool`.
    fn is_integer_like(&self) -> bool;
    /// An integer, floating or `bool` type.
    fn is_arithmetic(&self) -> bool;
    /// Arithmetic or pointer.
    fn is_scalar(&self) -> bool;
    /// A pointer.
    fn is_pointer(&self) -> bool;
}

impl TypeClass for Type {
    fn is_integer_like(&self) -> bool {
        matches!(self, Type::Int { .. } | Type::Bool)
    }

    fn is_arithmetic(&self) -> bool {
        matches!(self, Type::Int { .. } | Type::Bool | Type::Float { .. })
    }

    fn is_scalar(&self) -> bool {
        self.is_arithmetic() || self.is_pointer()
    }

    fn is_pointer(&self) -> bool {
        matches!(self, Type::Pointer { .. })
    }
}
