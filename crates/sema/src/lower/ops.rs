//! Operators: unary, binary (arithmetic, pointer arithmetic, comparisons,
//! `&&`/`||`), assignment, compound assignment, `++`/`--` and `?:`.
//! Operands are converted to the operation's type first; comparisons
//! produce `bool`, converted to `int` where C's result type is `int`.

use oclc_diagnostics::Span;
use oclc_ir::{
    AddressSpace, BinaryOp, Conversion, ExprId, ExprKind, Literal, OpaqueType, Type, TypeId,
    UnaryOp,
};
use oclc_syntax::ast;

use super::{Lowerer, TypeClass, Value};
use crate::codes;
use crate::display::space_name;
use crate::scope::Storage;

/// The IR operator for an AST arithmetic or comparison operator.
pub(crate) fn ir_binary(op: ast::BinaryOp) -> Option<BinaryOp> {
    use ast::BinaryOp as A;
    Some(match op {
        A::Mul => BinaryOp::Mul,
        A::Div => BinaryOp::Div,
        A::Rem => BinaryOp::Rem,
        A::Add => BinaryOp::Add,
        A::Sub => BinaryOp::Sub,
        A::Shl => BinaryOp::Shl,
        A::Shr => BinaryOp::Shr,
        A::Lt => BinaryOp::Lt,
        A::Gt => BinaryOp::Gt,
        A::Le => BinaryOp::Le,
        A::Ge => BinaryOp::Ge,
        A::Eq => BinaryOp::Eq,
        A::Ne => BinaryOp::Ne,
        A::BitAnd => BinaryOp::BitAnd,
        A::BitXor => BinaryOp::BitXor,
        A::BitOr => BinaryOp::BitOr,
        A::LogicalAnd | A::LogicalOr => return None,
    })
}

/// Whether an operator needs integer operands.
fn integer_only(op: BinaryOp) -> bool {
    matches!(
        op,
        BinaryOp::Rem
            | BinaryOp::Shl
            | BinaryOp::Shr
            | BinaryOp::BitAnd
            | BinaryOp::BitOr
            | BinaryOp::BitXor
    )
}

