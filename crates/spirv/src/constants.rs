//! Constants (each declared once, keyed by type and bits) and the
//! constant initializers of module-scope variables.

use oclc_ir::{ConstInit, Literal, Type, TypeId};
use rspirv::spirv::Op;

use crate::module::{unsupported, ConstKey, Emit, ModuleEmitter, TypeKey};
use crate::types::Slot;
use crate::words::{push_inst, Word};

/// Constituents of one `OpConstantComposite`: an instruction has at most
/// 65,535 words, three of them for the opcode, type and result.
const MAX_CONSTITUENTS: usize = 65_532;

impl ModuleEmitter<'_> {
    /// Declares the constant `key` unless it exists.
    fn constant(&mut self, key: ConstKey) -> Word {
        if let Some(&id) = self.constants.get(&key) {
            return id;
        }
        let id = self.id();
        match &key {
            ConstKey::Scalar(ty, bits) => {
                let words = scalar_words(*bits, self.scalar_width(*ty));
                let mut operands = vec![*ty, id];
                operands.extend_from_slice(&words);
                push_inst(&mut self.globals, Op::Constant, &operands);
            }
            ConstKey::Bool(value) => {
                let ty = self.bool_type();
                let op = if *value {
                    Op::ConstantTrue
                } else {
                    Op::ConstantFalse
                };
                push_inst(&mut self.globals, op, &[ty, id]);
            }
            ConstKey::Null(ty) => push_inst(&mut self.globals, Op::ConstantNull, &[*ty, id]),
            ConstKey::Sampler(addressing, normalized, filter) => {
                self.require(rspirv::spirv::Capability::LiteralSampler);
                let ty = self.sampler_type();
                push_inst(
                    &mut self.globals,
                    Op::ConstantSampler,
                    &[ty, id, *addressing, *normalized, *filter],
                );
            }
            ConstKey::Composite(ty, parts) => {
                let mut operands = vec![*ty, id];
                operands.extend_from_slice(parts);
                push_inst(&mut self.globals, Op::ConstantComposite, &operands);
            }
            ConstKey::Undef(ty) => push_inst(&mut self.globals, Op::Undef, &[*ty, id]),
        }
        self.constants.insert(key, id);
        id
    }

    /// The width in bits of a declared scalar type id (32 if unknown).
    fn scalar_width(&self, ty: Word) -> u32 {
        for bits in [8u8, 16, 64] {
            if self.types.get(&TypeKey::Int(bits)) == Some(&ty)
                || self.types.get(&TypeKey::Float(bits)) == Some(&ty)
            {
                return u32::from(bits);
            }
        }
        32
    }

    /// An integer or float constant of the scalar type `ty` from its bits.
    pub(crate) fn scalar_constant(&mut self, ty: Word, bits: u64) -> Word {
        let width = self.scalar_width(ty);
        let masked = if width >= 64 {
            bits
        } else {
            bits & ((1u64 << width) - 1)
        };
        self.constant(ConstKey::Scalar(ty, masked))
    }

    /// A 32-bit integer constant (scope and semantics operands, indices).
    pub(crate) fn u32_constant(&mut self, value: u32) -> Word {
        let ty = self.int_type(32);
        self.scalar_constant(ty, u64::from(value))
    }

    /// `OpConstantTrue` / `OpConstantFalse`.
    pub(crate) fn bool_constant(&mut self, value: bool) -> Word {
        self.constant(ConstKey::Bool(value))
    }

    /// `OpConstantNull` of `ty`.
    pub(crate) fn null_constant(&mut self, ty: Word) -> Word {
        self.constant(ConstKey::Null(ty))
    }

    /// `OpUndef` of `ty` (at module scope).
    pub(crate) fn undef(&mut self, ty: Word) -> Word {
        self.constant(ConstKey::Undef(ty))
    }

    /// `OpConstantComposite` of `ty`.
    pub(crate) fn composite_constant(&mut self, ty: Word, parts: Vec<Word>) -> Word {
        self.constant(ConstKey::Composite(ty, parts))
    }

    /// The constant `literal` of IR type `ty` (vectors get the literal in
    /// every element).
    pub(crate) fn literal(&mut self, literal: Literal, ty: TypeId) -> Emit<Word> {
        let spirv_ty = self.ty(ty)?;
        match self.ir(ty) {
            Type::Vector { elem, len } => {
                let part = self.literal(literal, elem)?;
                Ok(self.composite_constant(spirv_ty, vec![part; usize::from(len)]))
            }
            Type::Atomic(inner) => self.literal(literal, inner),
            Type::Opaque(oclc_ir::OpaqueType::Sampler) => {
                let Literal::Int(bits) = literal else {
                    return Err(unsupported(
                        None,
                        "a sampler constant that is not a `CLK_…` value",
                    ));
                };
                Ok(self.sampler_constant(bits))
            }
            scalar => Ok(match (literal, scalar) {
                (Literal::Bool(value), Type::Bool) => self.bool_constant(value),
                (Literal::Int(value), Type::Bool) => self.bool_constant(value != 0),
                (Literal::Float(value), Type::Float { bits }) => {
                    self.scalar_constant(spirv_ty, float_bits(value, bits))
                }
                (Literal::Int(value), Type::Float { bits }) => {
                    let value = oclc_ir::float::int_to_float(i128::from(value as i64), bits);
                    self.scalar_constant(spirv_ty, float_bits(value, bits))
                }
                (Literal::Int(value), _) => self.scalar_constant(spirv_ty, value),
                (Literal::Bool(value), _) => self.scalar_constant(spirv_ty, u64::from(value)),
                (Literal::Float(value), _) => self.scalar_constant(spirv_ty, value as i64 as u64),
                (Literal::Null, _) => self.null_constant(spirv_ty),
            }),
        }
    }

    /// `OpConstantSampler` for the `CLK_…` bits of a literal sampler:
    /// normalized coordinates (bit 0), the addressing mode (bits 1–3:
    /// none, clamp-to-edge, clamp, repeat, mirrored repeat) and the filter
    /// (`CLK_FILTER_LINEAR` 0x20, else nearest).
    pub(crate) fn sampler_constant(&mut self, bits: u64) -> Word {
        let normalized = (bits & 1) as u32;
        let addressing = ((bits >> 1) & 0x7) as u32;
        let filter = u32::from(bits & 0x20 != 0);
        self.constant(ConstKey::Sampler(addressing.min(4), normalized, filter))
    }

    /// The number 1 (or 1.0) of IR type `ty`, splatted for vectors.
    pub(crate) fn one(&mut self, ty: TypeId) -> Emit<Word> {
        let literal = match self.scalar_of(ty).0 {
            Type::Float { .. } => Literal::Float(1.0),
            Type::Bool => Literal::Bool(true),
            _ => Literal::Int(1),
        };
        self.literal(literal, ty)
    }

    /// An integer of IR type `ty` with every bit set (-1), splatted for
    /// vectors: a relational function's "true" component.
    pub(crate) fn all_ones(&mut self, ty: TypeId) -> Emit<Word> {
        self.literal(Literal::Int(u64::MAX), ty)
    }

    /// The number 0 (or 0.0, false) of IR type `ty`, splatted for vectors.
    pub(crate) fn zero(&mut self, ty: TypeId) -> Emit<Word> {
        let literal = match self.scalar_of(ty).0 {
            Type::Float { .. } => Literal::Float(0.0),
            Type::Bool => Literal::Bool(false),
            Type::Pointer { .. } => Literal::Null,
            _ => Literal::Int(0),
        };
        self.literal(literal, ty)
    }

    /// The initializer constant of a module-scope variable of type `ty`.
    pub(crate) fn initializer(&mut self, init: &ConstInit, ty: TypeId) -> Emit<Word> {
        self.enter(None)?;
        let result = self.lower_initializer(init, ty);
        self.leave();
        result
    }

    fn lower_initializer(&mut self, init: &ConstInit, ty: TypeId) -> Emit<Word> {
        let spirv_ty = self.ty(ty)?;
        // An all-zero aggregate is one `OpConstantNull` (as llvm-spirv
        // emits `{0}`), whatever its size.
        if init.is_zero() && matches!(self.ir(ty), Type::Array { .. } | Type::Struct(_)) {
            return Ok(self.null_constant(spirv_ty));
        }
        let parts = match (init, self.ir(ty)) {
            (ConstInit::Zero, _) => return Ok(self.null_constant(spirv_ty)),
            (
                ConstInit::Address {
                    global,
                    element,
                    path,
                },
                _,
            ) => return self.address_constant(*global, *element, path, ty),
            (ConstInit::Scalar(literal), Type::Array { .. } | Type::Struct(_)) => {
                // A brace-less scalar initializes the first element.
                return self.lower_initializer(
                    &ConstInit::Composite(vec![ConstInit::Scalar(*literal)]),
                    ty,
                );
            }
            (ConstInit::Scalar(literal), _) => return self.literal(*literal, ty),
            (ConstInit::Composite(items), Type::Atomic(inner)) => {
                let first = items.first().cloned().unwrap_or(ConstInit::Zero);
                return self.lower_initializer(&first, inner);
            }
            (ConstInit::Composite(items), Type::Array { elem, len }) => {
                let len = len.unwrap_or(items.len() as u32) as usize;
                if len > MAX_CONSTITUENTS {
                    return Err(unsupported(
                        None,
                        format!(
                            "an initialized array of {len} elements (a SPIR-V constant holds at \
                             most {MAX_CONSTITUENTS}): initialize it with `{{0}}` or split it into \
                             smaller arrays"
                        ),
                    ));
                }
                let types = vec![elem; len];
                self.initializer_parts(items, &types)?
            }
            (ConstInit::Composite(items), Type::Vector { elem, len }) => {
                let types = vec![elem; usize::from(len)];
                self.initializer_parts(items, &types)?
            }
            (ConstInit::Composite(items), Type::Struct(id)) => {
                let def = self.module.types.struct_def(id);
                let types: Vec<TypeId> = def.members.iter().map(|&(_, t)| t).collect();
                if def.is_union {
                    return self.union_initializer(id, items, &types, spirv_ty);
                }
                let parts = self.initializer_parts(items, &types)?;
                match self.aligned_layout(id)? {
                    None => parts,
                    Some(slots) => {
                        let mut parts = parts.into_iter();
                        let mut laid_out = Vec::with_capacity(slots.len());
                        for slot in slots {
                            laid_out.push(match slot {
                                Slot::Member(_) => parts.next().ok_or_else(|| {
                                    unsupported(None, "a struct initializer's members")
                                })?,
                                Slot::Pad(bytes) => {
                                    let pad = self.byte_array(bytes);
                                    self.null_constant(pad)
                                }
                            });
                        }
                        laid_out
                    }
                }
            }
            (ConstInit::Composite(items), _) => {
                let first = items.first().cloned().unwrap_or(ConstInit::Zero);
                return self.lower_initializer(&first, ty);
            }
        };
        Ok(self.composite_constant(spirv_ty, parts))
    }

    /// A constant pointer of IR type `ty` into the module-scope variable
    /// `global`: `OpSpecConstantOp InBoundsPtrAccessChain` from the variable
    /// (as llvm-spirv emits it), then a bitcast when `ty` points to another
    /// type.
    fn address_constant(
        &mut self,
        global: oclc_ir::GlobalId,
        element: i64,
        path: &[u64],
        ty: TypeId,
    ) -> Emit<Word> {
        let spirv_ty = self.ty(ty)?;
        let module = self.module;
        let (Some(variable), Some(&base)) = (
            module.globals.get(global),
            self.global_ids.get(global.index()),
        ) else {
            return Err(unsupported(None, "an address of an unknown variable"));
        };
        let class = self.storage_class(variable.space);
        let mut pointee = variable.ty;
        let mut indices = Vec::with_capacity(path.len());
        for &step in path {
            let mut index = step as u32;
            pointee = match self.ir(pointee) {
                Type::Array { elem, .. } | Type::Vector { elem, .. } => elem,
                Type::Struct(id) => {
                    let def = module.types.struct_def(id);
                    index = self.member_index(id, index)?;
                    match def.members.get(step as usize) {
                        Some(&(_, member)) => member,
                        None => {
                            return Err(unsupported(None, "an address past a struct's members"))
                        }
                    }
                }
                _ => return Err(unsupported(None, "an address inside a scalar")),
            };
            indices.push(index);
        }
        let mut address = base;
        let pointer_ty = self.pointer_to(class, pointee)?;
        if element != 0 || !path.is_empty() {
            let size = self.size_type();
            let mut operands = vec![
                pointer_ty,
                0,
                Op::InBoundsPtrAccessChain as u32,
                base,
                self.scalar_constant(size, element as u64),
            ];
            for index in indices {
                operands.push(self.u32_constant(index));
            }
            address = self.id();
            operands[1] = address;
            push_inst(&mut self.globals, Op::SpecConstantOp, &operands);
        }
        if pointer_ty != spirv_ty {
            let cast = self.id();
            push_inst(
                &mut self.globals,
                Op::SpecConstantOp,
                &[spirv_ty, cast, Op::Bitcast as u32, address],
            );
            address = cast;
        }
        Ok(address)
    }

    /// The constants of each element, zero for missing trailing ones.
    fn initializer_parts(&mut self, items: &[ConstInit], types: &[TypeId]) -> Emit<Vec<Word>> {
        let mut parts = Vec::with_capacity(types.len());
        for (index, &ty) in types.iter().enumerate() {
            let item = items.get(index).unwrap_or(&ConstInit::Zero);
            parts.push(self.lower_initializer(item, ty)?);
        }
        Ok(parts)
    }

    /// A union initializer: supported when it is zero or initializes the
    /// carrier member (C initializes the first member).
    fn union_initializer(
        &mut self,
        id: oclc_ir::StructId,
        items: &[ConstInit],
        members: &[TypeId],
        spirv_ty: Word,
    ) -> Emit<Word> {
        let first = items.first().unwrap_or(&ConstInit::Zero);
        if *first == ConstInit::Zero {
            return Ok(self.null_constant(spirv_ty));
        }
        let layout = self.union_layout(id);
        match (layout, members.first()) {
            (Some((carrier, padding)), Some(&member)) if carrier == member => {
                let mut parts = vec![self.lower_initializer(first, carrier)?];
                if padding > 0 {
                    let byte = self.int_type(8);
                    let uint = self.int_type(32);
                    let len = self.scalar_constant(uint, padding);
                    let pad_ty = self.types.get(&TypeKey::Array(byte, len)).copied();
                    let pad_ty = pad_ty.ok_or_else(|| unsupported(None, "a union's padding"))?;
                    parts.push(self.null_constant(pad_ty));
                }
                Ok(self.composite_constant(spirv_ty, parts))
            }
            _ => Err(unsupported(
                None,
                "a non-zero initializer of a union whose first member is not its widest",
            )),
        }
    }
}

/// The words of a scalar constant: one, or two (low first) for 64 bits.
fn scalar_words(bits: u64, width: u32) -> Vec<u32> {
    if width > 32 {
        vec![bits as u32, (bits >> 32) as u32]
    } else {
        vec![bits as u32]
    }
}

/// The bit pattern of `value` as a float of `bits` bits.
pub(crate) fn float_bits(value: f64, bits: u8) -> u64 {
    match bits {
        16 => u64::from(oclc_ir::float::half_bits(value)),
        32 => u64::from((value as f32).to_bits()),
        _ => value.to_bits(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halves_round_once_from_double() {
        assert_eq!(float_bits(1.0, 16), 0x3c00);
        // Through `float` this would be the tie 2^-25, rounding to 0.
        assert_eq!(float_bits(f64::from_bits(0x3e60_0000_0000_0001), 16), 1);
    }

    #[test]
    fn wide_scalars_take_two_words_low_first() {
        assert_eq!(scalar_words(0x1_0000_0002, 64), vec![2, 1]);
        assert_eq!(scalar_words(7, 32), vec![7]);
    }
}
