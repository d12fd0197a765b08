//! Expressions: names, literals, member access, indexing, casts,
//! `sizeof`, `?:` and `,`. Operators are in [`super::ops`], calls in
//! [`super::calls`].
//!
//! Lowering an expression gives a [`Value`]: an rvalue, or a *place* (a
//! pointer to an object not read yet) for lvalues. [`Lowerer::rvalue`]
//! reads a place: arrays decay to a pointer to their first element and a
//! `Load` through a pointer to `Atomic(T)` has type `T`.

use oclc_diagnostics::{excerpt, Diagnostic, Span};
use oclc_ir::{AddressSpace, ExprId, ExprKind, Literal, Quals, Type, TypeId};
use oclc_syntax::ast::{self, ExprKind as AstKind};
use oclc_target::Feature;

use super::types::Declared;
use super::{Lowerer, TypeClass, Value};
use crate::builtins;
use crate::codes;
use crate::scope::{closest, Binding, Storage};

impl Lowerer<'_> {
    /// Lowers an expression to a value or place.
    pub(crate) fn lower_expr(&mut self, expr: &ast::Expr) -> Value {
        let span = expr.span;
        match &expr.kind {
            AstKind::Ident(ident) => self.lower_ident(*ident),
            AstKind::Literal(ast::Literal::String(bytes)) => self.string_literal(bytes, span),
            AstKind::Literal(literal) => Value::R(self.lower_literal(literal, span)),
            AstKind::Paren(inner) => self.lower_expr(inner),
            AstKind::Call(callee, args) => Value::R(self.lower_call(callee, args, span)),
            AstKind::Index(base, index) => self.lower_index(base, index, span),
            AstKind::Member(base, field) => self.lower_member(base, *field, span),
            AstKind::Arrow(base, field) => self.lower_arrow(base, *field, span),
            AstKind::Unary(op, operand) => self.lower_unary(*op, operand, span),
            AstKind::Binary(op, a, b) => Value::R(self.lower_binary(*op, a, b, span)),
            AstKind::Assign(op, a, b) => Value::R(self.lower_assign(*op, a, b, span)),
            AstKind::Conditional(c, a, b) => Value::R(self.lower_conditional(c, a, b, span)),
            AstKind::Elvis(c, b) => Value::R(self.lower_elvis(c, b, span)),
            AstKind::StmtExpr(block) => Value::R(self.lower_stmt_expr(block, span)),
            AstKind::Cast(type_name, operand) => {
                Value::R(self.lower_cast(type_name, operand, span))
            }
            AstKind::CompoundLiteral(type_name, items) => {
                self.lower_compound_literal(type_name, items, span)
            }
            AstKind::SizeofExpr(operand) => Value::R(self.lower_sizeof_expr(operand, span)),
            AstKind::VecStepExpr(operand) => Value::R(match self.unevaluated_type(operand) {
                Some(ty) => self.vec_step(ty, operand.unparenthesized().span, span),
                None => self.poison(span),
            }),
            AstKind::Generic(operand, assocs) => self.lower_generic(operand, assocs, span),
            AstKind::AsType(operand, type_name) => Value::R(crate::builtins::lower_astype(
                self, operand, type_name, span,
            )),
            AstKind::Offsetof(type_name, first, rest) => {
                Value::R(self.lower_offsetof(type_name, *first, rest, span))
            }
            AstKind::VecStepType(type_name) => Value::R(match self.lower_type_name(type_name) {
                Some(ty) => self.vec_step(ty, type_name.span, span),
                None => self.poison(span),
            }),
            AstKind::AlignofExpr(operand) => Value::R(match self.unevaluated_type(operand) {
                Some(ty) => {
                    let declared = self.declared_align(operand);
                    self.align_literal(ty, declared, span)
                }
                None => self.poison(span),
            }),
            AstKind::AlignofType(type_name) => Value::R(match self.lower_type_name(type_name) {
                Some(ty) => {
                    let declared = self.typedef_align(&type_name.specs, &type_name.declarator);
                    self.align_literal(ty, declared, span)
                }
                None => self.poison(span),
            }),
            AstKind::SizeofType(type_name) => {
                let size = match self.lower_type_name(type_name) {
                    Some(ty) => self.size_of_type(ty, span),
                    None => None,
                };
                Value::R(match size {
                    Some(n) => self.size_literal(n, span),
                    None => self.poison(span),
                })
            }
            AstKind::Comma(a, b) => {
                let first = self.rvalue_expr(a);
                let second = self.rvalue_expr(b);
                let ty = self.ty_of(second);
                Value::R(self.push(ExprKind::Comma(first, second), ty, span))
            }
            AstKind::Error => Value::R(self.poison(span)),
        }
    }

    /// Lowers an expression and reads it.
    pub(crate) fn rvalue_expr(&mut self, expr: &ast::Expr) -> ExprId {
        let value = self.lower_expr(expr);
        self.rvalue_at(value, Some(expr.span))
    }

    /// Reads a place (array decay, atomic value type); rvalues pass
    /// through.
    pub(crate) fn rvalue(&mut self, value: Value) -> ExprId {
        self.rvalue_at(value, None)
    }

    /// [`rvalue`](Self::rvalue), with the read spanning `span` when the
    /// source expression is known: the read of `*p` covers `*p`, not the
    /// pointer `p` (a fix that rewrites the read must replace all of it).
    pub(super) fn rvalue_at(&mut self, value: Value, span: Option<Span>) -> ExprId {
        let place = match value {
            Value::R(id) => return id,
            Value::Place(place) => place,
        };
        let span = span.unwrap_or_else(|| self.span_of(place));
        let Type::Pointer { pointee, .. } = self.type_of(place) else {
            return place;
        };
        match self.ty(pointee) {
            Type::Array { .. } => {
                let index = self.size_literal(0, span);
                self.element_ptr(place, index, span)
            }
            Type::Void => {
                self.report(
                    &codes::INVALID_OPERANDS,
                    "cannot read an object of type `void`".to_string(),
                    span,
                    "void value",
                );
                self.poison(span)
            }
            _ => {
                let ty = self.value_type(pointee);
                self.push(ExprKind::Load(place), ty, span)
            }
        }
    }

    /// The type of the value stored through `place` (the type of a
    /// `Store`, `IncDec` or `CompoundAssign` on it).
    pub(crate) fn value_type_of_place(&mut self, place: ExprId) -> TypeId {
        match self.type_of(place) {
            Type::Pointer { pointee, .. } => self.value_type(pointee),
            _ => self.ty_of(place),
        }
    }

    /// A `size_t` literal.
    /// `_Alignof(ty)` as a `size_t` constant (an error for types without
    /// an alignment: `void`, opaque and incomplete types).
    /// `vec_step`: the number of components of a scalar or vector type (4
    /// for a 3-component vector, 1 for a scalar), a constant `size_t` (as
    /// clang types it, so `vec_step(x) > -1` is an unsigned comparison); an
    /// expression operand is not evaluated.
    fn vec_step(&mut self, ty: TypeId, operand: Span, span: Span) -> ExprId {
        let steps = match self.ty(ty) {
            Type::Vector { len: 3, .. } => 4,
            Type::Vector { len, .. } => u64::from(len),
            t if t.is_arithmetic() => 1,
            _ => {
                let found = self.type_name(ty);
                self.report(
                    &codes::BUILTIN_ARGUMENTS,
                    format!("`vec_step` expects a scalar or vector type, found `{found}`"),
                    operand,
                    "not a scalar or vector",
                );
                return self.poison(span);
            }
        };
        let size = self.size_ty();
        self.push(ExprKind::Literal(oclc_ir::Literal::Int(steps)), size, span)
    }

    /// The alignment a variable named by `operand` was declared with
    /// (`__attribute__((aligned(N)))`), or 0.
    fn declared_align(&self, operand: &ast::Expr) -> u64 {
        let AstKind::Ident(ident) = operand.unparenthesized().kind else {
            return 0;
        };
        let align = match self.scopes.lookup(ident.name) {
            Some(Binding::Var {
                storage: Storage::Local(local),
                ..
            }) => self.fb.locals.get(local).map(|l| l.align),
            Some(Binding::Var {
                storage: Storage::Global(global),
                ..
            }) => self.module.globals.get(global).map(|g| g.align),
            _ => None,
        };
        u64::from(align.unwrap_or(0))
    }

    /// `_Alignof` of `ty` as a `size_t` literal, at least `at_least` (a
    /// variable's declared alignment).
    fn align_literal(&mut self, ty: TypeId, at_least: u64, span: Span) -> ExprId {
        let bits = u32::from(self.pointer_bits());
        let align = match self.ty(ty) {
            Type::Array { elem, .. } => self.module.types.align_of(elem, bits),
            // Images, samplers, events, …: pointer-aligned, as clang has them.
            Type::Opaque(_) => Some(u64::from(bits) / 8),
            _ if self.is_incomplete(ty) => None,
            _ => self.module.types.align_of(ty, bits),
        };
        match align {
            Some(align) => self.size_literal(align.max(at_least), span),
            None => {
                let name = self.type_name(ty);
                self.report(
                    &codes::INVALID_TYPE,
                    format!("`_Alignof` of type `{name}`, which has no alignment"),
                    span,
                    "no alignment",
                );
                self.poison(span)
            }
        }
    }

    pub(crate) fn size_literal(&mut self, value: u64, span: Span) -> ExprId {
        let size = self.size_ty();
        self.push(ExprKind::Literal(Literal::Int(value)), size, span)
    }

    /// Lowers a condition to a `bool` without the detour through `int`
    /// that C's comparison operators take.
    pub(crate) fn lower_cond(&mut self, expr: &ast::Expr) -> ExprId {
        let span = expr.span;
        match &expr.strip_parens().kind {
            // A vector comparison or logical operator gives a mask, which
            // `condition_value` reports as a condition that is no scalar.
            AstKind::Binary(op, a, b) if Self::is_comparison(*op) => {
                let cmp = self.comparison(*op, a, b, span);
                self.condition_value(cmp)
            }
            AstKind::Binary(op @ (ast::BinaryOp::LogicalAnd | ast::BinaryOp::LogicalOr), a, b) => {
                let logical = self.logical(*op, a, b, span);
                self.condition_value(logical)
            }
            AstKind::Unary(ast::UnaryOp::Not, operand) => {
                let inner = self.lower_cond(operand);
                let bool_ty = self.bool_ty();
                if self.is_poison(inner) {
                    return inner;
                }
                self.push(ExprKind::Unary(oclc_ir::UnaryOp::Not, inner), bool_ty, span)
            }
            _ => {
                let value = self.rvalue_expr(expr);
                self.condition_value(value)
            }
        }
    }

    fn lower_ident(&mut self, ident: ast::Ident) -> Value {
        let span = ident.span;
        let lookup = self.scopes.lookup(ident.name);
        // `__func__` (C99) and GNU's `__FUNCTION__`/`__PRETTY_FUNCTION__`:
        // the enclosing function's name, a string literal as clang makes it.
        if lookup.is_none()
            && matches!(
                self.text(ident.name),
                "__func__" | "__FUNCTION__" | "__PRETTY_FUNCTION__"
            )
        {
            if let Some(name) = self
                .func
                .as_ref()
                .and_then(|f| self.sigs.get(f.id.index()))
                .map(|sig| sig.name.clone())
            {
                return self.string_literal(name.as_bytes(), span);
            }
        }
        match lookup {
            Some(Binding::Var { storage, ty, .. }) => {
                let space = ty.space.unwrap_or(AddressSpace::Private);
                let pointer = self.pointer_to(ty.ty, space, ty.quals);
                let kind = match storage {
                    Storage::Local(l) => ExprKind::Local(l),
                    Storage::Global(g) => ExprKind::Global(g),
                };
                Value::Place(self.push(kind, pointer, span))
            }
            Some(Binding::Param { index, ty }) => {
                Value::R(self.push(ExprKind::Param(index), ty, span))
            }
            Some(Binding::EnumConst { value, ty }) => Value::R(self.int_literal(value, ty, span)),
            Some(Binding::Function(_)) => {
                let name = self.text(ident.name);
                self.report(
                    &codes::UNSUPPORTED,
                    format!("function `{name}` can only be called; function pointers are not supported by oclc yet"),
                    span,
                    "function used as a value",
                );
                Value::R(self.poison(span))
            }
            Some(Binding::Typedef(_)) => {
                let name = self.text(ident.name);
                self.report(
                    &codes::INVALID_OPERANDS,
                    format!("unexpected type name `{name}`: expected an expression"),
                    span,
                    "a type, not a value",
                );
                Value::R(self.poison(span))
            }
            None => Value::R(self.lower_builtin_ident(ident)),
        }
    }

    /// A built-in constant, or an undeclared identifier.
    fn lower_builtin_ident(&mut self, ident: ast::Ident) -> ExprId {
        let name = self.text(ident.name);
        let span = ident.span;
        if let Some(value) = builtins::constant(name) {
            self.check_availability(name, span);
            // `true` and `false` are `bool` (so `sizeof(true)` is 1 and
            // `(int4)true` is -1), the other constants `int`.
            if builtins::is_boolean_constant(name) {
                let bool_ty = self.bool_ty();
                return self.push(ExprKind::Literal(Literal::Bool(value != 0)), bool_ty, span);
            }
            let int = self.int_ty();
            return self.int_literal(value, int, span);
        }
        if name == "NULL" {
            let void = self.void_ty();
            let space = self.default_pointee_space();
            let ty = self.pointer_to(void, space, Quals::default());
            return self.push(ExprKind::Literal(Literal::Null), ty, span);
        }
        if builtins::is_builtin_function(name) {
            self.report(
                &codes::UNSUPPORTED,
                format!("built-in function `{name}` can only be called"),
                span,
                "not called",
            );
            return self.poison(span);
        }
        self.report_undeclared(ident, "use of undeclared identifier");
        self.poison(span)
    }

    /// Reports an undeclared name with a "did you mean" suggestion.
    pub(crate) fn report_undeclared(&mut self, ident: ast::Ident, message: &str) {
        let name = self.text(ident.name);
        let interner = &self.cx.symbols;
        let mut candidates: Vec<&str> = self
            .scopes
            .visible_names()
            .map(|s| interner.get(s))
            .collect();
        for n in builtins::constant_names() {
            candidates.push(n);
        }
        for n in builtins::function_names() {
            candidates.push(n);
        }
        let candidates = candidates.into_iter();
        let mut diagnostic =
            Diagnostic::new(&codes::UNDECLARED, format!("{message} `{}`", excerpt(name)))
                .with_primary(ident.span, "not found in this scope");
        if let Some(suggestion) = closest(name, candidates) {
            // A guess: `sin` → `min` compiles and means something else.
            diagnostic = diagnostic.with_suggestion(
                format!("a name with a similar spelling exists: `{suggestion}`"),
                ident.span,
                suggestion,
            );
        }
        self.push_diag(diagnostic);
    }

    fn lower_literal(&mut self, literal: &ast::Literal, span: Span) -> ExprId {
        match *literal {
            ast::Literal::Int {
                value,
                unsigned,
                long,
                non_decimal,
            } => {
                let ty = self.int_literal_type(value, unsigned, long, non_decimal);
                self.push(ExprKind::Literal(Literal::Int(value)), ty, span)
            }
            ast::Literal::Float {
                value,
                single,
                half,
            } => {
                let bits = if half {
                    16
                } else if single
                    || self.cx.target.math.single_precision_constant
                    || !(self.cx.target.supports(Feature::KhrFp64)
                        || self.cx.target.supports(Feature::Fp64))
                {
                    32
                } else {
                    64
                };
                let ty = self.intern(Type::Float { bits });
                let value = if bits == 32 {
                    f64::from(value as f32)
                } else {
                    value
                };
                self.push(ExprKind::Literal(Literal::Float(value)), ty, span)
            }
            ast::Literal::Char(c) => {
                // The bits of an `int` (`'\xff'` is -1).
                let int = self.int_ty();
                self.int_literal(i64::from(c as i32), int, span)
            }
            ast::Literal::String(_) => {
                self.report(
                    &codes::UNSUPPORTED,
                    "string literals are not supported by oclc yet".to_string(),
                    span,
                    "string literal",
                );
                self.poison(span)
            }
        }
    }

    /// C's type of an integer literal: the first of the candidate types
    /// that can represent the value.
    fn int_literal_type(
        &mut self,
        value: u64,
        unsigned: bool,
        long: bool,
        non_decimal: bool,
    ) -> TypeId {
        let candidates: &[(u8, bool)] = match (unsigned, long, non_decimal) {
            (false, false, false) => &[(32, true), (64, true), (64, false)],
            (false, false, true) => &[(32, true), (32, false), (64, true), (64, false)],
            (true, false, _) => &[(32, false), (64, false)],
            (false, true, false) => &[(64, true), (64, false)],
            (false, true, true) => &[(64, true), (64, false)],
            (true, true, _) => &[(64, false)],
        };
        let fits = |&&(bits, signed): &&(u8, bool)| {
            let max = match (bits, signed) {
                (32, true) => i32::MAX as u64,
                (32, false) => u32::MAX as u64,
                (_, true) => i64::MAX as u64,
                _ => u64::MAX,
            };
            value <= max
        };
        let &(bits, signed) = candidates.iter().find(fits).unwrap_or(&(64, false));
        self.int_type(bits, signed)
    }

    /// The type a type name denotes.
    pub(crate) fn lower_type_name(&mut self, type_name: &ast::TypeName) -> Option<TypeId> {
        let base = self.base_type(&type_name.specs);
        match self.apply_declarator(base, &type_name.declarator) {
            Declared::Object(qt) => Some(qt.ty),
            Declared::Function { .. } => {
                self.report(
                    &codes::UNSUPPORTED,
                    "function types are not supported by oclc yet".to_string(),
                    type_name.span,
                    "function type",
                );
                None
            }
        }
    }

    fn lower_cast(&mut self, type_name: &ast::TypeName, operand: &ast::Expr, span: Span) -> ExprId {
        let reported = self.diags.len();
        let target = self.lower_type_name(type_name);
        if let Some(ty) = target {
            if matches!(self.ty(ty), Type::Vector { .. }) {
                if let Some(rewritten) = hoist_vector_literal(type_name, operand, span) {
                    // The rewritten tree lowers the type name again.
                    self.diags.truncate(reported);
                    return self.rvalue_expr(&rewritten);
                }
            }
        }
        if let (Some(ty), AstKind::Paren(inner)) = (target, &operand.kind) {
            if matches!(self.ty(ty), Type::Vector { .. })
                && matches!(inner.kind, AstKind::Comma(..))
            {
                // `(float4)(a, b, c, d)`: a vector literal, not a comma.
                let mut parts = Vec::new();
                let mut rest: &ast::Expr = inner;
                while let AstKind::Comma(first, last) = &rest.kind {
                    parts.push(&**last);
                    rest = first;
                }
                parts.push(rest);
                parts.reverse();
                return self.vector_literal(ty, &parts, span);
            }
        }
        let value = self.rvalue_expr(operand);
        match target {
            // `(int4)(b)` is a vector literal (clang: a `bool` component is
            // 1), where the cast `(int4)b` makes true -1.
            Some(ty)
                if matches!(operand.kind, AstKind::Paren(_))
                    && matches!(self.ty(ty), Type::Vector { .. })
                    && self.type_of(value) == Type::Bool =>
            {
                self.convert_arith(value, ty)
            }
            Some(ty) => self.explicit_cast(value, ty, span),
            None => self.poison(span),
        }
    }

    /// `sizeof expr`: the operand is lowered for its type only and then
    /// discarded (it is not evaluated).
    /// A string literal: an array of `char` in the `constant` address
    /// space (OpenCL C 3.0 §6.7.3: string literals are `constant`), one per
    /// distinct text, holding the bytes and a terminating NUL; an lvalue
    /// that decays to `constant char *` like any array.
    fn string_literal(&mut self, bytes: &[u8], span: Span) -> Value {
        let char_ty = self.intern(Type::Int {
            bits: 8,
            signed: true,
        });
        let array = self.intern(Type::Array {
            elem: char_ty,
            len: Some(bytes.len() as u32 + 1),
        });
        let global = match self.strings.get(bytes) {
            Some(&global) => global,
            None => {
                let parts = bytes
                    .iter()
                    .chain(std::iter::once(&0))
                    .map(|&b| oclc_ir::ConstInit::Scalar(Literal::Int(b as i8 as i64 as u64)))
                    .collect();
                let id = self.module.globals.push(oclc_ir::GlobalVariable {
                    align: 0,
                    name: format!(".str.{}", self.strings.len()),
                    ty: array,
                    space: oclc_ir::AddressSpace::Constant,
                    init: Some(oclc_ir::ConstInit::Composite(parts)),
                    kernel: None,
                    span,
                    init_span: None,
                    init_leaves: Vec::new(),
                });
                self.strings.insert(bytes.to_vec(), id);
                id
            }
        };
        let pointer = self.pointer_to(
            array,
            oclc_ir::AddressSpace::Constant,
            oclc_ir::Quals::default(),
        );
        Value::Place(self.push(ExprKind::Global(global), pointer, span))
    }

    /// `(T){ … }`: an unnamed private object of type `T`, initialized as a
    /// variable with that initializer list would be; an lvalue. The stores
    /// run where the literal appears (chained with the object's address by
    /// commas).
    fn lower_compound_literal(
        &mut self,
        type_name: &ast::TypeName,
        items: &[ast::InitItem],
        span: Span,
    ) -> Value {
        let Some(ty) = self.lower_type_name(type_name) else {
            return Value::R(self.poison(span));
        };
        let init = ast::Initializer::List(items.to_vec(), span);
        let ty = self.sized_array_type(ty, &init);
        if self.is_incomplete(ty) || self.holds_image(ty) {
            let name = self.type_name(ty);
            self.report(
                &codes::INVALID_TYPE,
                format!("a compound literal cannot have type `{name}`"),
                span,
                "compound literal",
            );
            return Value::R(self.poison(span));
        }
        let local = self.new_local(".compound".to_string(), ty, span);
        let pointer_ty = self.pointer_to(
            ty,
            oclc_ir::AddressSpace::Private,
            oclc_ir::Quals::default(),
        );
        let place = self.push(ExprKind::Local(local), pointer_ty, span);
        let mut stores = Vec::new();
        self.initialize_place(place, ty, &init, &mut stores);
        let mut result = self.push(ExprKind::Local(local), pointer_ty, span);
        for store in stores.into_iter().rev() {
            if let oclc_ir::Stmt::Expr(store) = store {
                result = self.push(ExprKind::Comma(store, result), pointer_ty, span);
            }
        }
        Value::Place(result)
    }

    /// `__builtin_offsetof(T, m.n[i])`: the byte offset as a `size_t`
    /// constant, through anonymous members and constant array indices.
    fn lower_offsetof(
        &mut self,
        type_name: &ast::TypeName,
        first: ast::Ident,
        rest: &[ast::Designator],
        span: Span,
    ) -> ExprId {
        let Some(mut ty) = self.lower_type_name(type_name) else {
            return self.poison(span);
        };
        let bits = self.cx.target.pointer_bits;
        let mut offset = 0u64;
        let steps = std::iter::once(ast::Designator::Field(first)).chain(rest.iter().cloned());
        for step in steps {
            match (step, self.ty(ty)) {
                (ast::Designator::Field(name), Type::Struct(_)) => {
                    let text = self.text(name.name).to_string();
                    let Some(path) = self.member_path(ty, &text) else {
                        let type_name = self.type_name(ty);
                        self.report(
                            &codes::NO_MEMBER,
                            format!("no member named `{text}` in `{type_name}`"),
                            name.span,
                            "unknown member",
                        );
                        return self.poison(span);
                    };
                    for index in path {
                        let Type::Struct(s) = self.ty(ty) else {
                            return self.poison(span);
                        };
                        let offsets = self.module.types.member_offsets(s, bits, true);
                        let member = self.module.types.struct_def(s).members[index as usize].1;
                        offset += offsets
                            .and_then(|o| o.get(index as usize).copied())
                            .unwrap_or(0);
                        ty = member;
                    }
                }
                (ast::Designator::Index(expr), Type::Array { elem, .. }) => {
                    let Some(index) = self.const_int(&expr, "array index") else {
                        return self.poison(span);
                    };
                    let size = self.module.types.size_of(elem, bits).unwrap_or(0);
                    offset = offset.wrapping_add((index as u64).wrapping_mul(size));
                    ty = elem;
                }
                (step, _) => {
                    let step_span = match &step {
                        ast::Designator::Field(name) => name.span,
                        ast::Designator::Index(expr) | ast::Designator::Range(expr, _) => expr.span,
                    };
                    let type_name = self.type_name(ty);
                    self.report(
                        &codes::INVALID_OPERANDS,
                        format!("`__builtin_offsetof` cannot step into `{type_name}` here"),
                        step_span,
                        "not a member of a struct or an element of an array",
                    );
                    return self.poison(span);
                }
            }
        }
        self.size_literal(offset, span)
    }

    fn lower_sizeof_expr(&mut self, operand: &ast::Expr, span: Span) -> ExprId {
        let Some(ty) = self.unevaluated_type(operand) else {
            return self.poison(span);
        };
        match self.size_of_type(ty, span) {
            Some(n) => self.size_literal(n, span),
            None => self.poison(span),
        }
    }

    /// The type of `operand` without evaluating it (`sizeof`, `vec_step`);
    /// `None` when it has errors (already reported).
    pub(crate) fn unevaluated_type(&mut self, operand: &ast::Expr) -> Option<TypeId> {
        let mark = self.mark();
        let value = self.lower_expr(operand);
        let (id, is_place) = match value {
            Value::R(id) => (id, false),
            Value::Place(id) => (id, true),
        };
        let poisoned = self.is_poison(id);
        let ty = match (is_place, self.type_of(id)) {
            (true, Type::Pointer { pointee, .. }) => pointee,
            _ => self.ty_of(id),
        };
        self.rewind(mark);
        (!poisoned).then_some(ty)
    }

    /// `sizeof` of a type, reporting incomplete types.
    fn size_of_type(&mut self, ty: TypeId, span: Span) -> Option<u64> {
        // (`sizeof(void)` is an error in OpenCL C, as in clang; GNU C's 1
        // is not OpenCL's.)
        let size = match self.ty(ty) {
            Type::Void => None,
            // Images, `event_t`, `reserve_id_t`, `sampler_t`, …:
            // pointer-sized, as clang has them (the conformance suite
            // checks `sizeof(reserve_id_t)`).
            Type::Opaque(_) => Some(u64::from(self.cx.target.pointer_bits) / 8),
            _ if self.is_incomplete(ty) => None,
            _ => self.module.types.size_of(ty, self.cx.target.pointer_bits),
        };
        if size.is_none() {
            let name = self.type_name(ty);
            self.report(
                &codes::INVALID_TYPE,
                format!("invalid application of `sizeof` to an incomplete or opaque type `{name}`"),
                span,
                "size unknown",
            );
        }
        size
    }
}

