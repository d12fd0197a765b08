//! Floating-point contraction, as clang does it under OpenCL's default
//! `FP_CONTRACT ON`: a floating `a * b + c`, `c + a * b`, `a * b - c` or
//! `c - a * b` whose multiply is an operand of the addition in the same
//! expression (not a value read back from a variable), and `x += a * b` /
//! `x -= a * b`, become one fused multiply-add: OpenCL.std `fma`
//! (GLSL.std.450 `Fma` on Vulkan). A contracted expression is evaluated
//! with one rounding, and that is what the runtime's own compiler does
//! with clang's `llvm.fmuladd`: it fuses. llvm-spirv-15 emits `mad`
//! instead, which Intel's runtime evaluates unfused, so its modules differ
//! from the runtime's compiler in the last bit where oclc's agree. When both
//! operands are multiplies the left one is fused; subtraction negates the
//! addend or the multiplier. `#pragma OPENCL FP_CONTRACT OFF` anywhere in
//! the source turns contraction off for the whole module.

use oclc_ir::{BinaryOp, ExprId, ExprKind, Type, TypeId};
use rspirv::spirv::Op;

use crate::expr::Scalar;
use crate::function::FunctionEmitter;
use crate::module::Emit;
use crate::words::Word;

/// `fma` in the OpenCL.std extended instruction set.
const OPENCL_FMA: Word = 26;
/// `Fma` in GLSL.std.450.
const GLSL_FMA: Word = 50;

impl FunctionEmitter<'_, '_> {
    /// The operands of `id` when it is a floating multiply of IR type `ty`
    /// that may be contracted into an addition.
    pub(crate) fn contractible_mul(&self, id: ExprId, ty: TypeId) -> Option<(ExprId, ExprId)> {
        if !self.m.module.fp_contract || self.scalar(ty) != Scalar::Float {
            return None;
        }
        let expr = self.func.exprs.get(id.0 as usize)?;
        match expr.kind {
            ExprKind::Binary(BinaryOp::Mul, a, b) if expr.ty == ty => Some((a, b)),
            _ => None,
        }
    }

    /// `lhs ± rhs` of floating IR type `ty` as one fused multiply-add when one side is
    /// a contractible multiply (operands evaluated left to right); `None`,
    /// with nothing emitted, otherwise.
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
        if let Some((a, b)) = self.contractible_mul(lhs, ty) {
            let a = self.expr(a)?;
            let b = self.expr(b)?;
            let mut c = self.expr(rhs)?;
            if op == BinaryOp::Sub {
                c = self.value(Op::FNegate, spirv_ty, &[c]);
            }
            return self.fused_multiply_add(ty, a, b, c).map(Some);
        }
        if let Some((a, b)) = self.contractible_mul(rhs, ty) {
            let c = self.expr(lhs)?;
            let mut a = self.expr(a)?;
            let b = self.expr(b)?;
            if op == BinaryOp::Sub {
                a = self.value(Op::FNegate, spirv_ty, &[a]);
            }
            return self.fused_multiply_add(ty, a, b, c).map(Some);
        }
        Ok(None)
    }

    /// `a * b + c` as one instruction, of IR type `ty`.
    pub(crate) fn fused_multiply_add(
        &mut self,
        ty: TypeId,
        a: Word,
        b: Word,
        c: Word,
    ) -> Emit<Word> {
        let spirv_ty = self.m.ty(ty)?;
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
