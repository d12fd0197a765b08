//! Memory through pointers: loads and stores with their memory-access
//! operands (`Volatile`, `Aligned`, Vulkan's `NonPrivatePointer`),
//! aggregate copies (`OpCopyMemorySized`, or a load and store), the
//! variable-pointers capabilities a Vulkan pointer needs, and the index
//! conversions of access chains. Split from [`crate::expr`], which calls
//! these for every expression that reads or writes an object.

use oclc_ir::{ExprId, ExprKind, Type, TypeId};
use rspirv::spirv::Op;

use crate::expr::Scalar;

use crate::function::FunctionEmitter;
use crate::module::{unsupported, Emit};
use crate::policy::Policy;
use crate::words::Word;

impl FunctionEmitter<'_, '_> {
    /// `MemoryAccess` operands for a pointer of IR type `pointer_ty`
    /// (see [`crate::policy::Policy::memory_access`]).
    fn memory_access(&self, pointer_ty: TypeId) -> Option<u32> {
        let (_, space, volatile) = self.m.pointee_of(pointer_ty)?;
        let bits = self
            .m
            .env
            .memory_access(self.m.storage_class(space), volatile);
        (bits != 0).then_some(bits)
    }

    /// Under Vulkan, `OpPtrAccessChain` needs a storage-buffer pointer
    /// (`VariablePointersStorageBuffer`); pointer arithmetic on other
    /// pointers cannot be expressed in logical addressing.
    pub(crate) fn require_variable_pointers(
        &self,
        pointer_ty: TypeId,
        span: Option<oclc_diagnostics::Span>,
    ) -> Emit<()> {
        if !self.m.env.is_vulkan() {
            return Ok(());
        }
        match self.m.pointee_of(pointer_ty) {
            Some((_, oclc_ir::AddressSpace::Global | oclc_ir::AddressSpace::Constant, _)) => Ok(()),
            _ => Err(unsupported(
                span,
                "pointer arithmetic on a pointer to private or local memory on the Vulkan \
                 target (logical addressing; index the array or the `local` argument directly)",
            )),
        }
    }

    /// `OpLoad` of a value of IR type `ty` through `pointer`.
    pub(crate) fn load(&mut self, pointer: Word, pointer_ty: TypeId, ty: TypeId) -> Emit<Word> {
        if self.in_buffer(pointer_ty) {
            let stored = self.m.laid_out(ty)?;
            let plain = self.m.ty(ty)?;
            if stored != plain {
                let access = self.memory_access(pointer_ty).unwrap_or(0);
                let value = self.value(Op::Load, stored, &[pointer, access]);
                return self.relayout(value, ty, false);
            }
        }
        let spirv_ty = self.m.ty(ty)?;
        let (access, count) = self.memory_operands(pointer, pointer_ty);
        let operands = [pointer, access[0], access[1]];
        Ok(self.value(Op::Load, spirv_ty, &operands[..1 + count]))
    }

    /// The `MemoryAccess` operands of a plain load or store through
    /// `pointer` (IR type `pointer_ty`), and how many there are: the
    /// environment's bits, and `Aligned` with its alignment for an
    /// under-aligned pointer (in an array: no allocation per access).
    fn memory_operands(&self, pointer: Word, pointer_ty: TypeId) -> ([Word; 2], usize) {
        let bits = self.memory_access(pointer_ty).unwrap_or(0);
        match self.underaligned.get(&pointer) {
            Some(&align) => (
                [bits | rspirv::spirv::MemoryAccess::ALIGNED.bits(), align],
                2,
            ),
            None if bits != 0 => ([bits, 0], 1),
            None => ([0, 0], 0),
        }
    }

    /// Whether `pointer_ty` points into a Vulkan storage buffer.
    fn in_buffer(&self, pointer_ty: TypeId) -> bool {
        self.m.env.is_vulkan()
            && matches!(
                self.m.pointee_of(pointer_ty),
                Some((
                    _,
                    oclc_ir::AddressSpace::Global | oclc_ir::AddressSpace::Constant,
                    _
                ))
            )
    }

