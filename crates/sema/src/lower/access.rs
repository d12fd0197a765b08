//! Indexing and member access: `a[i]`, `s.f`, `p->f` (with vector
//! components handed to [`super::swizzle`]), the element and member
//! pointers they lower to, and the temporaries that give an rvalue an
//! address to index. Split from [`super::exprs`].

use oclc_diagnostics::{Diagnostic, Span};
use oclc_ir::{ExprId, ExprKind, Type, TypeId};
use oclc_syntax::ast;

use super::{Lowerer, TypeClass, Value};
use crate::codes;
use crate::scope::closest;

impl Lowerer<'_> {
    pub(super) fn lower_index(&mut self, base: &ast::Expr, index: &ast::Expr, span: Span) -> Value {
        let mut base_value = self.lower_expr(base);
        let mut index_value = self.lower_expr(index);
        if !self.indexable(base_value) && self.indexable(index_value) {
            std::mem::swap(&mut base_value, &mut index_value);
        }
        let index_id = self.rvalue(index_value);
        if let Value::Place(place) = base_value {
            if let Type::Pointer { pointee, .. } = self.type_of(place) {
                // Vectors index like arrays (`v[i]`, a clang extension
                // real kernels use).
                if matches!(self.ty(pointee), Type::Array { .. } | Type::Vector { .. }) {
                    if !self.check_index(index_id) {
                        return Value::R(self.poison(span));
                    }
                    return Value::Place(self.element_ptr(place, index_id, span));
                }
            }
        }
        let pointer = self.rvalue(base_value);
        if self.is_poison(pointer) || self.is_poison(index_id) {
            return Value::R(self.poison(span));
        }
        match self.type_of(pointer) {
            Type::Vector { .. } => {
                if !self.check_index(index_id) {
                    return Value::R(self.poison(span));
                }
                let place = self.materialize(pointer);
                let element = self.element_ptr(place, index_id, span);
                Value::R(self.rvalue_at(Value::Place(element), Some(span)))
            }
            Type::Pointer { pointee, .. } if self.ty(pointee) != Type::Void => {
                if !self.check_index(index_id) {
                    return Value::R(self.poison(span));
                }
                let ty = self.ty_of(pointer);
                Value::Place(self.push(
                    ExprKind::PtrOffset {
                        pointer,
                        index: index_id,
                    },
                    ty,
                    span,
                ))
            }
            _ => {
                let name = self.type_name(self.ty_of(pointer));
                self.report(
                    &codes::INVALID_OPERANDS,
                    format!("subscripted value is not an array or pointer (found `{name}`)"),
                    base.span,
                    "cannot be indexed",
                );
                Value::R(self.poison(span))
            }
        }
    }

    /// Whether a value can be the base of `[]`.
    fn indexable(&self, value: Value) -> bool {
        let id = match value {
            Value::R(id) | Value::Place(id) => id,
        };
        match (value, self.type_of(id)) {
            (Value::Place(_), Type::Pointer { pointee, .. }) => {
                matches!(self.ty(pointee), Type::Array { .. } | Type::Pointer { .. })
            }
            (Value::R(_), ty) => ty.is_pointer(),
            _ => false,
        }
    }

    /// Checks that an index is an integer.
    fn check_index(&mut self, index: ExprId) -> bool {
        if self.is_poison(index) {
            return false;
        }
        if self.type_of(index).is_integer_like() {
            return true;
        }
        let name = self.type_name(self.ty_of(index));
        let span = self.span_of(index);
        self.report(
            &codes::INVALID_OPERANDS,
            format!("array subscript is not an integer (found `{name}`)"),
            span,
            "not an integer",
        );
        false
    }

    /// A pointer to element `index` of the array or vector at `place`.
    pub(crate) fn element_ptr(&mut self, place: ExprId, index: ExprId, span: Span) -> ExprId {
        let Type::Pointer {
            pointee,
            space,
            quals,
        } = self.type_of(place)
        else {
            return self.poison(span);
        };
        let (Type::Array { elem, .. } | Type::Vector { elem, .. }) = self.ty(pointee) else {
            return self.poison(span);
        };
        let ty = self.pointer_to(elem, space, quals);
        self.push(
            ExprKind::ElementPtr {
                pointer: place,
                index,
            },
            ty,
            span,
        )
    }

    /// A pointer to member `field` of the struct at `place`.
    pub(crate) fn member_ptr(&mut self, place: ExprId, field: u32, span: Span) -> ExprId {
        let Type::Pointer {
            pointee,
            space,
            quals,
        } = self.type_of(place)
        else {
            return self.poison(span);
        };
        let Type::Struct(s) = self.ty(pointee) else {
            return self.poison(span);
        };
        let Some(&(_, member)) = self.module.types.struct_def(s).members.get(field as usize) else {
            return self.poison(span);
        };
        let ty = self.pointer_to(member, space, quals);
        self.push(
            ExprKind::MemberPtr {
                pointer: place,
                field,
            },
            ty,
            span,
        )
    }

    pub(super) fn lower_member(
        &mut self,
        base: &ast::Expr,
        field: ast::Ident,
        span: Span,
    ) -> Value {
        if let Some(value) = self.select_from_selection(base, field, span) {
            return value;
        }
        let Some(place) = self.member_base(base, span) else {
            return Value::R(self.poison(span));
        };
        let Type::Pointer { pointee, .. } = self.type_of(place) else {
            return Value::R(self.poison(span));
        };
        self.select_member(place, pointee, field, base.span, span)
    }

    /// The place of the struct or vector `base` of `base.field` (a value is
    /// given a temporary); `None` after reporting a base of another type.
    pub(crate) fn member_base(&mut self, base: &ast::Expr, span: Span) -> Option<ExprId> {
        let value = self.lower_expr(base);
        let place = match value {
            Value::Place(place) => place,
            Value::R(id) => {
                if self.is_poison(id) {
                    return None;
                }
                if !matches!(self.type_of(id), Type::Struct(_) | Type::Vector { .. }) {
                    self.member_base_error(self.ty_of(id), base.span);
                    return None;
                }
                // A struct or vector value (a call result, an operation):
                // give it a temporary so that its members have addresses.
                self.materialize(id)
            }
        };
        let _ = span;
        Some(place)
    }

    pub(super) fn lower_arrow(&mut self, base: &ast::Expr, field: ast::Ident, span: Span) -> Value {
        let pointer = self.rvalue_expr(base);
        if self.is_poison(pointer) {
            return Value::R(pointer);
        }
        match self.type_of(pointer) {
            Type::Pointer { pointee, .. } => {
                self.select_member(pointer, pointee, field, base.span, span)
            }
            _ => {
                let name = self.type_name(self.ty_of(pointer));
                self.report(
                    &codes::INVALID_OPERANDS,
                    format!("member reference type `{name}` is not a pointer"),
                    base.span,
                    "use `.` instead of `->`",
                );
                Value::R(self.poison(span))
            }
        }
    }

    /// Member `field` of the object of type `object` at `place`.
    pub(crate) fn select_member(
        &mut self,
        place: ExprId,
        object: TypeId,
        field: ast::Ident,
        base_span: Span,
        span: Span,
    ) -> Value {
        let name = self.text(field.name);
        match self.ty(object) {
            Type::Struct(s) => {
                if let Some(path) = self.member_path(object, name) {
                    let mut current = place;
                    for index in path {
                        current = self.member_ptr(current, index, span);
                    }
                    return Value::Place(current);
                }
                let def = self.module.types.struct_def(s);
                let members: Vec<String> = def
                    .members
                    .iter()
                    .filter(|(m, _)| !m.is_empty())
                    .map(|(m, _)| m.clone())
                    .collect();
                let type_name = self.type_name(object);
                let mut diagnostic = Diagnostic::new(
                    &codes::NO_MEMBER,
                    format!("no member named `{name}` in `{type_name}`"),
                )
                .with_primary(field.span, "unknown member");
                if let Some(suggestion) = closest(name, members.iter().map(String::as_str)) {
                    diagnostic = diagnostic.with_suggestion(
                        format!("did you mean `{suggestion}`?"),
                        field.span,
                        suggestion,
                    );
                }
                self.push_diag(diagnostic);
                Value::R(self.poison(span))
            }
            Type::Vector { .. } => self.select_components(place, object, field, span),
            _ => self.member_base_error(object, base_span),
        }
    }

    fn member_base_error(&mut self, ty: TypeId, span: Span) -> Value {
        let name = self.type_name(ty);
        self.report(
            &codes::INVALID_OPERANDS,
            format!("member reference base type `{name}` is not a structure or union"),
            span,
            "not a struct or union",
        );
        Value::R(self.poison(span))
    }

    /// Stores a value in a new temporary and returns a pointer to it.
    /// The store is a `Comma` whose right side is the pointer.
    pub(crate) fn materialize(&mut self, value: ExprId) -> ExprId {
        let span = self.span_of(value);
        let ty = self.ty_of(value);
        let (store, local) = self.spill(value, span);
        self.materialized.push(local);
        let again = self.local_ptr(local, ty, span);
        let pointer_ty = self.ty_of(again);
        self.push(ExprKind::Comma(store, again), pointer_ty, span)
    }
}
