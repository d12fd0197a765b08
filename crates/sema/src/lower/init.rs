//! Initializers: `= expr` and `= { ... }` (with `.field` and `[index]`
//! designators) for private variables (element-wise stores, with the
//! elements not written set to zero as C requires) and for program-scope
//! variables (constant [`ConstInit`] trees).
//!
//! Both start by flattening the initializer into leaves: a path of array
//! indices and member numbers from the object to a sub-object, and the
//! expression that initializes it. Braces may be elided as C allows: an
//! expression where a nested aggregate starts initializes that aggregate's
//! first scalar, and the following items its next ones
//! (`float w[3][3] = { 1, 2, 1, 2, 4, 2, 1, 2, 1 }`,
//! `struct { int a; int b[2]; } s = { 1, 2, 3 }`); a string literal
//! initializes a `char` array member.

use oclc_diagnostics::Span;
use oclc_ir::{ConstInit, ExprId, ExprKind, InitLeaf, Literal, Stmt, Type, TypeId};
use oclc_syntax::ast::{self, Designator, Initializer};
use rustc_hash::FxHashSet;

use super::Lowerer;
use crate::codes;

/// Most scalar stores one private initializer may expand to.
const MAX_INIT_LEAVES: usize = 4096;
/// Deepest nesting of aggregates an initializer may walk.
const MAX_INIT_DEPTH: u32 = 64;
/// Elements one range designator may name (more would pass the leaf
/// limit anyway).
const MAX_RANGE: u32 = MAX_INIT_LEAVES as u32;

/// One step from an aggregate to a sub-object.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Step {
    /// Array element.
    Index(u32),
    /// Struct or union member.
    Member(u32),
}

/// A sub-object and the expression written for it.
struct Leaf<'e> {
    path: Vec<Step>,
    ty: TypeId,
    value: LeafValue<'e>,
}

/// What initializes a leaf.
enum LeafValue<'e> {
    /// An expression.
    Expr(&'e ast::Expr),
    /// A braced list for a vector (`float4 v = { a.xy, 1.0f, 2.0f }`): its
    /// items are the parts of a vector literal, as clang reads it for
    /// OpenCL.
    Vector(&'e [ast::InitItem], Span),
    /// One byte of a string literal initializing a `char` array member.
    Byte(u8, Span),
}

impl Leaf<'_> {
    fn span(&self) -> Span {
        match self.value {
            LeafValue::Expr(expr) => expr.span,
            LeafValue::Vector(_, span) | LeafValue::Byte(_, span) => span,
        }
    }
}

