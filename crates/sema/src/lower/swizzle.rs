//! Vector component selection (`v.xy`, `v.s03`, `v.hi`, OpenCL C 3.0
//! §6.3.7) and vector literals (`(float4)(a.xy, b, 1.0f)`, §6.3.6).
//!
//! A swizzle of one component is a place (an element pointer), so it reads,
//! writes, takes `++` and compound assignment like any object. A swizzle of
//! several components reads as a [`ExprKind::Construct`] of the selected
//! elements; assigning to one stores each component in turn, which is
//! why the components of an lvalue swizzle must not repeat. A selection
//! of a selection (`v.lo.x`, `v.s4567.wz`) composes into one list of the
//! vector's own components, so it is as much an object as a single level.

use oclc_diagnostics::Span;
use oclc_ir::{AddressSpace, ExprId, ExprKind, LocalId, Quals, Type, TypeId};
use oclc_syntax::ast;
use oclc_target::ClStd;

use super::{Lowerer, Value};
use crate::codes;

/// Numbers of components a vector (or a swizzle) may have.
const LENGTHS: [usize; 5] = [2, 3, 4, 8, 16];

/// The components `name` selects from a vector of `len` elements
/// (indices, in order), or the reason it selects none. A component of a
/// 3-vector's `.hi`/`.odd` past its end is `len` (undefined on read,
/// ignored on write).
pub(crate) fn parse(name: &str, len: u8, std: ClStd) -> Result<Vec<u8>, String> {
    let n = if len == 3 { 4 } else { len };
    let half = || (0..n).map(|i| i.min(len)).collect::<Vec<u8>>();
    let picked: Vec<u8> = match name {
        "lo" => half()[..usize::from(n / 2)].to_vec(),
        "hi" => half()[usize::from(n / 2)..].to_vec(),
        "even" => half().into_iter().step_by(2).collect(),
        "odd" => half().into_iter().skip(1).step_by(2).collect(),
        _ if name.len() > 1 && (name.starts_with('s') || name.starts_with('S')) => {
            let mut out = Vec::new();
            for c in name[1..].chars() {
                let Some(i) = c.to_digit(16) else {
                    return Err(format!("`{c}` is not a component number (`s0`…`sF`)"));
                };
                out.push(i as u8);
            }
            out
        }
        _ => {
            let xyzw = name.chars().all(|c| "xyzw".contains(c));
            let rgba = name.chars().all(|c| "rgba".contains(c));
            if !xyzw && !rgba {
                return Err(
                    if name.chars().any(|c| "xyzw".contains(c))
                        && name.chars().any(|c| !"xyzw".contains(c))
                    {
                        "a swizzle cannot mix component sets (`.xyzw`, `.rgba`, `.s0`…)".to_owned()
                    } else {
                        format!("`{name}` names no component")
                    },
                );
            }
            if rgba && !xyzw && std < ClStd::Cl30 {
                return Err("`.rgba` components need OpenCL C 3.0 (`-cl-std=CL3.0`)".to_owned());
            }
            // On 8- and 16-vectors `.xyzw` name the first four components,
            // as clang accepts (the conformance suite writes `t.z` on an
            // `int8`).
            let set = if xyzw { "xyzw" } else { "rgba" };
            name.chars()
                .map(|c| set.find(c).unwrap_or(0) as u8)
                .collect()
        }
    };
    if let Some(&bad) = picked
        .iter()
        .find(|&&i| i >= len && !matches!(name, "hi" | "odd"))
    {
        return Err(format!(
            "component {bad} is out of range for a vector of {len} components"
        ));
    }
    if picked.len() != 1 && !LENGTHS.contains(&picked.len()) {
        return Err(format!(
            "a swizzle selects 1, 2, 3, 4, 8 or 16 components, not {}",
            picked.len()
        ));
    }
    Ok(picked)
}

/// Several components of a vector object: a swizzle such as `v.hi`, or
/// nested ones such as `v.s4567.wz` composed into one list.
struct Selection {
    /// A pointer to the vector.
    place: ExprId,
    /// The vector's type.
    vector: TypeId,
    /// The components, in order (a 3-vector's undefined fourth is 3).
    picked: Vec<u8>,
}

/// The base, field and `->`-ness of `base.field` or `base->field`
/// (parenthesized or not).
fn member_parts(expr: &ast::Expr) -> Option<(&ast::Expr, &ast::Ident, bool)> {
    match &expr.unparenthesized().kind {
        ast::ExprKind::Member(base, field) => Some((base, field, false)),
        ast::ExprKind::Arrow(base, field) => Some((base, field, true)),
        _ => None,
    }
}

