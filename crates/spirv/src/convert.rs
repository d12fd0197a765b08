//! Conversions between IR types: the explicit [`Conversion`] nodes and the
//! implicit ones inside compound assignment and `?:`.
//!
//! `ToBool` compares with zero the way C does: integers and pointers with
//! `!=`, floats with the *unordered* `!=` so that NaN converts to true.
//! Pointer casts between address spaces go through
//! `OpPtrCastToGeneric`/`OpGenericCastToPtr` (which keep the pointee type)
//! followed by an `OpBitcast` when the pointee changes too.

use oclc_ir::{AddressSpace, Conversion, Type, TypeId};
use rspirv::spirv::Op;

use crate::expr::Scalar;
use crate::function::FunctionEmitter;
use crate::module::{unsupported, Emit};
use crate::words::Word;

impl FunctionEmitter<'_, '_> {
    /// Converts `value` from IR type `from` to `to`, by `kind` or, when
    /// `None`, by the conversion C applies implicitly.
    pub(crate) fn convert(
        &mut self,
        value: Word,
        from: TypeId,
        to: TypeId,
        kind: Option<Conversion>,
    ) -> Emit<Word> {
        if from == to || self.m.ir(to) == Type::Void {
            return Ok(value);
        }
        let kind = match kind {
            Some(kind) => kind,
            None => match self.implicit_conversion(from, to) {
                Some(kind) => kind,
                None => return Ok(value),
            },
        };
        let to_ty = self.m.ty(to)?;
        let from_ty = self.m.ty(from)?;
        let same_width = self.m.scalar_bits(from) == self.m.scalar_bits(to);
        let source = self.scalar(from);
        Ok(match kind {
            Conversion::IntToInt | Conversion::FloatToFloat if same_width => {
                self.same_type_or_bitcast(value, from_ty, to_ty)
            }
            Conversion::IntToInt if source == Scalar::Signed => {
                self.value(Op::SConvert, to_ty, &[value])
            }
            Conversion::IntToInt => self.value(Op::UConvert, to_ty, &[value]),
            Conversion::FloatToFloat => self.value(Op::FConvert, to_ty, &[value]),
            Conversion::IntToFloat if source == Scalar::Bool => self.bool_to_number(value, to)?,
            Conversion::IntToFloat if source == Scalar::Signed => {
                self.value(Op::ConvertSToF, to_ty, &[value])
            }
            Conversion::IntToFloat => self.value(Op::ConvertUToF, to_ty, &[value]),
            Conversion::FloatToInt if self.scalar(to) == Scalar::Signed => {
                self.value(Op::ConvertFToS, to_ty, &[value])
            }
            Conversion::FloatToInt => self.value(Op::ConvertFToU, to_ty, &[value]),
            Conversion::BoolToInt => self.bool_to_number(value, to)?,
            Conversion::BoolToMask => {
                let yes = self.m.all_ones(to)?;
                let no = self.m.zero(to)?;
                self.value(Op::Select, to_ty, &[value, yes, no])
            }
            Conversion::ToBool => self.nonzero(value, from, to_ty)?,
            Conversion::PtrToPtr | Conversion::ToGeneric | Conversion::FromGeneric => {
                self.pointer_cast(value, from, to)?
            }
            Conversion::PtrToInt => self.pointer_to_int(value, to)?,
            Conversion::IntToPtr => {
                let address = self.int_to_size(value, from)?;
                self.value(Op::ConvertUToPtr, to_ty, &[address])
            }
            Conversion::Bitcast => match (source, self.scalar(to)) {
                (Scalar::Pointer, Scalar::Pointer) => self.pointer_cast(value, from, to)?,
                (Scalar::Pointer, _) => self.pointer_to_int(value, to)?,
                (_, Scalar::Pointer) => {
                    let address = self.int_to_size(value, from)?;
                    self.value(Op::ConvertUToPtr, to_ty, &[address])
                }
                _ => self.same_type_or_bitcast(value, from_ty, to_ty),
            },
            Conversion::Splat => {
                let Type::Vector { elem, len } = self.m.ir(to) else {
                    return Err(unsupported(None, "a splat to a non-vector type"));
                };
                let element = self.convert(value, from, elem, None)?;
                let parts = vec![element; usize::from(len)];
                self.value(Op::CompositeConstruct, to_ty, &parts)
            }
        })
    }