impl Lowerer<'_> {
    /// `char s[] = "abc"` (also `uchar`): the string as the initializer
    /// list `{ 'a', 'b', 'c', 0 }` (the NUL only where the array has room
    /// or no size, as C says); `None` for other initializers.
    pub(crate) fn string_initializer(&self, ty: TypeId, init: &Initializer) -> Option<Initializer> {
        let Initializer::Expr(expr) = init else {
            return None;
        };
        let items = self
            .string_bytes(ty, expr)?
            .into_iter()
            .map(|b| ast::InitItem {
                designators: Vec::new(),
                init: Initializer::Expr(ast::Expr::new(
                    ast::ExprKind::Literal(ast::Literal::Char(u32::from(b))),
                    expr.span,
                )),
            })
            .collect();
        Some(Initializer::List(items, expr.span))
    }

    /// The complete type of an unsized array from its initializer list.
    pub(crate) fn sized_array_type(&mut self, ty: TypeId, init: &Initializer) -> TypeId {
        let expanded = self.string_initializer(ty, init);
        let init = expanded.as_ref().unwrap_or(init);
        let Type::Array { elem, len: None } = self.ty(ty) else {
            return ty;
        };
        let mut leaves = Vec::new();
        let len = match init {
            Initializer::List(items, _) => {
                let mut max = 0u32;
                self.flatten_list(ty, items, &mut Vec::new(), &mut leaves, 0, Some(&mut max));
                max
            }
            Initializer::Expr(e) => {
                self.report(
                    &codes::UNSUPPORTED,
                    "initializing an array from an expression (such as a string literal) is not supported by oclc yet".to_string(),
                    e.span,
                    "array initializer",
                );
                1
            }
        };
        self.intern(Type::Array {
            elem,
            len: Some(len.max(1)),
        })
    }

    /// Emits the stores that initialize the object at `place`.
    pub(crate) fn initialize_place(
        &mut self,
        place: ExprId,
        ty: TypeId,
        init: &Initializer,
        out: &mut Vec<Stmt>,
    ) {
        let expanded = self.string_initializer(ty, init);
        let init = expanded.as_ref().unwrap_or(init);
        let leaves = match init {
            Initializer::Expr(expr) => {
                if matches!(self.ty(ty), Type::Array { .. }) {
                    self.report(
                        &codes::UNSUPPORTED,
                        "initializing an array from an expression (such as a string literal) is not supported by oclc yet".to_string(),
                        expr.span,
                        "array initializer",
                    );
                    return;
                }
                vec![Leaf {
                    path: Vec::new(),
                    ty,
                    value: LeafValue::Expr(expr),
                }]
            }
            Initializer::List(items, _) => {
                let mut leaves = Vec::new();
                self.flatten_list(ty, items, &mut Vec::new(), &mut leaves, 0, None);
                leaves
            }
        };
        let written: FxHashSet<Vec<Step>> = leaves.iter().map(|l| l.path.clone()).collect();
        // Zeros first: the sub-objects no element writes, so that an
        // element written through a union member other than the first
        // is not overwritten by the zero of the member it aliases.
        if let Initializer::List(_, span) = init {
            let mut zeros = Vec::new();
            if !self.scalar_leaves(ty, &mut Vec::new(), &mut zeros, 0) {
                self.report(
                    &codes::UNSUPPORTED,
                    format!("initializer lists for objects with more than {MAX_INIT_LEAVES} elements are not supported by oclc yet"),
                    *span,
                    "object too large",
                );
                return;
            }
            for (path, leaf_ty) in zeros {
                let covered =
                    (0..=path.len()).any(|n| path.get(..n).is_some_and(|p| written.contains(p)));
                if covered {
                    continue;
                }
                let target = self.place_at(place, &path, *span);
                let zero = self.zero_value(leaf_ty, *span);
                let void = self.value_type_of_place(target);
                let store = self.push(
                    ExprKind::Store {
                        pointer: target,
                        value: zero,
                    },
                    void,
                    *span,
                );
                out.push(Stmt::Expr(store));
            }
        }
        for leaf in &leaves {
            let target = self.place_at(place, &leaf.path, leaf.span());
            let store = match leaf.value {
                LeafValue::Expr(expr) => self.assign_to_place(target, expr, expr.span),
                LeafValue::Vector(..) | LeafValue::Byte(..) => {
                    let value = self.leaf_rvalue(leaf);
                    if self.is_poison(value) {
                        value
                    } else {
                        let void = self.value_type_of_place(target);
                        self.push(
                            ExprKind::Store {
                                pointer: target,
                                value,
                            },
                            void,
                            leaf.span(),
                        )
                    }
                }
            };
            out.push(Stmt::Expr(store));
        }
    }

    /// A zero of a scalar type (the value type for atomic objects).
    fn zero_value(&mut self, ty: TypeId, span: Span) -> ExprId {
        let value_ty = self.value_type(ty);
        let literal = match self.ty(value_ty) {
            Type::Bool => Literal::Bool(false),
            Type::Float { .. } => Literal::Float(0.0),
            Type::Pointer { .. } => Literal::Null,
            _ => Literal::Int(0),
        };
        self.push(ExprKind::Literal(literal), value_ty, span)
    }

    /// A pointer to the sub-object at `path` inside the object at `place`.
    fn place_at(&mut self, place: ExprId, path: &[Step], span: Span) -> ExprId {
        let mut current = place;
        for step in path {
            current = match *step {
                Step::Index(i) => {
                    let index = self.size_literal(u64::from(i), span);
                    self.element_ptr(current, index, span)
                }
                Step::Member(m) => self.member_ptr(current, m, span),
            };
        }
        current
    }

    /// Every scalar sub-object of `ty` with its path; false when there are
    /// more than [`MAX_INIT_LEAVES`] or the type nests too deeply.
    fn scalar_leaves(
        &self,
        ty: TypeId,
        path: &mut Vec<Step>,
        out: &mut Vec<(Vec<Step>, TypeId)>,
        depth: u32,
    ) -> bool {
        if depth > MAX_INIT_DEPTH || out.len() > MAX_INIT_LEAVES {
            return false;
        }
        match self.ty(ty) {
            Type::Array { elem, len } => {
                for i in 0..len.unwrap_or(0) {
                    path.push(Step::Index(i));
                    let ok = self.scalar_leaves(elem, path, out, depth + 1);
                    path.pop();
                    if !ok {
                        return false;
                    }
                }
                true
            }
            Type::Struct(s) => {
                let def = self.module.types.struct_def(s);
                let count = if def.is_union {
                    def.members.len().min(1)
                } else {
                    def.members.len()
                };
                let members: Vec<TypeId> =
                    def.members.iter().take(count).map(|&(_, t)| t).collect();
                for (i, member) in members.into_iter().enumerate() {
                    path.push(Step::Member(i as u32));
                    let ok = self.scalar_leaves(member, path, out, depth + 1);
                    path.pop();
                    if !ok {
                        return false;
                    }
                }
                true
            }
            _ => {
                out.push((path.clone(), ty));
                true
            }
        }
    }

    /// Flattens `{ items }` for an object of type `ty` at `path`. For an
    /// unsized array, `max_len` receives the number of elements written.
    fn flatten_list<'e>(
        &mut self,
        ty: TypeId,
        items: &'e [ast::InitItem],
        path: &mut Vec<Step>,
        out: &mut Vec<Leaf<'e>>,
        depth: u32,
        mut max_len: Option<&mut u32>,
    ) {
        if depth > MAX_INIT_DEPTH {
            return;
        }
        if let (Type::Vector { .. }, Some(first), Some(last)) =
            (self.ty(ty), items.first(), items.last())
        {
            let span = first.init.span().to(last.init.span());
            out.push(Leaf {
                path: path.clone(),
                ty,
                value: LeafValue::Vector(items, span),
            });
            return;
        }
        let mut cursor: u32 = 0;
        // Whether the last designator reached into an anonymous member,
        // where C would continue positionally inside that member.
        let mut inside_anonymous = false;
        let mut index = 0;
        while let Some(item) = items.get(index) {
            index += 1;
            let span = item.init.span();
            if let Some((Designator::Range(first, last), rest)) = item.designators.split_first() {
                // `[a ... b] = v`: the same initializer for each element.
                let Some((elem, lo, hi)) = self.designated_range(ty, first, last) else {
                    continue;
                };
                for i in lo..=hi {
                    path.push(Step::Index(i));
                    self.flatten_designated(elem, rest, &item.init, path, out, depth + 1);
                    path.pop();
                }
                cursor = hi.saturating_add(1);
                inside_anonymous = false;
                if let Some(max) = max_len.as_deref_mut() {
                    *max = (*max).max(cursor);
                }
                continue;
            }
            let (steps, sub_ty, rest) = match item.designators.split_first() {
                Some((first, rest)) => match self.designated_step(ty, first) {
                    Some((steps, sub_ty)) => (steps, sub_ty, rest),
                    None => continue,
                },
                None if inside_anonymous => {
                    self.report(
                        &codes::UNSUPPORTED,
                        "a positional initializer after a designator into an anonymous member is not supported by oclc yet".to_string(),
                        span,
                        "designate this member too",
                    );
                    return;
                }
                None => match self.positional_step(ty, cursor) {
                    Some(found) => (vec![found.0], found.1, &[][..]),
                    None => {
                        if !self.aggregate(ty) && index == 1 {
                            // `int x = { 1 };` (a scalar takes the first
                            // value; `{ 5, 6 }` warns on the 6, as clang).
                            self.flatten_init(ty, &item.init, path, out, depth + 1);
                            if let Some(extra) = items.get(1) {
                                self.report(
                                    &codes::EXCESS_INITIALIZERS,
                                    "excess elements in scalar initializer".to_string(),
                                    extra.init.span(),
                                    "no element left for this value (ignored)",
                                );
                            }
                        } else {
                            // clang warns and ignores the rest.
                            self.report(
                                &codes::EXCESS_INITIALIZERS,
                                "excess elements in initializer".to_string(),
                                span,
                                "no element left for this value (ignored)",
                            );
                        }
                        return;
                    }
                },
            };
            cursor = match steps.first() {
                Some(Step::Index(i) | Step::Member(i)) => i.saturating_add(1),
                None => cursor,
            };
            inside_anonymous = steps.len() > 1;
            if let Some(max) = max_len.as_deref_mut() {
                *max = (*max).max(cursor);
            }
            let depth_before = path.len();
            path.extend(steps);
            if rest.is_empty() && self.elides_braces(sub_ty, &item.init) {
                // The sub-aggregate takes this item and the ones after it.
                let used = self.flatten_elided(sub_ty, &items[index - 1..], path, out, depth + 1);
                index += used.saturating_sub(1);
            } else {
                self.flatten_designated(sub_ty, rest, &item.init, path, out, depth + 1);
            }
            path.truncate(depth_before);
        }
    }

    /// Whether `init` for an object of type `ty` starts a run of items
    /// with the braces elided: an expression where an array or a struct
    /// (not given a value of its type) begins. A vector takes a scalar as
    /// a whole: it converts, splatted (`float2 p[2] = { 1, 2 }` is
    /// `{ (1, 1), (2, 2) }` for clang and the runtime's compiler).
    fn elides_braces(&mut self, ty: TypeId, init: &Initializer) -> bool {
        let Initializer::Expr(expr) = init else {
            return false;
        };
        match self.ty(ty) {
            Type::Array { .. } => self.string_bytes(ty, expr).is_none(),
            Type::Struct(_) => self.unevaluated_type(expr).is_some_and(|given| given != ty),
            _ => false,
        }
    }

    /// Initializes the object of type `ty` at `path` from the items at the
    /// start of `items` with its braces elided; returns how many it took
    /// (at least one). It stops at a designator, which belongs to the
    /// enclosing list, or when the object is full.
    fn flatten_elided<'e>(
        &mut self,
        ty: TypeId,
        items: &'e [ast::InitItem],
        path: &mut Vec<Step>,
        out: &mut Vec<Leaf<'e>>,
        depth: u32,
    ) -> usize {
        if depth > MAX_INIT_DEPTH {
            return 1;
        }
        let mut used = 0;
        let mut position = 0;
        while let Some(item) = items.get(used) {
            if used > 0 && !item.designators.is_empty() {
                break;
            }
            let Some((step, sub_ty)) = self.positional_step(ty, position) else {
                break;
            };
            position += 1;
            path.push(step);
            if self.elides_braces(sub_ty, &item.init) {
                used += self.flatten_elided(sub_ty, &items[used..], path, out, depth + 1);
            } else {
                self.flatten_init(sub_ty, &item.init, path, out, depth + 1);
                used += 1;
            }
            path.pop();
        }
        used.max(1)
    }

    /// The bytes a string literal `expr` puts in a `char` array of type
    /// `ty` (with the NUL where there is room, as C says); `None` when
    /// `expr` is not a string literal or `ty` not a `char` array.
    fn string_bytes(&self, ty: TypeId, expr: &ast::Expr) -> Option<Vec<u8>> {
        let ast::ExprKind::Literal(ast::Literal::String(bytes)) = &expr.strip_parens().kind else {
            return None;
        };
        let Type::Array { elem, len } = self.ty(ty) else {
            return None;
        };
        if !matches!(self.ty(elem), Type::Int { bits: 8, .. }) {
            return None;
        }
        let with_nul = bytes.len() + 1;
        let count = len.map_or(with_nul, |n| with_nul.min(n as usize));
        Some(
            bytes
                .iter()
                .copied()
                .chain(std::iter::once(0))
                .take(count)
                .collect(),
        )
    }

    /// Follows the remaining designators, then the initializer.
    fn flatten_designated<'e>(
        &mut self,
        ty: TypeId,
        designators: &[Designator],
        init: &'e Initializer,
        path: &mut Vec<Step>,
        out: &mut Vec<Leaf<'e>>,
        depth: u32,
    ) {
        if depth > MAX_INIT_DEPTH {
            return;
        }
        match designators.split_first() {
            None => self.flatten_init(ty, init, path, out, depth),
            Some((first, rest)) => {
                if let Some((steps, sub_ty)) = self.designated_step(ty, first) {
                    let depth_before = path.len();
                    path.extend(steps);
                    self.flatten_designated(sub_ty, rest, init, path, out, depth + 1);
                    path.truncate(depth_before);
                }
            }
        }
    }

    fn flatten_init<'e>(
        &mut self,
        ty: TypeId,
        init: &'e Initializer,
        path: &mut Vec<Step>,
        out: &mut Vec<Leaf<'e>>,
        depth: u32,
    ) {
        match init {
            Initializer::Expr(expr) => {
                if let Type::Array { elem, .. } = self.ty(ty) {
                    // A string literal for a `char` array member (the only
                    // expression an array takes; others elide braces).
                    if let Some(bytes) = self.string_bytes(ty, expr) {
                        for (i, byte) in bytes.into_iter().enumerate() {
                            path.push(Step::Index(i as u32));
                            out.push(Leaf {
                                path: path.clone(),
                                ty: elem,
                                value: LeafValue::Byte(byte, expr.span),
                            });
                            path.pop();
                        }
                        return;
                    }
                    self.report(
                        &codes::INVALID_INITIALIZER,
                        "an array is initialized by a braced list (or, for `char` arrays, a string literal)"
                            .to_string(),
                        expr.span,
                        "not an array initializer",
                    );
                    return;
                }
                out.push(Leaf {
                    path: path.clone(),
                    ty,
                    value: LeafValue::Expr(expr),
                });
            }
            Initializer::List(items, _) => self.flatten_list(ty, items, path, out, depth, None),
        }
    }

    fn aggregate(&self, ty: TypeId) -> bool {
        matches!(self.ty(ty), Type::Array { .. } | Type::Struct(_))
    }

    /// The element or member at position `cursor`.
    fn positional_step(&self, ty: TypeId, cursor: u32) -> Option<(Step, TypeId)> {
        match self.ty(ty) {
            Type::Array { elem, len } => {
                (len.is_none_or(|n| cursor < n)).then_some((Step::Index(cursor), elem))
            }
            Type::Struct(s) => {
                let def = self.module.types.struct_def(s);
                if def.is_union && cursor > 0 {
                    return None;
                }
                def.members
                    .get(cursor as usize)
                    .map(|&(_, t)| (Step::Member(cursor), t))
            }
            _ => None,
        }
    }

    /// The element type and the bounds of a GNU range designator
    /// `[first ... last]` on an array of type `ty`, reporting invalid ones.
    fn designated_range(
        &mut self,
        ty: TypeId,
        first: &ast::Expr,
        last: &ast::Expr,
    ) -> Option<(TypeId, u32, u32)> {
        let Type::Array { elem, len } = self.ty(ty) else {
            let type_name = self.type_name(ty);
            self.report(
                &codes::INVALID_INITIALIZER,
                format!("array designator used for non-array type `{type_name}`"),
                first.span,
                "not an array",
            );
            return None;
        };
        let lo = self.const_int(first, "array designator")?;
        let hi = self.const_int(last, "array designator")?;
        let span = first.span.to(last.span);
        if lo > hi {
            self.report(
                &codes::INVALID_INITIALIZER,
                format!("array designator range [{lo}, {hi}] is empty"),
                span,
                "empty range",
            );
            return None;
        }
        if lo < 0 || len.is_some_and(|n| hi >= i64::from(n)) || hi >= i64::from(MAX_RANGE) {
            self.report(
                &codes::INVALID_INITIALIZER,
                format!("array designator range [{lo}, {hi}] is out of bounds"),
                span,
                "out of bounds",
            );
            return None;
        }
        Some((elem, lo as u32, hi as u32))
    }

    /// The steps to the sub-object a designator names (several for a
    /// member of an anonymous struct or union member), reporting invalid
    /// ones.
    fn designated_step(
        &mut self,
        ty: TypeId,
        designator: &Designator,
    ) -> Option<(Vec<Step>, TypeId)> {
        match (designator, self.ty(ty)) {
            (Designator::Index(expr), Type::Array { elem, len }) => {
                let index = self.const_int(expr, "array designator")?;
                if index < 0
                    || len.is_some_and(|n| index >= i64::from(n))
                    || index > i64::from(u32::MAX)
                {
                    self.report(
                        &codes::INVALID_INITIALIZER,
                        format!("array designator index {index} is out of bounds"),
                        expr.span,
                        "out of bounds",
                    );
                    return None;
                }
                Some((vec![Step::Index(index as u32)], elem))
            }
            (Designator::Field(field), Type::Struct(_)) => {
                let name = self.text(field.name);
                match self.member_path(ty, name) {
                    Some(indices) => {
                        let mut current = ty;
                        let mut steps = Vec::with_capacity(indices.len());
                        for index in indices {
                            let Type::Struct(s) = self.ty(current) else {
                                return None;
                            };
                            current = self
                                .module
                                .types
                                .struct_def(s)
                                .members
                                .get(index as usize)?
                                .1;
                            steps.push(Step::Member(index));
                        }
                        Some((steps, current))
                    }
                    None => {
                        let type_name = self.type_name(ty);
                        self.report(
                            &codes::NO_MEMBER,
                            format!("no member named `{name}` in `{type_name}`"),
                            field.span,
                            "unknown member",
                        );
                        None
                    }
                }
            }
            (Designator::Range(expr, _), _) => {
                // Handled by the list's loop; nested in a designator chain
                // (`.a[1 ... 3]`) it is not supported.
                self.report(
                    &codes::UNSUPPORTED,
                    "a range designator after another designator is not supported by oclc"
                        .to_string(),
                    expr.span,
                    "range designator",
                );
                None
            }
            (Designator::Index(expr), _) => {
                let type_name = self.type_name(ty);
                self.report(
                    &codes::INVALID_INITIALIZER,
                    format!("array designator used for non-array type `{type_name}`"),
                    expr.span,
                    "not an array",
                );
                None
            }
            (Designator::Field(field), _) => {
                let type_name = self.type_name(ty);
                self.report(
                    &codes::INVALID_INITIALIZER,
                    format!("field designator used for non-struct type `{type_name}`"),
                    field.span,
                    "not a struct or union",
                );
                None
            }
        }
    }

    /// The constant initializer of a program-scope (or `static`/`constant`)
    /// variable, the variable's type completed from it, and the scalar
    /// sub-objects it writes.
    pub(crate) fn constant_initializer(
        &mut self,
        ty: TypeId,
        init: &Initializer,
    ) -> (Option<ConstInit>, TypeId, Vec<InitLeaf>) {
        let ty = self.sized_array_type(ty, init);
        let expanded = self.string_initializer(ty, init);
        let init = expanded.as_ref().unwrap_or(init);
        let leaves = match init {
            Initializer::Expr(expr) => {
                if self.aggregate(ty) {
                    self.report(
                        &codes::UNSUPPORTED,
                        "initializing an aggregate from an expression is not supported by oclc yet"
                            .to_string(),
                        expr.span,
                        "aggregate initializer",
                    );
                    return (None, ty, Vec::new());
                }
                vec![Leaf {
                    path: Vec::new(),
                    ty,
                    value: LeafValue::Expr(expr),
                }]
            }
            Initializer::List(items, _) => {
                let mut leaves = Vec::new();
                self.flatten_list(ty, items, &mut Vec::new(), &mut leaves, 0, None);
                leaves
            }
        };
        let mut root = ConstInit::Zero;
        let mut ok = true;
        for leaf in &leaves {
            let Some(value) = self.constant_leaf(leaf) else {
                ok = false;
                continue;
            };
            if !self.insert_const(&mut root, ty, &leaf.path, value) {
                self.report(
                    &codes::UNSUPPORTED,
                    "this constant initializer is not supported by oclc yet".to_string(),
                    leaf.span(),
                    "unsupported initializer",
                );
                ok = false;
            }
        }
        let written = leaves
            .iter()
            .map(|leaf| InitLeaf {
                span: leaf.span(),
                ty: leaf.ty,
            })
            .collect();
        (ok.then_some(root), ty, written)
    }

    /// The value of a scalar or vector leaf.
    fn leaf_rvalue(&mut self, leaf: &Leaf<'_>) -> ExprId {
        match leaf.value {
            LeafValue::Expr(expr) => self.rvalue_expr(expr),
            LeafValue::Byte(byte, span) => {
                let value = match self.ty(leaf.ty) {
                    Type::Int { signed: true, .. } => i64::from(byte as i8),
                    _ => i64::from(byte),
                };
                self.int_literal(value, leaf.ty, span)
            }
            LeafValue::Vector(items, span) => {
                let mut parts = Vec::with_capacity(items.len());
                for item in items {
                    match (&item.designators[..], &item.init) {
                        ([], Initializer::Expr(expr)) => parts.push(expr),
                        _ => {
                            self.report(
                                &codes::INVALID_INITIALIZER,
                                "a vector's initializer list takes scalars and vectors, without designators or braces".to_string(),
                                item.init.span(),
                                "not a component",
                            );
                            return self.poison(span);
                        }
                    }
                }
                self.vector_literal(leaf.ty, &parts, span)
            }
        }
    }

    /// Folds one leaf of a constant initializer.
    fn constant_leaf(&mut self, leaf: &Leaf<'_>) -> Option<ConstInit> {
        if self.aggregate(leaf.ty) {
            self.report(
                &codes::UNSUPPORTED,
                "initializing a struct member from a struct value is not supported in constant initializers".to_string(),
                leaf.span(),
                "aggregate value",
            );
            return None;
        }
        let mark = self.mark();
        let value = self.leaf_rvalue(leaf);
        let target = self.value_type(leaf.ty);
        let converted = self.convert_for_assignment(value, target, "initializing", leaf.span());
        let result = if self.is_poison(converted) {
            None
        } else {
            let folded = if matches!(self.ty(target), Type::Pointer { .. }) {
                self.fold(converted)
                    .map(ConstInit::Scalar)
                    .or_else(|| self.fold_address(converted))
            } else if matches!(self.ty(target), Type::Vector { .. }) {
                self.fold_components(converted).map(|parts| {
                    ConstInit::Composite(parts.into_iter().map(ConstInit::Scalar).collect())
                })
            } else {
                self.fold(converted).map(ConstInit::Scalar)
            };
            if folded.is_none() {
                self.report(
                    &codes::NOT_CONSTANT,
                    "initializer element is not a compile-time constant".to_string(),
                    leaf.span(),
                    "not constant",
                );
            }
            folded
        };
        self.rewind(mark);
        result
    }

    /// Stores `value` at `path` in a constant tree; false for paths the IR
    /// cannot express (a union member other than the first).
    fn insert_const(
        &self,
        root: &mut ConstInit,
        ty: TypeId,
        path: &[Step],
        value: ConstInit,
    ) -> bool {
        let Some((step, rest)) = path.split_first() else {
            *root = value;
            return true;
        };
        let (count, index, sub_ty) = match (self.ty(ty), *step) {
            (Type::Array { elem, len }, Step::Index(i)) => {
                (len.unwrap_or(0) as usize, i as usize, elem)
            }
            (Type::Struct(s), Step::Member(i)) => {
                let def = self.module.types.struct_def(s);
                if def.is_union && i != 0 {
                    return false;
                }
                let Some(&(_, member)) = def.members.get(i as usize) else {
                    return false;
                };
                (
                    if def.is_union { 1 } else { def.members.len() },
                    i as usize,
                    member,
                )
            }
            _ => return false,
        };
        if matches!(root, ConstInit::Zero | ConstInit::Scalar(_)) {
            *root = ConstInit::Composite(vec![ConstInit::Zero; count]);
        }
        match root {
            ConstInit::Composite(items) => match items.get_mut(index) {
                Some(slot) => self.insert_const(slot, sub_ty, rest, value),
                None => false,
            },
            _ => false,
        }
    }
}