impl Lowerer<'_> {
    /// Whether an AST operator is a comparison.
    pub(crate) fn is_comparison(op: ast::BinaryOp) -> bool {
        use ast::BinaryOp as A;
        matches!(op, A::Lt | A::Gt | A::Le | A::Ge | A::Eq | A::Ne)
    }

    /// `bool` → `int` (C's type of comparisons and logical operators); a
    /// vector comparison is already a mask and passes through.
    fn bool_to_int(&mut self, value: ExprId, span: Span) -> ExprId {
        if self.is_poison(value) || self.type_of(value) != Type::Bool {
            return value;
        }
        let int = self.int_ty();
        self.push(ExprKind::Convert(Conversion::BoolToInt, value), int, span)
    }

    fn invalid_operands(&mut self, a: ExprId, b: ExprId, span: Span) -> ExprId {
        let (ta, tb) = (self.type_name(self.ty_of(a)), self.type_name(self.ty_of(b)));
        self.report(
            &codes::INVALID_OPERANDS,
            format!("invalid operands to binary expression (`{ta}` and `{tb}`)"),
            span,
            "invalid operands",
        );
        self.poison(span)
    }

    /// Lowers a unary operator.
    pub(crate) fn lower_unary(
        &mut self,
        op: ast::UnaryOp,
        operand: &ast::Expr,
        span: Span,
    ) -> Value {
        use ast::UnaryOp as U;
        match op {
            U::Plus | U::Neg | U::BitNot => {
                let value = self.rvalue_expr(operand);
                Value::R(self.arithmetic_unary(op, value, span))
            }
            U::Not => {
                let value = self.logical_operand(operand);
                if let Type::Vector { .. } = self.type_of(value) {
                    // `!v`: -1 where a component is zero.
                    let zero = self.zero_of(value, span);
                    return Value::R(self.vector_comparison(BinaryOp::Eq, value, zero, span));
                }
                let cond = self.condition_value(value);
                if self.is_poison(cond) {
                    return Value::R(cond);
                }
                let bool_ty = self.bool_ty();
                let not = self.push(ExprKind::Unary(UnaryOp::Not, cond), bool_ty, span);
                Value::R(self.bool_to_int(not, span))
            }
            U::Deref => {
                let pointer = self.rvalue_expr(operand);
                if self.is_poison(pointer) {
                    return Value::R(pointer);
                }
                match self.type_of(pointer) {
                    Type::Pointer { .. } => Value::Place(pointer),
                    _ => {
                        let name = self.type_name(self.ty_of(pointer));
                        self.report(
                            &codes::INVALID_OPERANDS,
                            format!("indirection requires a pointer operand (`{name}` invalid)"),
                            operand.span,
                            "not a pointer",
                        );
                        Value::R(self.poison(span))
                    }
                }
            }
            U::AddrOf => match self.lower_expr(operand) {
                Value::Place(place) if self.is_vector_component(place) => {
                    self.report(
                        &codes::NOT_ASSIGNABLE,
                        "address of vector element requested".to_string(),
                        operand.span,
                        "a vector component has no address of its own",
                    );
                    Value::R(self.poison(span))
                }
                Value::Place(place) => Value::R(place),
                Value::R(id) => {
                    if !self.is_poison(id) {
                        let name = self.type_name(self.ty_of(id));
                        self.report(
                            &codes::NOT_ASSIGNABLE,
                            format!("cannot take the address of an rvalue of type `{name}`"),
                            operand.span,
                            "not an object",
                        );
                    }
                    Value::R(self.poison(span))
                }
            },
            U::PreInc | U::PreDec | U::PostInc | U::PostDec => {
                let increment = matches!(op, U::PreInc | U::PostInc);
                let prefix = matches!(op, U::PreInc | U::PreDec);
                let verb = if increment { "increment" } else { "decrement" };
                let mark = self.mark();
                let value = self.lower_expr(operand);
                if let Value::R(components) = value {
                    if !self.is_poison(components) && self.is_swizzle(operand) {
                        // `v.xy++`: several components are no object; step
                        // them as `v.xy += 1` does.
                        self.rewind(mark);
                        return Value::R(self.step_components(operand, increment, prefix, span));
                    }
                }
                let Some(place) = self.modifiable_place(value, operand.span, verb) else {
                    return Value::R(self.poison(span));
                };
                let ty = self.value_type_of_place(place);
                let t = self.ty(ty);
                if t == Type::Bool {
                    return Value::R(self.step_bool(place, increment, prefix, span));
                }
                if let Type::Vector { elem, .. } = t {
                    if self.ty(elem).is_integer_like() {
                        // `v++` on an integer vector: `v += 1` (OpenCL C
                        // §6.3c), the old value for postfix.
                        return Value::R(self.step_vector(
                            place,
                            increment,
                            prefix,
                            operand.span,
                            span,
                        ));
                    }
                }
                if !(t.is_arithmetic() || t.is_pointer()) {
                    let name = self.type_name(ty);
                    self.report(
                        &codes::INVALID_OPERANDS,
                        format!("cannot {verb} a value of type `{name}`"),
                        operand.span,
                        "not arithmetic or a pointer",
                    );
                    return Value::R(self.poison(span));
                }
                Value::R(self.push(
                    ExprKind::IncDec {
                        pointer: place,
                        increment,
                        prefix,
                    },
                    ty,
                    span,
                ))
            }
        }
    }

    fn arithmetic_unary(&mut self, op: ast::UnaryOp, value: ExprId, span: Span) -> ExprId {
        if self.is_poison(value) {
            return value;
        }
        let ty = self.type_of(value);
        let ok = match op {
            ast::UnaryOp::BitNot => ty.is_integer_like() || matches!(ty, Type::Vector { .. }),
            _ => ty.is_arithmetic() || matches!(ty, Type::Vector { .. }),
        };
        if !ok {
            let name = self.type_name(self.ty_of(value));
            self.report(
                &codes::INVALID_OPERANDS,
                format!("invalid argument type `{name}` to unary expression"),
                span,
                "invalid operand",
            );
            return self.poison(span);
        }
        let promoted = self.promote(self.ty_of(value));
        let value = self.convert_arith(value, promoted);
        match op {
            ast::UnaryOp::Neg => self.push(ExprKind::Unary(UnaryOp::Neg, value), promoted, span),
            ast::UnaryOp::BitNot => {
                self.push(ExprKind::Unary(UnaryOp::BitNot, value), promoted, span)
            }
            _ => value,
        }
    }

    /// The place of a modifiable lvalue, or an error naming `verb`.
    pub(crate) fn modifiable_place(
        &mut self,
        value: Value,
        span: Span,
        verb: &str,
    ) -> Option<ExprId> {
        let place = match value {
            Value::Place(place) => place,
            Value::R(id) => {
                if !self.is_poison(id) {
                    self.report(
                        &codes::NOT_ASSIGNABLE,
                        format!("expression is not assignable (cannot {verb} a value)"),
                        span,
                        "not an object",
                    );
                }
                return None;
            }
        };
        if self.in_temporary(place) {
            self.report(
                &codes::NOT_ASSIGNABLE,
                format!("expression is not assignable (cannot {verb} a part of a temporary value)"),
                span,
                "a component of a swizzle or of a call's result",
            );
            return None;
        }
        let Type::Pointer {
            pointee,
            space,
            quals,
        } = self.type_of(place)
        else {
            return None;
        };
        if let Type::Opaque(opaque @ (OpaqueType::Sampler | OpaqueType::Image(_))) =
            self.ty(pointee)
        {
            let what = if opaque == OpaqueType::Sampler {
                "a sampler"
            } else {
                "an image"
            };
            self.report(
                &codes::NOT_ASSIGNABLE,
                format!("cannot {verb} {what}: samplers and images are not modified (OpenCL C 3.0 §6.15.15)"),
                span,
                "read-only object",
            );
            return None;
        }
        let problem = if space == AddressSpace::Constant {
            Some(format!(
                "cannot {verb} an object in the `{}` address space (it is read-only)",
                space_name(space)
            ))
        } else if quals.const_ {
            Some(format!("cannot {verb} a `const`-qualified object"))
        } else if matches!(self.ty(pointee), Type::Array { .. }) {
            let name = self.type_name(pointee);
            Some(format!("array type `{name}` is not assignable"))
        } else {
            None
        };
        match problem {
            Some(message) => {
                self.report(&codes::NOT_ASSIGNABLE, message, span, "not modifiable");
                None
            }
            None => Some(place),
        }
    }

    /// Lowers a binary operator (not assignment).
    pub(crate) fn lower_binary(
        &mut self,
        op: ast::BinaryOp,
        a: &ast::Expr,
        b: &ast::Expr,
        span: Span,
    ) -> ExprId {
        if Self::is_comparison(op) {
            let cmp = self.comparison(op, a, b, span);
            return self.bool_to_int(cmp, span);
        }
        if matches!(op, ast::BinaryOp::LogicalAnd | ast::BinaryOp::LogicalOr) {
            let logical = self.logical(op, a, b, span);
            return self.bool_to_int(logical, span);
        }
        // A left-associative chain (`a + b - c + …`, any length) in a
        // loop: its left spine is not nesting (see `ast::Expr::new`).
        let mut spine = vec![(op, b, span)];
        let mut leftmost = a;
        while let ast::ExprKind::Binary(inner, left, right) = &leftmost.kind {
            if !inner.chains() || !op.chains() {
                break;
            }
            spine.push((*inner, right, leftmost.span));
            leftmost = left;
        }
        let mut acc = self.rvalue_expr(leftmost);
        for (op, operand, span) in spine.into_iter().rev() {
            let right = self.rvalue_expr(operand);
            let shift = matches!(op, ast::BinaryOp::Shl | ast::BinaryOp::Shr);
            acc = match ir_binary(op) {
                // (The check is on operators as written: `++` on a swizzle
                // steps by an `int` 1 through `arithmetic`.)
                Some(_) if !shift && self.scalar_outranks_vector(acc, right, span) => {
                    self.poison(span)
                }
                Some(ir_op) => self.arithmetic(ir_op, acc, right, span),
                None => self.poison(span),
            };
        }
        acc
    }

    /// `a && b` / `a || b` as a `bool`.
    pub(crate) fn logical(
        &mut self,
        op: ast::BinaryOp,
        a: &ast::Expr,
        b: &ast::Expr,
        span: Span,
    ) -> ExprId {
        let left = self.logical_operand(a);
        if let Type::Vector { .. } = self.type_of(left) {
            // Component-wise, and both sides are evaluated.
            let right = self.logical_operand(b);
            return self.vector_logical(op, left, right, span);
        }
        let right = self.logical_operand(b);
        if let Type::Vector { .. } = self.type_of(right) {
            // `1 && v`: component-wise too, the scalar widened.
            return self.vector_logical(op, left, right, span);
        }
        let left = self.condition_value(left);
        let right = self.condition_value(right);
        if self.is_poison(left) || self.is_poison(right) {
            return self.poison(span);
        }
        let bool_ty = self.bool_ty();
        let kind = if op == ast::BinaryOp::LogicalAnd {
            ExprKind::LogicalAnd(left, right)
        } else {
            ExprKind::LogicalOr(left, right)
        };
        self.push(kind, bool_ty, span)
    }

    /// An operand of `&&`/`||`: a `bool` when it is a scalar comparison,
    /// logical operator or `!` (no detour through `int`), otherwise its
    /// value (a vector makes the operator component-wise).
    fn logical_operand(&mut self, expr: &ast::Expr) -> ExprId {
        let span = expr.span;
        match &expr.strip_parens().kind {
            ast::ExprKind::Binary(op, a, b) if Self::is_comparison(*op) => {
                self.comparison(*op, a, b, span)
            }
            ast::ExprKind::Binary(
                op @ (ast::BinaryOp::LogicalAnd | ast::BinaryOp::LogicalOr),
                a,
                b,
            ) => self.logical(*op, a, b, span),
            ast::ExprKind::Unary(ast::UnaryOp::Not, operand) => {
                let inner = self.logical_operand(operand);
                if self.is_poison(inner) {
                    return inner;
                }
                if let Type::Vector { .. } = self.type_of(inner) {
                    let zero = self.zero_of(inner, span);
                    return self.vector_comparison(BinaryOp::Eq, inner, zero, span);
                }
                let cond = self.condition_value(inner);
                let bool_ty = self.bool_ty();
                self.push(ExprKind::Unary(UnaryOp::Not, cond), bool_ty, span)
            }
            _ => self.rvalue_expr(expr),
        }
    }

    /// Arithmetic on two rvalues, including pointer arithmetic.
    pub(crate) fn arithmetic(
        &mut self,
        op: BinaryOp,
        left: ExprId,
        right: ExprId,
        span: Span,
    ) -> ExprId {
        if self.is_poison(left) || self.is_poison(right) {
            return self.poison(span);
        }
        let (tl, tr) = (self.type_of(left), self.type_of(right));
        match (op, tl, tr) {
            (BinaryOp::Add | BinaryOp::Sub, Type::Pointer { .. }, t) if t.is_integer_like() => {
                return self.pointer_offset(left, right, op == BinaryOp::Sub, span);
            }
            (BinaryOp::Add, t, Type::Pointer { .. }) if t.is_integer_like() => {
                return self.pointer_offset(right, left, false, span);
            }
            (
                BinaryOp::Sub,
                Type::Pointer { pointee: pa, .. },
                Type::Pointer { pointee: pb, .. },
            ) => {
                if pa != pb {
                    return self.invalid_operands(left, right, span);
                }
                let ptrdiff = self.ptrdiff_ty();
                // GNU C: the difference of `void *`s counts bytes.
                return self.push(ExprKind::PtrDiff(left, right), ptrdiff, span);
            }
            _ => {}
        }
        let common = match op {
            BinaryOp::Shl | BinaryOp::Shr => self.shift_type(self.ty_of(left), self.ty_of(right)),
            _ => None,
        }
        .or_else(|| self.usual_arithmetic(self.ty_of(left), self.ty_of(right)));
        let Some(common) = common else {
            return self.invalid_operands(left, right, span);
        };
        if integer_only(op) && !self.is_integer_or_int_vector(common) {
            return self.invalid_operands(left, right, span);
        }
        let left = self.convert_arith(left, common);
        let right = self.convert_arith(right, common);
        let node = self.push(ExprKind::Binary(op, left, right), common, span);
        self.fold_float_constant(node)
    }

    /// OpenCL C 3.0 §6.6 (as clang enforces it): a scalar operand of a
    /// vector operation converts to the element type only if it does not
    /// outrank it (a floating scalar with an integer vector, a `double`
    /// with a `float4`, a `long` or `uint` with an `int4`). Reports and
    /// returns true when one of `a`, `b` is such a scalar.
    pub(crate) fn scalar_outranks_vector(&mut self, a: ExprId, b: ExprId, span: Span) -> bool {
        let (ta, tb) = (self.ty_of(a), self.ty_of(b));
        let (vector, scalar) = match (self.ty(ta), self.ty(tb)) {
            (Type::Vector { elem, .. }, s) if s.is_arithmetic() => (ta, (elem, s)),
            (s, Type::Vector { elem, .. }) if s.is_arithmetic() => (tb, (elem, s)),
            _ => return false,
        };
        let (elem, scalar) = (self.ty(scalar.0), scalar.1);
        let outranks = match (elem, scalar) {
            (Type::Float { bits: e }, Type::Float { bits: s }) => s > e,
            (Type::Float { .. }, _) => false,
            (_, Type::Float { .. }) => true,
            (
                Type::Int {
                    bits: e,
                    signed: es,
                },
                Type::Int {
                    bits: s,
                    signed: ss,
                },
            ) => s > e || (s == e && es && !ss),
            _ => false,
        };
        if outranks {
            let (v, s) = (
                self.type_name(vector),
                self.type_name(if vector == ta { tb } else { ta }),
            );
            self.report(
                &codes::INVALID_OPERANDS,
                format!(
                    "scalar operand type has greater rank than the type of the vector element \
                     (`{v}` and `{s}`)"
                ),
                span,
                "convert the scalar to the vector's element type",
            );
        }
        outranks
    }

    /// The type of `value << count` when the usual arithmetic conversions
    /// do not apply: an integer scalar shifted by one is the promoted
    /// value's type; an integer vector shifted by an integer scalar or a
    /// vector of as many integers (of any signedness or width:
    /// `int4 << uint4`) keeps its type. `None` otherwise.
    fn shift_type(&mut self, value: TypeId, count: TypeId) -> Option<TypeId> {
        let int_vector = |lw: &Self, t: TypeId| match lw.ty(t) {
            Type::Vector { elem, len } => lw.ty(elem).is_integer_like().then_some(len),
            _ => None,
        };
        let (tv, tc) = (self.ty(value), self.ty(count));
        if tv.is_integer_like() && tc.is_integer_like() {
            Some(self.promote(value))
        } else if int_vector(self, value).is_some()
            && (tc.is_integer_like() || int_vector(self, count) == int_vector(self, value))
        {
            Some(value)
        } else {
            None
        }
    }

    /// A literal, a read of a `const` variable with a known value, or a
    /// conversion or negation of one.
    fn is_leaf_constant(&self, id: ExprId) -> bool {
        match self.expr(id).kind {
            ExprKind::Literal(_) => true,
            ExprKind::Load(pointer) => match self.expr(pointer).kind {
                ExprKind::Local(l) => self.const_values.contains_key(&Storage::Local(l)),
                // A `constant` variable not declared `const` is loaded by
                // clang's code generation, so its products contract (and
                // the optimiser then folds the fused form).
                ExprKind::Global(g) => {
                    self.const_qualified_globals.contains(&g)
                        && self.const_values.contains_key(&Storage::Global(g))
                }
                _ => false,
            },
            ExprKind::Convert(_, inner) | ExprKind::Unary(UnaryOp::Neg, inner) => {
                matches!(self.expr(inner).kind, ExprKind::Literal(_))
            }
            _ => false,
        }
    }

    /// A floating-point operation whose operands are constants (literals,
    /// `const` variables with constant initializers) becomes its value, as
    /// clang's code generation folds it. Besides smaller output this keeps
    /// contraction the same as clang's: `x + 0.5f * V * V` with a `const`
    /// `V` adds a rounded constant product to `x`, it is not fused into an
    /// `fma`.
    fn fold_float_constant(&mut self, node: ExprId) -> ExprId {
        let ExprKind::Binary(_, left, right) = self.expr(node).kind else {
            return node;
        };
        // Constant operands are literals by now (folded when built), so a
        // look at the operands suffices: no walk of deep trees.
        if !matches!(self.type_of(node), Type::Float { .. })
            || !self.is_leaf_constant(left)
            || !self.is_leaf_constant(right)
        {
            return node;
        }
        match self.fold(node) {
            Some(literal @ Literal::Float(_)) => {
                let (ty, span) = (self.ty_of(node), self.span_of(node));
                self.push(ExprKind::Literal(literal), ty, span)
            }
            _ => node,
        }
    }

    fn is_integer_or_int_vector(&self, ty: TypeId) -> bool {
        match self.ty(ty) {
            Type::Vector { elem, .. } => self.ty(elem).is_integer_like(),
            t => t.is_integer_like(),
        }
    }

    /// `pointer ± index` in elements (in bytes for a `void *`).
    fn pointer_offset(
        &mut self,
        pointer: ExprId,
        index: ExprId,
        negate: bool,
        span: Span,
    ) -> ExprId {
        if let Type::Pointer { pointee, .. } = self.type_of(pointer) {
            // GNU C, as clang accepts it: a `void *` moves by bytes (the
            // back end's `void` pointee is a byte).
            if self.ty(pointee) != Type::Void && self.is_incomplete(pointee) {
                let name = self.type_name(self.ty_of(pointer));
                self.report(
                    &codes::INVALID_OPERANDS,
                    format!("arithmetic on a pointer to an incomplete type (`{name}`)"),
                    span,
                    "pointee size unknown",
                );
                return self.poison(span);
            }
        }
        let ptrdiff = self.ptrdiff_ty();
        let mut index = self.convert_arith(index, ptrdiff);
        if negate {
            index = self.push(ExprKind::Unary(UnaryOp::Neg, index), ptrdiff, span);
        }
        let ty = self.ty_of(pointer);
        self.push(ExprKind::PtrOffset { pointer, index }, ty, span)
    }

    /// A comparison as a `bool`.
    pub(crate) fn comparison(
        &mut self,
        op: ast::BinaryOp,
        a: &ast::Expr,
        b: &ast::Expr,
        span: Span,
    ) -> ExprId {
        let left = self.rvalue_expr(a);
        let right = self.rvalue_expr(b);
        if self.is_poison(left) || self.is_poison(right) {
            return self.poison(span);
        }
        let Some(ir_op) = ir_binary(op) else {
            return self.poison(span);
        };
        let bool_ty = self.bool_ty();
        let (tl, tr) = (self.type_of(left), self.type_of(right));
        let (left, right) = if tl.is_arithmetic() && tr.is_arithmetic() {
            let Some(common) = self.usual_arithmetic(self.ty_of(left), self.ty_of(right)) else {
                return self.invalid_operands(left, right, span);
            };
            (
                self.convert_arith(left, common),
                self.convert_arith(right, common),
            )
        } else if tl.is_pointer() || tr.is_pointer() {
            match self.common_pointer(left, right, span) {
                Some(pair) => pair,
                None => return self.invalid_operands(left, right, span),
            }
        } else if matches!(tl, Type::Vector { .. }) || matches!(tr, Type::Vector { .. }) {
            return self.vector_comparison(ir_op, left, right, span);
        } else {
            return self.invalid_operands(left, right, span);
        };
        if self.is_poison(left) || self.is_poison(right) {
            return self.poison(span);
        }
        self.push(ExprKind::Binary(ir_op, left, right), bool_ty, span)
    }

    /// Converts two operands, at least one a pointer, to one pointer type
    /// (for comparisons and `?:`): a null constant takes the other's type,
    /// a named space converts to `generic` when the other is generic.
    pub(crate) fn common_pointer(
        &mut self,
        left: ExprId,
        right: ExprId,
        span: Span,
    ) -> Option<(ExprId, ExprId)> {
        let (tl, tr) = (self.ty_of(left), self.ty_of(right));
        match (self.ty(tl), self.ty(tr)) {
            (Type::Pointer { .. }, Type::Pointer { .. }) => {}
            (Type::Pointer { .. }, _) if self.is_null_constant(right) => {
                let r = self.convert_for_assignment(right, tl, "comparing", span);
                return Some((left, r));
            }
            (_, Type::Pointer { .. }) if self.is_null_constant(left) => {
                let l = self.convert_for_assignment(left, tr, "comparing", span);
                return Some((l, right));
            }
            _ => return None,
        }
        if tl == tr {
            return Some((left, right));
        }
        if self.is_null_constant(right) {
            let r = self.convert_for_assignment(right, tl, "comparing", span);
            return Some((left, r));
        }
        if self.is_null_constant(left) {
            let l = self.convert_for_assignment(left, tr, "comparing", span);
            return Some((l, right));
        }
        let (Type::Pointer { space: sl, .. }, Type::Pointer { space: sr, .. }) =
            (self.ty(tl), self.ty(tr))
        else {
            return None;
        };
        // Convert towards the left operand's type, or towards generic.
        if sr == AddressSpace::Generic && sl != AddressSpace::Generic {
            let l = self.convert_pointer(left, tr, span, false);
            Some((l, right))
        } else {
            let r = self.convert_pointer(right, tl, span, false);
            Some((left, r))
        }
    }

    /// `a = b` and `a op= b`.
    pub(crate) fn lower_assign(
        &mut self,
        op: Option<ast::BinaryOp>,
        a: &ast::Expr,
        b: &ast::Expr,
        span: Span,
    ) -> ExprId {
        if let Some(result) = self.assign_to_swizzle(op, a, b, span) {
            return result;
        }
        let target = self.lower_expr(a);
        let Some(place) = self.modifiable_place(target, a.span, "assign to") else {
            let _ = self.rvalue_expr(b);
            return self.poison(span);
        };
        match op {
            None => self.assign_to_place(place, b, span),
            Some(op) => self.compound_assign(op, place, b, span),
        }
    }

    /// `*place = value` with conversion for assignment.
    pub(crate) fn assign_to_place(
        &mut self,
        place: ExprId,
        value: &ast::Expr,
        span: Span,
    ) -> ExprId {
        let target = self.value_type_of_place(place);
        let rhs = self.rvalue_expr(value);
        let converted = self.convert_for_assignment(rhs, target, "assigning", value.span);
        if self.is_poison(converted) || self.is_poison(place) {
            return self.poison(span);
        }
        self.push(
            ExprKind::Store {
                pointer: place,
                value: converted,
            },
            target,
            span,
        )
    }

    pub(crate) fn compound_assign(
        &mut self,
        op: ast::BinaryOp,
        place: ExprId,
        value: &ast::Expr,
        span: Span,
    ) -> ExprId {
        let object = self.value_type_of_place(place);
        let rhs = self.rvalue_expr(value);
        if self.is_poison(rhs) {
            return rhs;
        }
        let Some(ir_op) = ir_binary(op) else {
            return self.poison(span);
        };
        let (to, tr) = (self.ty(object), self.type_of(rhs));
        if to.is_pointer() && matches!(ir_op, BinaryOp::Add | BinaryOp::Sub) && tr.is_integer_like()
        {
            let ptrdiff = self.ptrdiff_ty();
            let index = self.convert_arith(rhs, ptrdiff);
            return self.push(
                ExprKind::CompoundAssign {
                    op: ir_op,
                    pointer: place,
                    value: index,
                    op_ty: object,
                },
                object,
                span,
            );
        }
        let op_ty = match ir_op {
            BinaryOp::Shl | BinaryOp::Shr => self.shift_type(object, self.ty_of(rhs)),
            _ => None,
        }
        .or_else(|| self.usual_arithmetic(object, self.ty_of(rhs)));
        let Some(op_ty) =
            op_ty.filter(|&t| !integer_only(ir_op) || self.is_integer_or_int_vector(t))
        else {
            let (a, b) = (self.type_name(object), self.type_name(self.ty_of(rhs)));
            self.report(
                &codes::INVALID_OPERANDS,
                format!("invalid operands to compound assignment (`{a}` and `{b}`)"),
                span,
                "invalid operands",
            );
            return self.poison(span);
        };
        // `f += v` with a vector `v`: the result cannot be stored in the
        // scalar (clang: "assigning to 'float' from incompatible type").
        if !matches!(to, Type::Vector { .. }) && matches!(self.ty(op_ty), Type::Vector { .. }) {
            let (a, b) = (self.type_name(object), self.type_name(self.ty_of(rhs)));
            self.report(
                &codes::TYPE_MISMATCH,
                format!("assigning to `{a}` from incompatible type `{b}`"),
                span,
                "a vector result cannot be stored in a scalar",
            );
            return self.poison(span);
        }
        let converted = self.convert_arith(rhs, op_ty);
        self.push(
            ExprKind::CompoundAssign {
                op: ir_op,
                pointer: place,
                value: converted,
                op_ty,
            },
            object,
            span,
        )
    }

    /// `c ? a : b`.
    pub(crate) fn lower_conditional(
        &mut self,
        c: &ast::Expr,
        a: &ast::Expr,
        b: &ast::Expr,
        span: Span,
    ) -> ExprId {
        let cond = self.logical_operand(c);
        if let Type::Vector { .. } = self.type_of(cond) {
            let then = self.rvalue_expr(a);
            let otherwise = self.rvalue_expr(b);
            return self.vector_select(cond, then, otherwise, span);
        }
        if matches!(self.type_of(cond), Type::Float { .. }) {
            // OpenCL C 3.0 §6.5.9: the condition of `?:` is an integer.
            let name = self.type_name(self.ty_of(cond));
            self.report(
                &codes::INVALID_OPERANDS,
                format!("used type `{name}` where floating point type is not allowed"),
                c.span,
                "the condition of `?:` must be an integer",
            );
            let _ = (self.rvalue_expr(a), self.rvalue_expr(b));
            return self.poison(span);
        }
        let cond = self.condition_value(cond);
        let then = self.rvalue_expr(a);
        let otherwise = self.rvalue_expr(b);
        self.select_values(cond, then, otherwise, span)
    }

    /// `c ?: b` (GNU): `c` evaluated once, then `c ? c : b`.
    pub(crate) fn lower_elvis(&mut self, c: &ast::Expr, b: &ast::Expr, span: Span) -> ExprId {
        let value = self.rvalue_expr(c);
        if self.is_poison(value) {
            return value;
        }
        if let Type::Vector { .. } = self.type_of(value) {
            return self.poison_with(
                span,
                "`?:` with the middle operand left out takes a scalar condition",
            );
        }
        let ty = self.ty_of(value);
        let (init, temp) = self.spill(value, span);
        let place = self.local_ptr(temp, ty, span);
        let tested = self.rvalue(Value::Place(place));
        let cond = self.condition_value(tested);
        let place = self.local_ptr(temp, ty, span);
        let then = self.rvalue(Value::Place(place));
        let otherwise = self.rvalue_expr(b);
        let selected = self.select_values(cond, then, otherwise, span);
        if self.is_poison(selected) {
            return selected;
        }
        let result_ty = self.ty_of(selected);
        self.push(ExprKind::Comma(init, selected), result_ty, span)
    }

    /// `cond ? then : otherwise` from lowered operands (scalar `cond`),
    /// the branches brought to a common type.
    fn select_values(
        &mut self,
        cond: ExprId,
        then: ExprId,
        otherwise: ExprId,
        span: Span,
    ) -> ExprId {
        if self.is_poison(cond) || self.is_poison(then) || self.is_poison(otherwise) {
            return self.poison(span);
        }
        let (tt, to) = (self.type_of(then), self.type_of(otherwise));
        if matches!(tt, Type::Opaque(OpaqueType::Sampler | OpaqueType::Image(_)))
            || matches!(to, Type::Opaque(OpaqueType::Sampler | OpaqueType::Image(_)))
        {
            // Images and samplers are chosen by value nowhere (clang:
            // incompatible operand types).
            return self.incompatible_branches(then, otherwise, span);
        }
        // Equal types stay, but for integers narrower than `int`: the
        // usual arithmetic conversions promote `c ? uchar : uchar` to `int`.
        let (then_ty, otherwise_ty) = (self.ty_of(then), self.ty_of(otherwise));
        let same =
            then_ty == otherwise_ty && (!tt.is_arithmetic() || self.promote(then_ty) == then_ty);
        let (then, otherwise, ty) = if same {
            (then, otherwise, self.ty_of(then))
        } else if numeric(tt) && numeric(to) {
            // As for binary operators, a scalar widens to the other
            // branch's vector (`c ? v : 0`).
            if self.scalar_outranks_vector(then, otherwise, span) {
                return self.poison(span);
            }
            match self.usual_arithmetic(self.ty_of(then), self.ty_of(otherwise)) {
                Some(common) => (
                    self.convert_arith(then, common),
                    self.convert_arith(otherwise, common),
                    common,
                ),
                None => return self.invalid_operands(then, otherwise, span),
            }
        } else if tt.is_pointer() || to.is_pointer() {
            match self.common_pointer(then, otherwise, span) {
                Some((t, o)) => {
                    let ty = self.ty_of(t);
                    (t, o, ty)
                }
                None => return self.incompatible_branches(then, otherwise, span),
            }
        } else {
            return self.incompatible_branches(then, otherwise, span);
        };
        self.push(
            ExprKind::Select {
                cond,
                then,
                otherwise,
            },
            ty,
            span,
        )
    }

    fn incompatible_branches(&mut self, then: ExprId, otherwise: ExprId, span: Span) -> ExprId {
        let (a, b) = (
            self.type_name(self.ty_of(then)),
            self.type_name(self.ty_of(otherwise)),
        );
        self.report(
            &codes::TYPE_MISMATCH,
            format!("incompatible operand types (`{a}` and `{b}`) in conditional expression"),
            span,
            "branches differ",
        );
        self.poison(span)
    }
}

/// Whether a value of type `ty` takes part in the usual arithmetic
/// conversions: an arithmetic scalar or a vector.
fn numeric(ty: Type) -> bool {
    ty.is_arithmetic() || matches!(ty, Type::Vector { .. })
}

impl Lowerer<'_> {
    /// Whether `place` points at one component of a vector (`&v.x`).
    fn is_vector_component(&self, place: ExprId) -> bool {
        match self.expr(place).kind {
            ExprKind::ElementPtr { pointer, .. } => matches!(
                self.type_of(pointer),
                Type::Pointer { pointee, .. } if matches!(self.ty(pointee), Type::Vector { .. })
            ),
            _ => false,
        }
    }
}
