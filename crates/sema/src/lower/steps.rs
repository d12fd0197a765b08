//! `++` and `--` on what is not an arithmetic scalar: `bool` objects,
//! integer vectors, and swizzles (several components are no object, so they
//! step as `v.xy += 1` does); and the check that a place is not inside a
//! temporary copy.

use oclc_diagnostics::Span;
use oclc_ir::{BinaryOp, ExprId, ExprKind, Literal, Type, UnaryOp};
use oclc_syntax::ast;

use super::{Lowerer, TypeClass, Value};
use crate::codes;

impl Lowerer<'_> {
    /// Whether `expr` (parenthesized or not) selects members by a name of
    /// several letters: a vector swizzle such as `v.xy` or `v.lo`.
    pub(crate) fn is_swizzle(&self, expr: &ast::Expr) -> bool {
        matches!(&expr.unparenthesized().kind,
            ast::ExprKind::Member(_, field) | ast::ExprKind::Arrow(_, field)
                if self.text(field.name).len() >= 2)
    }

    /// `++b`, `b--` on a `bool` object, with C's meaning: an increment
    /// makes it true, a decrement flips it (`b - 1` converted to `bool`);
    /// the value is the new one (prefix) or the old one (postfix). The
    /// object's address and old value are each computed once.
    pub(crate) fn step_bool(
        &mut self,
        place: ExprId,
        increment: bool,
        prefix: bool,
        span: Span,
    ) -> ExprId {
        let bool_ty = self.bool_ty();
        let pointer_ty = self.ty_of(place);
        let (keep_pointer, pointer) = self.spill(place, span);
        let at = self.local_ptr(pointer, pointer_ty, span);
        let at = self.rvalue(Value::Place(at));
        let old = self.rvalue(Value::Place(at));
        let (keep_old, old) = self.spill(old, span);
        let new = if increment {
            self.push(ExprKind::Literal(Literal::Bool(true)), bool_ty, span)
        } else {
            let old = self.local_ptr(old, bool_ty, span);
            let old = self.rvalue(Value::Place(old));
            self.push(ExprKind::Unary(UnaryOp::Not, old), bool_ty, span)
        };
        let at = self.local_ptr(pointer, pointer_ty, span);
        let at = self.rvalue(Value::Place(at));
        let store = self.push(
            ExprKind::Store {
                pointer: at,
                value: new,
            },
            bool_ty,
            span,
        );
        let result = if prefix {
            store
        } else {
            let old = self.local_ptr(old, bool_ty, span);
            let old = self.rvalue(Value::Place(old));
            self.push(ExprKind::Comma(store, old), bool_ty, span)
        };
        let result = self.push(ExprKind::Comma(keep_old, result), bool_ty, span);
        self.push(ExprKind::Comma(keep_pointer, result), bool_ty, span)
    }

    /// `++v`, `v--` on an integer vector object: `v += 1` / `v -= 1`,
    /// whose result less the step is the old value (exact on integers).
    pub(crate) fn step_vector(
        &mut self,
        place: ExprId,
        increment: bool,
        prefix: bool,
        operand_span: Span,
        span: Span,
    ) -> ExprId {
        let (step, undo) = if increment {
            (ast::BinaryOp::Add, BinaryOp::Sub)
        } else {
            (ast::BinaryOp::Sub, BinaryOp::Add)
        };
        let one = one_literal(operand_span);
        let result = self.compound_assign(step, place, &one, span);
        if prefix || self.is_poison(result) {
            return result;
        }
        self.undo_step(result, undo, span)
    }

    /// `++v.xy`, `v.s37--`, …: the components stepped by one as
    /// `v.xy += 1` steps them; the value is the new components (prefix)
    /// or the new components less the step (postfix: the old components,
    /// exactly for integers).
    pub(crate) fn step_components(
        &mut self,
        target: &ast::Expr,
        increment: bool,
        prefix: bool,
        span: Span,
    ) -> ExprId {
        let one = one_literal(target.span);
        let (step, undo) = if increment {
            (ast::BinaryOp::Add, BinaryOp::Sub)
        } else {
            (ast::BinaryOp::Sub, BinaryOp::Add)
        };
        let Some(result) = self.assign_to_swizzle(Some(step), target, &one, span) else {
            return self.poison(span);
        };
        if self.is_poison(result) {
            return result;
        }
        let ty = self.ty_of(result);
        // As for whole vectors, only integer components step (clang).
        if let Type::Vector { elem, .. } = self.ty(ty) {
            if !self.ty(elem).is_integer_like() {
                let name = self.type_name(ty);
                let verb = if increment { "increment" } else { "decrement" };
                self.report(
                    &codes::INVALID_OPERANDS,
                    format!("cannot {verb} a value of type `{name}`"),
                    target.span,
                    "not arithmetic or a pointer",
                );
                return self.poison(span);
            }
        }
        if prefix {
            return result;
        }
        self.undo_step(result, undo, span)
    }
}

impl Lowerer<'_> {
    /// Whether the place `place` lies in a temporary made by
    /// `materialize` (a member or component of a value, not an object).
    pub(crate) fn in_temporary(&self, place: ExprId) -> bool {
        let mut current = place;
        loop {
            match self.expr(current).kind {
                ExprKind::MemberPtr { pointer, .. } | ExprKind::ElementPtr { pointer, .. } => {
                    current = pointer;
                }
                ExprKind::Comma(_, value) => current = value,
                ExprKind::Local(local) => return self.materialized.contains(&local),
                _ => return false,
            }
        }
    }
}

impl Lowerer<'_> {
    /// The old value of an integer object stepped by `+= 1`/`-= 1` into
    /// `result`: `result` with the step undone by `undo` (exact on
    /// integers), the value of a postfix `++`/`--`.
    fn undo_step(&mut self, result: ExprId, undo: BinaryOp, span: Span) -> ExprId {
        let ty = self.ty_of(result);
        let int = self.int_ty();
        let one = self.int_literal(1, int, span);
        let one = self.convert_arith(one, ty);
        self.push(ExprKind::Binary(undo, result, one), ty, span)
    }
}

/// The literal `1` at `span` (the step of `++` and `--` lowered as `+=`).
fn one_literal(span: Span) -> ast::Expr {
    ast::Expr {
        kind: ast::ExprKind::Literal(ast::Literal::Int {
            value: 1,
            unsigned: false,
            long: false,
            non_decimal: false,
        }),
        span,
        depth: 1,
    }
}
