//! Floating-point contraction, as clang does it under OpenCL's default
//! `FP_CONTRACT ON`: a floating `a * b + c`, `c + a * b`, `a * b - c` or
//! `c - a * b` whose multiply is an operand of the addition in the same
//! expression (not a value read back from a variable), and `x += a * b` /
//! `x -= a * b`, become one fused multiply-add (also where the multiply
//! is the value of a comma expression, `(n++, a * b) + c`, whose product
//! clang's add is the only user of): OpenCL.std `fma`
//! (GLSL.std.450 `Fma` on Vulkan). A contracted expression is evaluated
//! with one rounding, and that is what the runtime's own compiler does
//! with clang's `llvm.fmuladd`: it fuses. llvm-spirv-15 emits `mad`
//! instead, which Intel's runtime evaluates unfused, so its modules differ
//! from the runtime's compiler in the last bit where oclc's agree. When both
//! operands are multiplies the left one is fused; subtraction negates the
//! addend or the multiplier. A negated product (`-(a * b) + c`) fuses too,
//! as clang-15 fuses it, when neither operand is a plain product.
//! `#pragma OPENCL FP_CONTRACT OFF` turns contraction off where it is in
//! force ([`oclc_ir::Function::contracts_at`]: until the next pragma at file
//! scope, to the end of its block inside a function).
//!
//! On `half` (scalar or vector) the contracted form is not fused: the
//! runtime's compiler lowers clang's `llvm.fmuladd(a, b, c)` on `half` to a
//! separately rounded `(a * b) + c`, since x86 has no fused `half`
//! multiply-add, while an OpenCL.std `fma` would round once (a
//! rotary-embedding kernel's `x0 * c - x1 * s` on `half4` differed in the
//! last bit in 54 of 4,096 words). oclc emits that multiply and add in the
//! same operand order (product first, the addend or the multiplier
//! negated as for `fma`), so even NaN payloads agree: x86 returns the
//! first NaN operand.

use oclc_ir::{BinaryOp, ExprId, ExprKind, Type, TypeId, UnaryOp};
use rspirv::spirv::Op;

use crate::expr::Scalar;
use crate::function::FunctionEmitter;
use crate::module::Emit;
use crate::words::Word;

/// `fma` in the OpenCL.std extended instruction set.
const OPENCL_FMA: Word = 26;
/// `Fma` in GLSL.std.450.
const GLSL_FMA: Word = 50;

/// A multiply that may be contracted: its operands, and the left
/// operands of the comma expressions it is the value of (`(x, a * b) + c`
/// contracts, as in clang, whose product is then used only by the add),
/// evaluated first and discarded.
pub(crate) struct Product {
    pub discarded: Vec<ExprId>,
    pub a: ExprId,
    pub b: ExprId,
}

impl FunctionEmitter<'_, '_> {
    /// `id` as a product when it is a floating multiply of IR type `ty`
    /// that may be contracted into an addition (possibly the value of a
    /// comma expression).
    pub(crate) fn contractible_mul(&self, id: ExprId, ty: TypeId) -> Option<Product> {
        if self.scalar(ty) != Scalar::Float {
            return None;
        }
        let mut discarded = Vec::new();
        let mut current = id;
        loop {
            let expr = self.func.exprs.get(current)?;
            match expr.kind {
                ExprKind::Comma(first, second) if expr.ty == ty => {
                    discarded.push(first);
                    current = second;
                }
                ExprKind::Binary(BinaryOp::Mul, a, b) if expr.ty == ty => {
                    if !self.func.contracts_at(expr.span) {
                        return None;
                    }
                    return Some(Product { discarded, a, b });
                }
                _ => return None,
            }
        }
    }

    /// Emits a product's discarded comma operands, then its operands.
    pub(crate) fn product_operands(&mut self, product: &Product) -> Emit<(Word, Word)> {
        for &first in &product.discarded {
            self.expr(first)?;
        }
        let a = self.expr(product.a)?;
        let b = self.expr(product.b)?;
        Ok((a, b))
    }

