//! Relational, equality and logical operators and `?:` on vectors (OpenCL
//! C 3.0 §6.5.3–§6.5.6, §6.5.8): component-wise, giving a signed integer
//! vector with the width of the operands' elements, -1 for true and 0 for
//! false; `&&`, `||` and a vector `?:` evaluate both sides.

use oclc_diagnostics::Span;
use oclc_ir::{BinaryOp, BuiltinFn, Conversion, ExprId, ExprKind, LibFn, Literal, Type, TypeId};
use oclc_syntax::ast;

use super::{Lowerer, TypeClass};
use crate::codes;

impl Lowerer<'_> {
    /// The signed integer vector of `len` components of `bits` bits.
    fn mask_type(&mut self, bits: u8, len: u8) -> TypeId {
        let elem = self.int_type(bits, true);
        self.intern(Type::Vector { elem, len })
    }

    /// Element width and length of a vector type (32 and 1 otherwise).
    fn lanes(&self, ty: TypeId) -> (u8, u8) {
        match self.ty(ty) {
            Type::Vector { elem, len } => match self.ty(elem) {
                Type::Int { bits, .. } | Type::Float { bits } => (bits, len),
                _ => (32, len),
            },
            _ => (32, 1),
        }
    }

    /// `left op right` component-wise for a comparison `op`, as a mask.
    pub(crate) fn vector_comparison(
        &mut self,
        op: BinaryOp,
        left: ExprId,
        right: ExprId,
        span: Span,
    ) -> ExprId {
        if self.is_poison(left) || self.is_poison(right) {
            return self.poison(span);
        }
        if self.scalar_outranks_vector(left, right, span) {
            return self.poison(span);
        }
        let Some(common) = self.usual_arithmetic(self.ty_of(left), self.ty_of(right)) else {
            let (a, b) = (
                self.type_name(self.ty_of(left)),
                self.type_name(self.ty_of(right)),
            );
            self.report(
                &codes::INVALID_OPERANDS,
                format!("invalid operands to a vector comparison (`{a}` and `{b}`)"),
                span,
                "the vectors differ in length or element type",
            );
            return self.poison(span);
        };
        let (bits, len) = self.lanes(common);
        let left = self.convert_arith(left, common);
        let right = self.convert_arith(right, common);
        let bool_ty = self.bool_ty();
        let bools = self.intern(Type::Vector { elem: bool_ty, len });
        let test = self.push(ExprKind::Binary(op, left, right), bools, span);
        let mask = self.mask_type(bits, len);
        self.push(ExprKind::Convert(Conversion::BoolToMask, test), mask, span)
    }

    /// A zero of the type of `value` (for `!v`).
    pub(crate) fn zero_of(&mut self, value: ExprId, span: Span) -> ExprId {
        let ty = self.ty_of(value);
        let literal = match self.ty(ty) {
            Type::Vector { elem, .. } if matches!(self.ty(elem), Type::Float { .. }) => {
                Literal::Float(0.0)
            }
            _ => Literal::Int(0),
        };
        self.push(ExprKind::Literal(literal), ty, span)
    }

    /// `a && b` / `a || b` on vectors (one may be a scalar): the masks of
    /// `a != 0` and `b != 0` combined bitwise.
    pub(crate) fn vector_logical(
        &mut self,
        op: ast::BinaryOp,
        left: ExprId,
        right: ExprId,
        span: Span,
    ) -> ExprId {
        if self.is_poison(left) || self.is_poison(right) {
            return self.poison(span);
        }
        // A scalar operand is widened to the other's vector type (`v || 1`,
        // `1.0f && f4`), as clang does.
        let is_vector = |lw: &Self, e: ExprId| matches!(lw.type_of(e), Type::Vector { .. });
        let (left, right) = match (is_vector(self, left), is_vector(self, right)) {
            (true, false) => {
                let ty = self.ty_of(left);
                (left, self.convert_arith(right, ty))
            }
            (false, true) => {
                let ty = self.ty_of(right);
                (self.convert_arith(left, ty), right)
            }
            _ => (left, right),
        };
        let zero = self.zero_of(left, span);
        let a = self.vector_comparison(BinaryOp::Ne, left, zero, span);
        let zero = self.zero_of(right, span);
        let b = self.vector_comparison(BinaryOp::Ne, right, zero, span);
        if self.is_poison(a) || self.is_poison(b) {
            return self.poison(span);
        }
        if self.ty_of(a) != self.ty_of(b) {
            return self.poison_with(
                span,
                "the operands of a vector `&&` or `||` must have the same number and width of components",
            );
        }
        let combine = if op == ast::BinaryOp::LogicalAnd {
            BinaryOp::BitAnd
        } else {
            BinaryOp::BitOr
        };
        let ty = self.ty_of(a);
        self.push(ExprKind::Binary(combine, a, b), ty, span)
    }

    /// `cond ? then : otherwise` with a vector condition: for each
    /// component, `then` where the condition's most significant bit is set
    /// (OpenCL.std `select`, which takes the false value first).
    pub(crate) fn vector_select(
        &mut self,
        cond: ExprId,
        then: ExprId,
        otherwise: ExprId,
        span: Span,
    ) -> ExprId {
        if [cond, then, otherwise].iter().any(|&e| self.is_poison(e)) {
            return self.poison(span);
        }
        let (cond_bits, len) = self.lanes(self.ty_of(cond));
        let cond_elem = match self.ty(self.ty_of(cond)) {
            Type::Vector { elem, .. } => elem,
            _ => self.ty_of(cond),
        };
        if !self.ty(cond_elem).is_integer_like() {
            return self.poison_with(span, "a vector condition must have integer components");
        }
        // Two scalars of one type keep it (no integer promotion: `c ? a :
        // b` with `char` results is a `char2` for a `char2` condition, as
        // clang types it).
        let (a, b) = (self.ty_of(then), self.ty_of(otherwise));
        let common = if a == b && self.ty(a).is_arithmetic() {
            Some(a)
        } else {
            self.usual_arithmetic(a, b)
        };
        let Some(common) = common else {
            return self.poison_with(span, "the two results of `?:` have incompatible types");
        };
        // The results take the condition's length.
        let value_ty = match self.ty(common) {
            Type::Vector { len: n, .. } if n == len => common,
            Type::Vector { .. } => {
                return self.poison_with(
                    span,
                    "a vector condition and the results of `?:` must have the same number of components",
                )
            }
            _ => self.intern(Type::Vector { elem: common, len }),
        };
        let (bits, _) = self.lanes(value_ty);
        if cond_bits != bits {
            // OpenCL C 3.0 §6.5.9: the condition's components are as wide
            // as the results' (clang rejects `int2 ? char : char`).
            return self.poison_with(
                span,
                "a vector condition and the results of `?:` must have components of the same size",
            );
        }
        let then = self.convert_arith(then, value_ty);
        let otherwise = self.convert_arith(otherwise, value_ty);
        self.push(
            ExprKind::Builtin(BuiltinFn::Lib(LibFn::Select), vec![otherwise, then, cond]),
            value_ty,
            span,
        )
    }

    pub(crate) fn poison_with(&mut self, span: Span, message: &str) -> ExprId {
        self.report(
            &codes::INVALID_OPERANDS,
            message.to_owned(),
            span,
            "invalid vector operation",
        );
        self.poison(span)
    }
}