/// `(float4)(a, b).odd[1]`: clang reads a vector literal as a primary
/// expression, so the member and subscript suffixes apply to the literal,
/// not to the parenthesized operand as C's grammar (and the parser) has it.
/// Returns the tree with the suffixes moved outside the cast, or `None`
/// when the operand is not a suffixed parenthesis.
fn hoist_vector_literal(
    type_name: &ast::TypeName,
    operand: &ast::Expr,
    span: Span,
) -> Option<ast::Expr> {
    let mut suffixes = Vec::new();
    let mut base = operand;
    loop {
        match &base.kind {
            AstKind::Member(inner, _) | AstKind::Index(inner, _) => {
                suffixes.push(base);
                base = inner;
            }
            AstKind::Paren(_) => break,
            _ => return None,
        }
    }
    if suffixes.is_empty() {
        return None;
    }
    let literal_span = span.to(base.span);
    let mut expr = ast::Expr::new(
        AstKind::Cast(Box::new(type_name.clone()), Box::new(base.clone())),
        literal_span,
    );
    for suffix in suffixes.into_iter().rev() {
        let kind = match &suffix.kind {
            AstKind::Member(_, field) => AstKind::Member(Box::new(expr), *field),
            AstKind::Index(_, index) => AstKind::Index(Box::new(expr), index.clone()),
            _ => return None,
        };
        expr = ast::Expr::new(kind, span.to(suffix.span));
    }
    Some(expr)
}