/// Whether a component appears twice in `picked`.
fn repeats(picked: &[u8]) -> bool {
    let mut seen = [false; 17];
    picked
        .iter()
        .any(|&i| std::mem::replace(&mut seen[usize::from(i.min(16))], true))
}

impl Lowerer<'_> {
    /// Components `field` of the vector of type `vector` at `place`: a
    /// place for one component, a constructed vector for several.
    pub(crate) fn select_components(
        &mut self,
        place: ExprId,
        vector: TypeId,
        field: ast::Ident,
        span: Span,
    ) -> Value {
        let Some((elem, picked)) = self.swizzle(vector, field) else {
            return Value::R(self.poison(span));
        };
        if let [one] = picked[..] {
            return Value::Place(self.component_ptr(place, one, span));
        }
        let loaded = self.rvalue(Value::Place(place));
        Value::R(self.pick_components(loaded, vector, elem, &picked, span))
    }

    /// Components `picked` of `value` (a vector of type `vector`, element
    /// `elem`) as a new vector. The vector is read once, into a temporary
    /// whose components are then read (each IR expression is used once).
    pub(crate) fn pick_components(
        &mut self,
        value: ExprId,
        vector: TypeId,
        elem: TypeId,
        picked: &[u8],
        span: Span,
    ) -> ExprId {
        let (init, temp) = self.spill(value, span);
        let parts: Vec<ExprId> = picked
            .iter()
            .map(|&i| {
                let base = self.local_ptr(temp, vector, span);
                let pointer = self.component_ptr(base, i, span);
                self.rvalue(Value::Place(pointer))
            })
            .collect();
        let ty = self.intern(Type::Vector {
            elem,
            len: picked.len() as u8,
        });
        let built = self.push(ExprKind::Construct(parts), ty, span);
        self.push(ExprKind::Comma(init, built), ty, span)
    }

    /// Stores `value` in a new private variable: the store, and the
    /// variable.
    pub(crate) fn spill(&mut self, value: ExprId, span: Span) -> (ExprId, LocalId) {
        let ty = self.ty_of(value);
        let local = self.new_local(format!(".tmp{}", self.fb.locals.len()), ty, span);
        let target = self.local_ptr(local, ty, span);
        let store = self.push(
            ExprKind::Store {
                pointer: target,
                value,
            },
            ty,
            span,
        );
        (store, local)
    }

    /// A pointer to the private variable `local` of type `ty` (a new node
    /// at each use).
    pub(crate) fn local_ptr(&mut self, local: LocalId, ty: TypeId, span: Span) -> ExprId {
        let pointer = self.pointer_to(ty, AddressSpace::Private, Quals::default());
        self.push(ExprKind::Local(local), pointer, span)
    }

    /// The element type and components of `.field` on `vector`, reporting
    /// an invalid selection.
    pub(crate) fn swizzle(
        &mut self,
        vector: TypeId,
        field: ast::Ident,
    ) -> Option<(TypeId, Vec<u8>)> {
        let Type::Vector { elem, len } = self.ty(vector) else {
            return None;
        };
        let name = self.text(field.name).to_owned();
        match parse(&name, len, self.cx.target.std) {
            Ok(picked) => Some((elem, picked)),
            Err(why) => {
                let type_name = self.type_name(vector);
                self.report(
                    &codes::NO_MEMBER,
                    format!("invalid vector component selection `.{name}` on `{type_name}`: {why}"),
                    field.span,
                    "invalid swizzle",
                );
                None
            }
        }
    }

    /// A pointer to component `index` of the vector at `place` (a
    /// 3-vector's undefined fourth component reads its third).
    fn component_ptr(&mut self, place: ExprId, index: u8, span: Span) -> ExprId {
        let literal = self.size_literal(u64::from(index.min(15)), span);
        let clamped = match self.type_of(place) {
            Type::Pointer { pointee, .. } => match self.ty(pointee) {
                Type::Vector { len, .. } if index >= len => {
                    self.size_literal(u64::from(len - 1), span)
                }
                _ => literal,
            },
            _ => literal,
        };
        self.element_ptr(place, clamped, span)
    }

    /// `base.field` when `base` selects several components of a vector
    /// object (`v.lo.x`, `p->hi.even`): one component is a place in that
    /// vector, several are read from it. `None`, having lowered nothing,
    /// for any other `base`.
    pub(crate) fn select_from_selection(
        &mut self,
        base: &ast::Expr,
        field: ast::Ident,
        span: Span,
    ) -> Option<Value> {
        let inner = self.selection(base)?;
        let Type::Vector { elem, .. } = self.ty(inner.vector) else {
            return None;
        };
        let Some(selection) = self.select_within(inner, field) else {
            return Some(Value::R(self.poison(span)));
        };
        // (A 3-vector's undefined fourth component reads as its third.)
        Some(match selection.picked[..] {
            [one] => Value::Place(self.component_ptr(selection.place, one, span)),
            _ => {
                let loaded = self.rvalue(Value::Place(selection.place));
                Value::R(self.pick_components(
                    loaded,
                    selection.vector,
                    elem,
                    &selection.picked,
                    span,
                ))
            }
        })
    }

    /// `place.field = value` (or `op=`) on the components `picked` of the
    /// vector of type `vector` at `place` (`field` names them in
    /// diagnostics). One component is an ordinary place; for several, the
    /// place and the new components are each evaluated once, into
    /// temporaries, and each component is then stored in turn (so
    /// components may not repeat).
    fn store_components(
        &mut self,
        op: Option<ast::BinaryOp>,
        selection: Selection,
        field: ast::Ident,
        value: &ast::Expr,
        span: Span,
    ) -> ExprId {
        let Selection {
            place,
            vector,
            picked,
        } = selection;
        let Type::Vector { elem, len } = self.ty(vector) else {
            return self.poison(span);
        };
        if let [one] = picked[..] {
            if one >= len {
                // The undefined fourth component of a 3-vector: the value
                // is computed and dropped.
                return self.rvalue_expr(value);
            }
            let to = self.component_ptr(place, one, span);
            return match op {
                None => self.assign_to_place(to, value, span),
                Some(op) => self.compound_assign(op, to, value, span),
            };
        }
        if repeats(&picked) {
            self.report(
                &codes::INVALID_OPERANDS,
                format!(
                    "`.{}` repeats a component and cannot be assigned to",
                    self.text(field.name)
                ),
                field.span,
                "repeated component",
            );
            let _ = self.rvalue_expr(value);
            return self.poison(span);
        }
        let ty = self.intern(Type::Vector {
            elem,
            len: picked.len() as u8,
        });
        let pointer_ty = self.ty_of(place);
        let (bind, pointer) = self.spill(place, span);
        let rhs = self.rvalue_expr(value);
        let rhs = match op {
            None => self.convert_for_assignment(rhs, ty, "assigning", value.span),
            Some(op) => {
                let Some(ir_op) = super::ops::ir_binary(op) else {
                    return self.poison(span);
                };
                let base = self.local_ptr(pointer, pointer_ty, span);
                let base = self.rvalue(Value::Place(base));
                let loaded = self.rvalue(Value::Place(base));
                let current = self.pick_components(loaded, vector, elem, &picked, span);
                let result = self.arithmetic(ir_op, current, rhs, span);
                self.convert_for_assignment(result, ty, "assigning", value.span)
            }
        };
        if self.is_poison(rhs) {
            return rhs;
        }
        let (init, temp) = self.spill(rhs, span);
        let mut result = self.push(ExprKind::Comma(bind, init), ty, span);
        for (k, &i) in picked.iter().enumerate() {
            if i >= len {
                continue; // the undefined fourth component of a 3-vector
            }
            let from_base = self.local_ptr(temp, ty, span);
            let from = self.component_ptr(from_base, k as u8, span);
            let component = self.rvalue(Value::Place(from));
            let to_base = self.local_ptr(pointer, pointer_ty, span);
            let to_base = self.rvalue(Value::Place(to_base));
            let to = self.component_ptr(to_base, i, span);
            let store = self.push(
                ExprKind::Store {
                    pointer: to,
                    value: component,
                },
                elem,
                span,
            );
            result = self.push(ExprKind::Comma(result, store), elem, span);
        }
        let value_ptr = self.local_ptr(temp, ty, span);
        let value = self.rvalue(Value::Place(value_ptr));
        self.push(ExprKind::Comma(result, value), ty, span)
    }

    /// `expr` as several components of a vector, selected by a swizzle
    /// (`v.hi`, `p->s0123`) or by nested ones (`v.s4567.wz`, composed
    /// into one list); `None`, having lowered and reported nothing, for
    /// any other expression.
    fn selection(&mut self, expr: &ast::Expr) -> Option<Selection> {
        let (base, field, arrow) = member_parts(expr)?;
        let name = self.text(field.name).to_owned();
        if name.len() < 2 {
            return None;
        }
        let (mark, diags) = (self.mark(), self.diags.len());
        let found =
            match self.selection(base) {
                Some(inner) => self.compose(inner, &name),
                None => {
                    let place = if arrow {
                        Some(self.rvalue_expr(base))
                    } else {
                        self.member_base(base, field.span)
                    };
                    place.and_then(|place| match self.type_of(place) {
                        Type::Pointer { pointee, .. } => match self.ty(pointee) {
                            Type::Vector { len, .. } => parse(&name, len, self.cx.target.std)
                                .ok()
                                .map(|picked| Selection {
                                    place,
                                    vector: pointee,
                                    picked,
                                }),
                            _ => None,
                        },
                        _ => None,
                    })
                }
            };
        match found {
            Some(selection) if selection.picked.len() > 1 => Some(selection),
            _ => {
                self.rewind(mark);
                self.diags.truncate(diags);
                None
            }
        }
    }

    /// The components `name` selects from `inner` (a selection read as a
    /// vector of its own), as components of the underlying vector.
    fn compose(&self, inner: Selection, name: &str) -> Option<Selection> {
        let outer = parse(name, inner.picked.len() as u8, self.cx.target.std).ok()?;
        Some(self.compose_picked(inner, &outer))
    }

    /// The components `field` selects from `inner` (read as a vector of
    /// its own), as components of the underlying vector; `None` after
    /// reporting an invalid selection.
    fn select_within(&mut self, inner: Selection, field: ast::Ident) -> Option<Selection> {
        let Type::Vector { elem, .. } = self.ty(inner.vector) else {
            return None;
        };
        let virtual_vector = self.intern(Type::Vector {
            elem,
            len: inner.picked.len() as u8,
        });
        let (_, picked) = self.swizzle(virtual_vector, field)?;
        Some(self.compose_picked(inner, &picked))
    }

    /// The components `outer` of `inner`, as components of the underlying
    /// vector (one past `inner` is the undefined fourth of a 3-vector).
    fn compose_picked(&self, inner: Selection, outer: &[u8]) -> Selection {
        let len = match self.ty(inner.vector) {
            Type::Vector { len, .. } => len,
            _ => 0,
        };
        Selection {
            picked: outer
                .iter()
                .map(|&i| inner.picked.get(usize::from(i)).copied().unwrap_or(len))
                .collect(),
            ..inner
        }
    }

    /// `base.field = value` (or `op=`) when `field` selects several
    /// components of a vector, or selects from such a selection
    /// (`v.lo.x = …`); `None`, having lowered nothing, for any other
    /// assignment target.
    pub(crate) fn assign_to_swizzle(
        &mut self,
        op: Option<ast::BinaryOp>,
        target: &ast::Expr,
        value: &ast::Expr,
        span: Span,
    ) -> Option<ExprId> {
        let target = target.unparenthesized();
        let (base, field, _) = member_parts(target)?;
        if let Some(inner) = self.selection(base) {
            return Some(self.assign_nested(op, inner, base, *field, value, span));
        }
        // Anything else (a struct member named `xy`, an invalid
        // selection, one component) goes the usual way, which reports
        // what is wrong.
        let selection = self.selection(target)?;
        Some(self.assign_selection(op, selection, *field, target.span, value, span))
    }

    /// `inner.field = value` (or `op=`) where `inner`, written `base`, is
    /// itself a selection of several components: `field` picks among them.
    fn assign_nested(
        &mut self,
        op: Option<ast::BinaryOp>,
        inner: Selection,
        base: &ast::Expr,
        field: ast::Ident,
        value: &ast::Expr,
        span: Span,
    ) -> ExprId {
        if repeats(&inner.picked) {
            // As clang: `v.xx.y = …` is no object.
            self.report(
                &codes::INVALID_OPERANDS,
                "vector is not assignable (it contains duplicate components)".to_string(),
                base.span,
                "repeated component",
            );
            let _ = self.rvalue_expr(value);
            return self.poison(span);
        }
        let Some(selection) = self.select_within(inner, field) else {
            let _ = self.rvalue_expr(value);
            return self.poison(span);
        };
        let target = base.span.to(field.span);
        self.assign_selection(op, selection, field, target, value, span)
    }

    /// Checks that `selection` is a modifiable object, then stores into it.
    fn assign_selection(
        &mut self,
        op: Option<ast::BinaryOp>,
        selection: Selection,
        field: ast::Ident,
        target: Span,
        value: &ast::Expr,
        span: Span,
    ) -> ExprId {
        let Type::Pointer { quals, .. } = self.type_of(selection.place) else {
            return self.poison(span);
        };
        let problem = if self.in_temporary(selection.place) {
            Some((
                &codes::NOT_ASSIGNABLE,
                "expression is not assignable (cannot assign to a part of a temporary value)",
                "a component of a swizzle or of a call's result",
            ))
        } else if quals.const_ {
            Some((
                &codes::INVALID_OPERANDS,
                "cannot assign to components of a `const` vector",
                "read-only",
            ))
        } else {
            None
        };
        if let Some((code, message, label)) = problem {
            self.report(code, message.to_string(), target, label);
            let _ = self.rvalue_expr(value);
            return self.poison(span);
        }
        self.store_components(op, selection, field, value, span)
    }
    /// `(T)(a, b, …)`: the vector of type `ty` whose components are the
    /// scalars and vectors `parts` in order.
    pub(crate) fn vector_literal(
        &mut self,
        ty: TypeId,
        parts: &[&ast::Expr],
        span: Span,
    ) -> ExprId {
        let Type::Vector { elem, len } = self.ty(ty) else {
            return self.poison(span);
        };
        let mut values = Vec::with_capacity(parts.len());
        let mut count = 0usize;
        for part in parts {
            let value = self.rvalue_expr(part);
            if self.is_poison(value) {
                return value;
            }
            match self.type_of(value) {
                Type::Vector { elem: e, len: n } if e == elem => {
                    count += usize::from(n);
                    values.push(value);
                }
                Type::Vector { .. } => {
                    let (from, to) = (self.type_name(self.ty_of(value)), self.type_name(ty));
                    self.report(
                        &codes::INVALID_OPERANDS,
                        format!("a `{from}` cannot be a component of a `{to}` literal: element types differ"),
                        part.span,
                        "use `convert_` to change the element type",
                    );
                    return self.poison(span);
                }
                _ => {
                    count += 1;
                    values.push(self.convert_for_assignment(
                        value,
                        elem,
                        "initializing",
                        part.span,
                    ));
                }
            }
        }
        if count != usize::from(len) {
            let name = self.type_name(ty);
            self.report(
                &codes::INVALID_OPERANDS,
                format!("a `{name}` literal needs {len} components, not {count}"),
                span,
                "wrong number of components",
            );
            return self.poison(span);
        }
        self.push(ExprKind::Construct(values), ty, span)
    }
}

