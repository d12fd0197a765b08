//! The integer extensions OpenCL C 3.1 makes core, as llvm-spirv maps
//! them: `cl_khr_extended_bit_ops` to `OpBitFieldInsert`,
//! `OpBitField{S,U}Extract` and `OpBitReverse` (capability
//! `BitInstructions`, extension `SPV_KHR_bit_instructions`), and
//! `cl_khr_integer_dot_product` to `Op{S,U,SU}Dot[AccSat]` (capability
//! `DotProduct` with `DotProductInput4x8Bit` for vectors or
//! `DotProductInput4x8BitPacked`, with the `PackedVectorFormat4x8Bit`
//! operand, for packed `uint`s; extension `SPV_KHR_integer_dot_product`).
//! SPIR-V's mixed-sign form takes the signed operand first, so
//! `dot(uchar4, char4)` swaps its operands (the product commutes).

use oclc_ir::{BitOp, IntDot, TypeId};
use rspirv::spirv::{Capability, Op, PackedVectorFormat};

use crate::function::FunctionEmitter;
use crate::module::{unsupported, Emit};
use crate::words::Word;

impl FunctionEmitter<'_, '_> {
    /// A `cl_khr_extended_bit_ops` function of `values` (the operands as
    /// [`BitOp`] lists them) with result type `ty`.
    pub(crate) fn bit_op(&mut self, op: BitOp, values: &[Word], ty: TypeId) -> Emit<Word> {
        self.require_integer_ext(Capability::BitInstructions, "SPV_KHR_bit_instructions")?;
        let opcode = match op {
            BitOp::Insert => Op::BitFieldInsert,
            BitOp::ExtractSigned => Op::BitFieldSExtract,
            BitOp::ExtractUnsigned => Op::BitFieldUExtract,
            BitOp::Reverse => Op::BitReverse,
        };
        // OpenCL's integer types carry no signedness: the extract's
        // result type is the base's, as SPIR-V requires.
        let spirv_ty = self.m.ty(ty)?;
        Ok(self.value(opcode, spirv_ty, values))
    }

    /// An integer dot product `f` of `values` (two operands, then the
    /// accumulator) with result type `ty`.
    pub(crate) fn int_dot(&mut self, f: IntDot, values: &[Word], ty: TypeId) -> Emit<Word> {
        let input = if f.packed {
            Capability::DotProductInput4x8BitPacked
        } else {
            Capability::DotProductInput4x8Bit
        };
        self.require_integer_ext(input, "SPV_KHR_integer_dot_product")?;
        self.m.require(Capability::DotProduct);
        let (&a, &b) = values
            .first()
            .zip(values.get(1))
            .ok_or_else(|| unsupported(None, "a dot product without its operands"))?;
        let (opcode, first, second) = match (f.a_signed, f.b_signed, f.acc_sat) {
            (true, true, false) => (Op::SDot, a, b),
            (false, false, false) => (Op::UDot, a, b),
            (true, false, false) => (Op::SUDot, a, b),
            (false, true, false) => (Op::SUDot, b, a),
            (true, true, true) => (Op::SDotAccSat, a, b),
            (false, false, true) => (Op::UDotAccSat, a, b),
            (true, false, true) => (Op::SUDotAccSat, a, b),
            (false, true, true) => (Op::SUDotAccSat, b, a),
        };
        let mut operands = vec![first, second];
        operands.extend(values.get(2).copied());
        if f.packed {
            operands.push(PackedVectorFormat::PackedVectorFormat4x8Bit as u32);
        }
        let spirv_ty = self.m.ty(ty)?;
        Ok(self.value(opcode, spirv_ty, &operands))
    }

    /// Declares `capability` and `extension`; refused on the Vulkan target.
    fn require_integer_ext(&mut self, capability: Capability, extension: &'static str) -> Emit<()> {
        if self.m.env.is_vulkan() {
            return Err(unsupported(
                None,
                "the extended bit and integer dot product functions on the Vulkan target",
            ));
        }
        self.m.require(capability);
        self.m.require_extension(extension);
        Ok(())
    }
}