    /// `OpStore` of `value` through `pointer`.
    /// `a = b;` (value unused) on structs, unions and arrays read from
    /// memory: `OpCopyMemorySized` of the type's size, as clang copies
    /// aggregates (`llvm.memcpy`), so that every byte arrives, padding
    /// and the fourth lane of a 3-vector a union is carried by included
    /// (a load and store of the value moved only the value's bytes).
    /// Returns false, having emitted nothing, for any other expression.
    pub(crate) fn copy_aggregate(&mut self, id: ExprId) -> Emit<bool> {
        let Some(expr) = self.func.exprs.get(id) else {
            return Ok(false);
        };
        let ExprKind::Store { pointer, value } = expr.kind else {
            return Ok(false);
        };
        let ty = self.type_of(value)?;
        let aggregate = matches!(self.m.ir(ty), Type::Struct(_) | Type::Array { .. });
        if !aggregate || self.m.env.is_vulkan() {
            return Ok(false);
        }
        let Some(size) = self.aggregate_size(ty) else {
            return Ok(false);
        };
        let from = match self.func.exprs.get(value).map(|e| &e.kind) {
            Some(&ExprKind::Load(source)) => {
                if self.volatile_pointer(pointer) || self.volatile_pointer(source) {
                    return Ok(false);
                }
                source
            }
            // A struct parameter, which arrives as a pointer to the
            // caller's copy (`ByVal`), copied into the callee's variable.
            Some(ExprKind::Param(_)) if self.m.by_value(ty) => {
                if self.volatile_pointer(pointer) {
                    return Ok(false);
                }
                let to = self.expr(pointer)?;
                let ExprKind::Param(index) = self.func.exprs[value].kind else {
                    return Ok(false);
                };
                let Some(&from) = self.params.get(index as usize) else {
                    return Ok(false);
                };
                self.copy_memory(to, from, size);
                return Ok(true);
            }
            _ => return Ok(false),
        };
        let to = self.expr(pointer)?;
        let from = self.expr(from)?;
        self.copy_memory(to, from, size);
        Ok(true)
    }

    /// The size in bytes of aggregate `ty`, when it has one.
    pub(crate) fn aggregate_size(&self, ty: TypeId) -> Option<u64> {
        self.m
            .module
            .types
            .size_of(ty, self.m.module.pointer_bits)
            .filter(|&size| size > 0)
    }

    /// Whether the pointer expression `pointer` points to `volatile` data.
    pub(crate) fn volatile_pointer(&self, pointer: ExprId) -> bool {
        self.type_of(pointer)
            .ok()
            .and_then(|t| self.m.pointee_of(t))
            .is_some_and(|(_, _, volatile)| volatile)
    }

    /// `OpCopyMemorySized` of `size` bytes from `from` to `to`.
    pub(crate) fn copy_memory(&mut self, to: Word, from: Word, size: u64) {
        let size_ty = self.m.size_type();
        let size = self.m.scalar_constant(size_ty, size);
        self.inst(Op::CopyMemorySized, &[to, from, size]);
    }

    pub(crate) fn store(&mut self, pointer: Word, pointer_ty: TypeId, value: Word) -> Emit<()> {
        let value = match self.m.pointee_of(pointer_ty) {
            Some((pointee, ..)) if self.in_buffer(pointer_ty) => self.store_form(value, pointee)?,
            _ => value,
        };
        let (access, count) = self.memory_operands(pointer, pointer_ty);
        let operands = [pointer, value, access[0], access[1]];
        self.inst(Op::Store, &operands[..2 + count]);
        Ok(())
    }

    /// The pointee type of the pointer expression `pointer`.
    pub(crate) fn pointee(&self, pointer: ExprId) -> Emit<(TypeId, oclc_ir::AddressSpace)> {
        let ty = self.type_of(pointer)?;
        self.m
            .pointee_of(ty)
            .map(|(pointee, space, _)| (pointee, space))
            .ok_or_else(|| {
                unsupported(
                    self.span_of(pointer),
                    "a pointer operand of non-pointer type",
                )
            })
    }

    /// An integer index widened (by its signedness) to pointer width.
    pub(crate) fn index_to_size(&mut self, index: Word, index_ty: TypeId) -> Emit<Word> {
        let bits = self.m.scalar_bits(index_ty);
        if bits == self.m.module.pointer_bits {
            return Ok(index);
        }
        let size = self.m.size_type();
        let op = if self.scalar(index_ty) == Scalar::Signed {
            Op::SConvert
        } else {
            Op::UConvert
        };
        Ok(self.value(op, size, &[index]))
    }
}