#[cfg(test)]
mod tests {
    use super::parse;
    use oclc_target::ClStd;

    #[test]
    fn component_sets() {
        let cl20 = ClStd::Cl20;
        assert_eq!(parse("wzyx", 4, cl20), Ok(vec![3, 2, 1, 0]));
        assert_eq!(parse("s0F", 16, cl20), Ok(vec![0, 15]));
        assert_eq!(parse("S70", 8, cl20), Ok(vec![7, 0]));
        assert_eq!(parse("xx", 2, cl20), Ok(vec![0, 0]));
        assert_eq!(parse("rgba", 4, ClStd::Cl30), Ok(vec![0, 1, 2, 3]));
        assert!(parse("rgba", 4, cl20).is_err());
        assert!(parse("xs0", 4, cl20).is_err());
        assert!(parse("w", 2, cl20).is_err());
        assert!(parse("s8", 8, cl20).is_err());
        assert_eq!(parse("x", 8, cl20), Ok(vec![0]));
        assert_eq!(parse("wz", 16, cl20), Ok(vec![3, 2]));
        assert!(parse("xyzxy", 4, cl20).is_err());
    }

    #[test]
    fn halves_and_parities() {
        let cl20 = ClStd::Cl20;
        assert_eq!(parse("lo", 8, cl20), Ok(vec![0, 1, 2, 3]));
        assert_eq!(parse("hi", 8, cl20), Ok(vec![4, 5, 6, 7]));
        assert_eq!(parse("even", 4, cl20), Ok(vec![0, 2]));
        assert_eq!(parse("odd", 16, cl20), Ok(vec![1, 3, 5, 7, 9, 11, 13, 15]));
        assert_eq!(parse("lo", 2, cl20), Ok(vec![0]));
        // A 3-vector counts as a 4-vector whose w is undefined.
        assert_eq!(parse("hi", 3, cl20), Ok(vec![2, 3]));
        assert_eq!(parse("odd", 3, cl20), Ok(vec![1, 3]));
        assert_eq!(parse("lo", 3, cl20), Ok(vec![0, 1]));
    }
}