    /// `lhs ± rhs` of floating IR type `ty` as one fused multiply-add when
    /// one side is a contractible multiply, or a negated one (operands
    /// evaluated left to right); `None`, with nothing emitted, otherwise.
    /// The left side is tried first, as clang-15 does (checked against
    /// the runtime's compiler: `-(a * b) + a * b` fuses the left product).
    pub(crate) fn contracted(
        &mut self,
        op: BinaryOp,
        lhs: ExprId,
        rhs: ExprId,
        ty: TypeId,
    ) -> Emit<Option<Word>> {
        if !matches!(op, BinaryOp::Add | BinaryOp::Sub) {
            return Ok(None);
        }
        let spirv_ty = self.m.ty(ty)?;
        let left = match self.contractible_mul(lhs, ty) {
            Some(product) => Some((product, false)),
            None => self.negated_mul(lhs, ty).map(|product| (product, true)),
        };
        if let Some((product, negated)) = left {
            // `a * b ± c` is fma(a, b, ±c); `-(a * b) ± c` is fma(-a, b, ±c).
            let (mut a, b) = self.product_operands(&product)?;
            let mut c = self.expr(rhs)?;
            if op == BinaryOp::Sub {
                c = self.value(Op::FNegate, spirv_ty, &[c]);
            }
            if negated {
                a = self.value(Op::FNegate, spirv_ty, &[a]);
            }
            return self.fused_multiply_add(ty, a, b, c).map(Some);
        }
        if let Some((product, negate)) = self.added_product(op, rhs, ty) {
            let c = self.expr(lhs)?;
            let (a, b) = self.product_operands(&product)?;
            return self.fused_add_product(ty, a, b, negate, c).map(Some);
        }
        Ok(None)
    }

    /// For `acc op rhs` with `op` `+` or `-`: the product operands of
    /// `rhs` and whether the first is negated, when `rhs` is a
    /// contractible multiply (`acc - a * b` is fma(-a, b, acc)) or a
    /// negated one (`acc + -(a * b)` is fma(-a, b, acc)).
    pub(crate) fn added_product(
        &self,
        op: BinaryOp,
        rhs: ExprId,
        ty: TypeId,
    ) -> Option<(Product, bool)> {
        if !matches!(op, BinaryOp::Add | BinaryOp::Sub) {
            return None;
        }
        let sub = op == BinaryOp::Sub;
        if let Some(product) = self.contractible_mul(rhs, ty) {
            return Some((product, sub));
        }
        self.negated_mul(rhs, ty).map(|product| (product, !sub))
    }

    /// `c + a * b` (or `c - a * b` when `negate`) as one fused
    /// multiply-add of IR type `ty`, from emitted operands.
    pub(crate) fn fused_add_product(
        &mut self,
        ty: TypeId,
        a: Word,
        b: Word,
        negate: bool,
        c: Word,
    ) -> Emit<Word> {
        let a = if negate {
            let spirv_ty = self.m.ty(ty)?;
            self.value(Op::FNegate, spirv_ty, &[a])
        } else {
            a
        };
        self.fused_multiply_add(ty, a, b, c)
    }

    /// The operands of `id` when it is the negation of a contractible
    /// multiply of IR type `ty`.
    fn negated_mul(&self, id: ExprId, ty: TypeId) -> Option<Product> {
        let expr = self.func.exprs.get(id)?;
        match expr.kind {
            ExprKind::Unary(UnaryOp::Neg, inner) if expr.ty == ty => {
                self.contractible_mul(inner, ty)
            }
            _ => None,
        }
    }

    /// `a * b + c` as one instruction, of IR type `ty`; on `half`, as a
    /// multiply and then an add of the product and `c` (module docs).
    pub(crate) fn fused_multiply_add(
        &mut self,
        ty: TypeId,
        a: Word,
        b: Word,
        c: Word,
    ) -> Emit<Word> {
        let spirv_ty = self.m.ty(ty)?;
        if matches!(self.m.scalar_of(ty).0, Type::Float { bits: 16 }) {
            let product = self.value(Op::FMul, spirv_ty, &[a, b]);
            return Ok(self.value(Op::FAdd, spirv_ty, &[product, c]));
        }
        let set = self.m.opencl_std();
        let instruction = if self.m.env.is_vulkan() {
            GLSL_FMA
        } else {
            OPENCL_FMA
        };
        Ok(self.value(Op::ExtInst, spirv_ty, &[set, instruction, a, b, c]))
    }

    /// Whether `ty` is a floating scalar or vector.
    pub(crate) fn is_floating(&self, ty: TypeId) -> bool {
        matches!(self.m.scalar_of(ty).0, Type::Float { .. })
    }
}