    /// The conversion C applies implicitly from `from` to `to`; `None`
    /// when no instruction is needed.
    fn implicit_conversion(&self, from: TypeId, to: TypeId) -> Option<Conversion> {
        let from_len = self.m.scalar_of(from).1;
        let to_len = self.m.scalar_of(to).1;
        if from_len == 1 && to_len > 1 {
            return Some(Conversion::Splat);
        }
        Some(match (self.scalar(from), self.scalar(to)) {
            (Scalar::Bool, Scalar::Bool) => return None,
            (_, Scalar::Bool) => Conversion::ToBool,
            (Scalar::Bool, _) => Conversion::BoolToInt,
            (Scalar::Signed | Scalar::Unsigned, Scalar::Signed | Scalar::Unsigned) => {
                Conversion::IntToInt
            }
            (Scalar::Signed | Scalar::Unsigned, Scalar::Float) => Conversion::IntToFloat,
            (Scalar::Float, Scalar::Signed | Scalar::Unsigned) => Conversion::FloatToInt,
            (Scalar::Float, Scalar::Float) => Conversion::FloatToFloat,
            (Scalar::Pointer, Scalar::Pointer) => Conversion::PtrToPtr,
            (Scalar::Pointer, _) => Conversion::PtrToInt,
            (_, Scalar::Pointer) => Conversion::IntToPtr,
            _ => return None,
        })
    }

    fn same_type_or_bitcast(&mut self, value: Word, from_ty: Word, to_ty: Word) -> Word {
        if from_ty == to_ty {
            value
        } else {
            self.value(Op::Bitcast, to_ty, &[value])
        }
    }

    /// `bool` → 0/1 (or 0.0/1.0) of IR type `to`.
    fn bool_to_number(&mut self, value: Word, to: TypeId) -> Emit<Word> {
        let to_ty = self.m.ty(to)?;
        let one = self.m.one(to)?;
        let zero = self.m.zero(to)?;
        Ok(self.value(Op::Select, to_ty, &[value, one, zero]))
    }

    /// `value != 0` (unordered for floats, via the address for pointers).
    fn nonzero(&mut self, value: Word, from: TypeId, bool_ty: Word) -> Emit<Word> {
        Ok(match self.scalar(from) {
            Scalar::Bool => value,
            Scalar::Float => {
                let zero = self.m.zero(from)?;
                self.value(Op::FUnordNotEqual, bool_ty, &[value, zero])
            }
            Scalar::Pointer => {
                let size = self.m.size_type();
                let address = self.value(Op::ConvertPtrToU, size, &[value]);
                let zero = self.m.scalar_constant(size, 0);
                self.value(Op::INotEqual, bool_ty, &[address, zero])
            }
            _ => {
                let zero = self.m.zero(from)?;
                self.value(Op::INotEqual, bool_ty, &[value, zero])
            }
        })
    }

    /// An integer of IR type `from` widened or narrowed to pointer width.
    fn int_to_size(&mut self, value: Word, from: TypeId) -> Emit<Word> {
        self.index_to_size(value, from)
    }

    /// A pointer's address as an integer of IR type `to`.
    fn pointer_to_int(&mut self, value: Word, to: TypeId) -> Emit<Word> {
        let size = self.m.size_type();
        let address = self.value(Op::ConvertPtrToU, size, &[value]);
        if self.m.scalar_bits(to) == self.m.module.pointer_bits {
            return Ok(address);
        }
        let to_ty = self.m.ty(to)?;
        Ok(self.value(Op::UConvert, to_ty, &[address]))
    }

    /// A pointer cast, possibly between address spaces.
    fn pointer_cast(&mut self, value: Word, from: TypeId, to: TypeId) -> Emit<Word> {
        let (Some((from_pointee, from_space, _)), Some((_, to_space, _))) =
            (self.m.pointee_of(from), self.m.pointee_of(to))
        else {
            return Err(unsupported(None, "a pointer cast of a non-pointer"));
        };
        let to_ty = self.m.ty(to)?;
        let mut current = value;
        let mut current_ty = self.m.ty(from)?;
        if from_space != to_space {
            let via = if to_space == AddressSpace::Generic {
                Op::PtrCastToGeneric
            } else if from_space == AddressSpace::Generic {
                Op::GenericCastToPtr
            } else {
                // Not valid OpenCL C; go through the address.
                let size = self.m.size_type();
                let address = self.value(Op::ConvertPtrToU, size, &[value]);
                return Ok(self.value(Op::ConvertUToPtr, to_ty, &[address]));
            };
            current_ty = self
                .m
                .pointer_to(self.m.storage_class(to_space), from_pointee)?;
            current = self.value(via, current_ty, &[current]);
        }
        Ok(self.same_type_or_bitcast(current, current_ty, to_ty))
    }
}
