//! Lowering IR types to SPIR-V types, each declared once.
//!
//! Mapping: `bool` → `OpTypeBool`; integers of either signedness →
//! `OpTypeInt n 0` (Kernel modules have no signed integer types);
//! `Atomic(T)` → `T`; `atomic_flag` → 32-bit int; pointers → `OpTypePointer`
//! in the address space's storage class, with `void *` as a pointer to an
//! 8-bit int and a pointer to an unsized array as a pointer to its element;
//! structs → `OpTypeStruct` keyed by the IR struct (never merged
//! structurally); a union → a struct holding its most aligned member plus
//! byte padding up to the union's size, members being read through a
//! bitcast pointer. On the Vulkan target, storage buffers and push
//! constants hold laid-out copies of aggregate types (see
//! [`crate::vulkan`]).

use oclc_ir::{AddressSpace, Module, OpaqueType, StructId, Type, TypeId, Types};
use rspirv::spirv::{Capability, Op, StorageClass};

use crate::module::{unsupported, Emit, ModuleEmitter, StructState, TypeKey};
use crate::policy::Policy;
use crate::words::{push_inst, Word};

/// The deepest nesting of struct types lowered at once (by value, or
/// through pointers to structs not lowered yet): SPIR-V's universal limit
/// on structure nesting. Each level also costs stack, so the bound keeps
/// lowering within a 2 MiB stack.
pub(crate) const MAX_STRUCT_NESTING: u32 = 255;

/// One member of a struct's SPIR-V type (see
/// [`ModuleEmitter::aligned_layout`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Slot {
    /// The IR struct's member of this index.
    Member(usize),
    /// This many bytes of padding (an array of 8-bit integers).
    Pad(u64),
}

impl ModuleEmitter<'_> {
    /// The storage class of an address space under the target's policy.
    pub(crate) fn storage_class(&self, space: AddressSpace) -> StorageClass {
        self.env.storage_class(space)
    }

    /// The IR type with this id.
    pub(crate) fn ir(&self, ty: TypeId) -> Type {
        self.module.types.get(ty)
    }

    /// The SPIR-V type of values of IR type `ty`.
    pub(crate) fn ty(&mut self, ty: TypeId) -> Emit<Word> {
        if let Some(Some(id)) = self.ir_types.get(ty.index()) {
            return Ok(*id);
        }
        self.enter(None)?;
        let result = self.lower_type(ty);
        self.leave();
        let id = result?;
        if let Some(slot) = self.ir_types.get_mut(ty.index()) {
            *slot = Some(id);
        }
        Ok(id)
    }

    fn lower_type(&mut self, ty: TypeId) -> Emit<Word> {
        match self.ir(ty) {
            Type::Void => Ok(self.void_type()),
            Type::Bool => Ok(self.bool_type()),
            Type::Int { bits, .. } => Ok(self.int_type(bits)),
            Type::Float { bits } => Ok(self.float_type(bits)),
            // Vulkan has no `Vector16`.
            Type::Vector { len, .. } if len > 4 && self.env.is_vulkan() => Err(unsupported(
                None,
                format!("a vector of {len} components on the Vulkan target (at most 4)"),
            )),
            Type::Vector { elem, len } => {
                let elem = self.ty(elem)?;
                Ok(self.vector_type(elem, len))
            }
            Type::Pointer {
                space: AddressSpace::Generic,
                ..
            } if self.env.is_vulkan() => Err(unsupported(
                None,
                "a generic pointer on the Vulkan target (give the pointer an address space: \
                 `global`, `local` or `private`)",
            )),
            Type::Pointer { pointee, space, .. } => {
                self.pointer_to(self.storage_class(space), pointee)
            }
            Type::Array {
                elem,
                len: Some(len),
            } if len > 0 => {
                let elem = self.ty(elem)?;
                let uint = self.int_type(32);
                let len = self.scalar_constant(uint, u64::from(len));
                Ok(self.declare(TypeKey::Array(elem, len), Op::TypeArray, &[elem, len]))
            }
            Type::Array { .. } => Err(unsupported(
                None,
                "an array type without a length outside a pointer parameter",
            )),
            Type::Struct(id) => self.struct_type(id),
            Type::Atomic(inner) => self.ty(inner),
            Type::AtomicFlag => Ok(self.int_type(32)),
            Type::Opaque(OpaqueType::Sampler) => {
                Ok(self.declare(TypeKey::Sampler, Op::TypeSampler, &[]))
            }
            Type::Opaque(OpaqueType::Event) => Ok(self.declare(TypeKey::Event, Op::TypeEvent, &[])),
            Type::Opaque(OpaqueType::Pipe(_) | OpaqueType::ReserveId) if self.env.is_vulkan() => {
                Err(unsupported(
                    None,
                    "pipes on the Vulkan target (Vulkan has no pipes)",
                ))
            }
            Type::Opaque(OpaqueType::Pipe(pipe)) => {
                self.require(Capability::Pipes);
                let access = if pipe.write {
                    rspirv::spirv::AccessQualifier::WriteOnly
                } else {
                    rspirv::spirv::AccessQualifier::ReadOnly
                } as u32;
                Ok(self.declare(TypeKey::Pipe(access), Op::TypePipe, &[access]))
            }
            Type::Opaque(OpaqueType::ReserveId) => {
                self.require(Capability::Pipes);
                Ok(self.declare(TypeKey::ReserveId, Op::TypeReserveId, &[]))
            }
            Type::Opaque(OpaqueType::Image(image)) => self.image_type(image),
        }
    }

    /// `OpTypeImage` for an OpenCL image: sampled type `void`, `Sampled`
    /// 0 and format `Unknown` (the format is the runtime's), the access
    /// qualifier as written; with the capabilities its dimensionality and
    /// access need.
    fn image_type(&mut self, image: oclc_ir::ImageType) -> Emit<Word> {
        use oclc_ir::{ImageAccess, ImageDim};
        use rspirv::spirv::{AccessQualifier, Dim};
        if self.env.is_vulkan() {
            return Err(unsupported(None, "images on the Vulkan target (not yet)"));
        }
        self.require(Capability::ImageBasic);
        let dim = match image.dim {
            ImageDim::D1 => {
                self.require(Capability::Sampled1D);
                Dim::Dim1D
            }
            ImageDim::D2 => Dim::Dim2D,
            ImageDim::D3 => Dim::Dim3D,
            ImageDim::Buffer => {
                self.require(Capability::SampledBuffer);
                Dim::DimBuffer
            }
        };
        let access = match image.access {
            ImageAccess::ReadOnly => AccessQualifier::ReadOnly,
            ImageAccess::WriteOnly => AccessQualifier::WriteOnly,
            ImageAccess::ReadWrite => {
                self.require(Capability::ImageReadWrite);
                AccessQualifier::ReadWrite
            }
        };
        let void = self.void_type();
        let key = TypeKey::Image(
            dim as u32,
            u32::from(image.depth),
            u32::from(image.arrayed),
            access as u32,
        );
        Ok(self.declare(
            key,
            Op::TypeImage,
            &[
                void,
                dim as u32,
                u32::from(image.depth),
                u32::from(image.arrayed),
                0,
                0,
                rspirv::spirv::ImageFormat::Unknown as u32,
                access as u32,
            ],
        ))
    }

    /// `OpTypeSampledImage` of `image`.
    pub(crate) fn sampled_image_type(&mut self, image: Word) -> Word {
        self.declare(TypeKey::SampledImage(image), Op::TypeSampledImage, &[image])
    }

    /// `OpTypeSampler`.
    pub(crate) fn sampler_type(&mut self) -> Word {
        self.declare(TypeKey::Sampler, Op::TypeSampler, &[])
    }

    /// Declares the type `key` with `op` and `operands` unless it exists.
    fn declare(&mut self, key: TypeKey, op: Op, operands: &[Word]) -> Word {
        if let Some(&id) = self.types.get(&key) {
            return id;
        }
        let id = self.id();
        let mut words = Vec::with_capacity(operands.len() + 1);
        words.push(id);
        words.extend_from_slice(operands);
        push_inst(&mut self.globals, op, &words);
        self.types.insert(key, id);
        id
    }

    /// `OpTypeVoid`.
    pub(crate) fn void_type(&mut self) -> Word {
        self.declare(TypeKey::Void, Op::TypeVoid, &[])
    }

    /// `OpTypeBool`.
    pub(crate) fn bool_type(&mut self) -> Word {
        self.declare(TypeKey::Bool, Op::TypeBool, &[])
    }

    /// `OpTypeInt bits 0`, with its width capability.
    pub(crate) fn int_type(&mut self, bits: u8) -> Word {
        match bits {
            8 => self.require(Capability::Int8),
            16 => self.require(Capability::Int16),
            64 => self.require(Capability::Int64),
            _ => {}
        }
        self.declare(TypeKey::Int(bits), Op::TypeInt, &[u32::from(bits), 0])
    }

    /// The integer type as wide as a pointer (`size_t`).
    pub(crate) fn size_type(&mut self) -> Word {
        let bits = if self.module.pointer_bits == 32 {
            32
        } else {
            64
        };
        self.int_type(bits)
    }

    /// `OpTypeFloat bits`, with its width capability.
    pub(crate) fn float_type(&mut self, bits: u8) -> Word {
        match bits {
            16 if self.half_values => self.require(Capability::Float16),
            16 => self.require(Capability::Float16Buffer),
            64 => self.require(Capability::Float64),
            _ => {}
        }
        self.declare(TypeKey::Float(bits), Op::TypeFloat, &[u32::from(bits)])
    }

    /// `OpTypeVector elem len` (8 and 16 elements need `Vector16`).
    pub(crate) fn vector_type(&mut self, elem: Word, len: u8) -> Word {
        if len > 4 {
            self.require(Capability::Vector16);
        }
        self.declare(
            TypeKey::Vector(elem, len),
            Op::TypeVector,
            &[elem, u32::from(len)],
        )
    }

    /// `OpTypePointer class pointee` for an already lowered pointee.
    pub(crate) fn pointer_type(&mut self, class: StorageClass, pointee: Word) -> Word {
        if class == StorageClass::Generic {
            self.require(Capability::GenericPointer);
        }
        self.declare(
            TypeKey::Pointer(class as u32, pointee),
            Op::TypePointer,
            &[class as u32, pointee],
        )
    }

    /// `OpTypeFunction ret params...`.
    pub(crate) fn function_type(&mut self, ret: Word, params: Vec<Word>) -> Word {
        let mut operands = Vec::with_capacity(params.len() + 1);
        operands.push(ret);
        operands.extend_from_slice(&params);
        self.declare(TypeKey::Function(ret, params), Op::TypeFunction, &operands)
    }

    /// The SPIR-V pointee type of an IR pointee: `void` becomes an 8-bit
    /// int, an unsized array its element.
    pub(crate) fn pointee_type(&mut self, pointee: TypeId) -> Emit<Word> {
        match self.ir(pointee) {
            Type::Void => Ok(self.int_type(8)),
            Type::Array { elem, len: None } => self.ty(elem),
            _ => self.ty(pointee),
        }
    }

    /// Whether a parameter of IR type `ty` is passed by value as a pointer
    /// to a copy: structs and unions are, as llvm-spirv passes them and as
    /// drivers expect (Intel's CPU runtime crashes on a struct-typed kernel
    /// `OpFunctionParameter`, which the validator accepts).
    pub(crate) fn by_value(&self, ty: TypeId) -> bool {
        !self.env.is_vulkan() && matches!(self.ir(ty), Type::Struct(_))
    }

    /// Whether a function returning IR type `ty` returns it through
    /// memory: a struct or array result is stored through a hidden first
    /// parameter (`FuncParamAttr Sret`) and the function returns `void`,
    /// as llvm-spirv emits it. Intel's CPU runtime crashed in
    /// `clBuildProgram` on helpers returning structs by value, inlinable
    /// or not (an if/else of two calls of a `DontInline` one).
    pub(crate) fn returns_through_memory(&self, ty: TypeId) -> bool {
        !self.env.is_vulkan() && matches!(self.ir(ty), Type::Struct(_) | Type::Array { .. })
    }

    /// `Alignment` on variable `id` of IR type `ty` when its declaration
    /// (`aligned(N)`, `align`) or its type (a struct declared
    /// `aligned(N)`) asks for more than the alignment SPIR-V consumers give
    /// the type from its members, as llvm-spirv decorates its variables.
    /// A `Workgroup` variable gets any alignment above 1: Intel's CPU
    /// runtime places `local` variables without the decoration at the
    /// alignment of their scalars (a `local long2 v[3]` at an address
    /// that is a multiple of 8; the conformance suite's
    /// `kernel_memory_alignment_local` checks it), while llvm-spirv
    /// decorates every variable.
    pub(crate) fn decorate_alignment(
        &mut self,
        id: Word,
        ty: TypeId,
        align: u32,
        class: StorageClass,
    ) {
        let always = class == StorageClass::Workgroup;
        let types = &self.module.types;
        let bits = self.module.pointer_bits;
        let declared = types.align_with(ty, bits, true).unwrap_or(1);
        let natural = types.align_with(ty, bits, false).unwrap_or(1);
        let wanted = declared.max(u64::from(align));
        if wanted > natural || (always && wanted > 1) {
            self.decorate(
                id,
                rspirv::spirv::Decoration::Alignment,
                &[u32::try_from(wanted).unwrap_or(u32::MAX)],
            );
        }
    }

    /// Marks the hidden result parameter `id` of a function returning IR
    /// type `ty` through memory (see [`Self::returns_through_memory`]).
    pub(crate) fn decorate_result_pointer(&mut self, id: Word, ty: TypeId) {
        use rspirv::spirv::FunctionParameterAttribute as Attr;
        self.decorate_pointer_param(id, ty, &[Attr::NoAlias, Attr::Sret]);
    }

    /// The SPIR-V type of a parameter of IR type `ty`: a `Function`
    /// pointer for an aggregate passed [by value](Self::by_value).
    pub(crate) fn param_type(&mut self, ty: TypeId) -> Emit<Word> {
        if self.by_value(ty) {
            self.pointer_to(StorageClass::Function, ty)
        } else {
            self.ty(ty)
        }
    }

    /// Marks parameter `id` (of aggregate IR type `ty`) `FuncParamAttr
    /// ByVal` with the aggregate's alignment.
    pub(crate) fn decorate_by_value(&mut self, id: Word, ty: TypeId) {
        use rspirv::spirv::FunctionParameterAttribute as Attr;
        self.decorate_pointer_param(id, ty, &[Attr::ByVal]);
    }

    /// Marks the `restrict` pointer parameter `id` `FuncParamAttr NoAlias`,
    /// as llvm-spirv marks `noalias` parameters.
    pub(crate) fn decorate_no_alias(&mut self, id: Word) {
        use rspirv::spirv::{Decoration, FunctionParameterAttribute as Attr};
        self.decorate(id, Decoration::FuncParamAttr, &[Attr::NoAlias as u32]);
    }

    /// `FuncParamAttr` decorations `attributes` on the pointer parameter
    /// `id` to IR type `ty`, and `Alignment` with the type's alignment.
    fn decorate_pointer_param(
        &mut self,
        id: Word,
        ty: TypeId,
        attributes: &[rspirv::spirv::FunctionParameterAttribute],
    ) {
        use rspirv::spirv::Decoration;
        for &attribute in attributes {
            self.decorate(id, Decoration::FuncParamAttr, &[attribute as u32]);
        }
        let align = self
            .module
            .types
            .align_of(ty, self.module.pointer_bits)
            .unwrap_or(1);
        self.decorate(id, Decoration::Alignment, &[align as u32]);
    }

    /// A pointer in `class` to the IR type `pointee`, forward-declared when
    /// the pointee is a struct whose declaration is in progress.
    pub(crate) fn pointer_to(&mut self, class: StorageClass, pointee: TypeId) -> Emit<Word> {
        if let Type::Struct(id) = self.ir(pointee) {
            if let Some(&StructState::InProgress(struct_id)) = self.structs.get(id.index()) {
                let key = TypeKey::Pointer(class as u32, struct_id);
                if let Some(&ptr) = self.types.get(&key) {
                    return Ok(ptr);
                }
                if class == StorageClass::Generic {
                    self.require(Capability::GenericPointer);
                }
                let ptr = self.id();
                push_inst(
                    &mut self.globals,
                    Op::TypeForwardPointer,
                    &[ptr, class as u32],
                );
                self.types.insert(key, ptr);
                self.forward_pointers.push((struct_id, ptr, class as u32));
                return Ok(ptr);
            }
        }
        let pointee_ty = if matches!(
            class,
            StorageClass::StorageBuffer | StorageClass::PushConstant
        ) {
            self.laid_out(pointee)?
        } else {
            self.pointee_type(pointee)?
        };
        let pointer = self.pointer_type(class, pointee_ty);
        if class == StorageClass::StorageBuffer {
            self.stride_pointer(pointer, pointee);
        }
        Ok(pointer)
    }

    /// The struct (or union representation) type of `id`.
    fn struct_type(&mut self, id: StructId) -> Emit<Word> {
        let index = id.index();
        if self.structs.len() <= index {
            self.structs.resize(index + 1, StructState::NotStarted);
        }
        match self.structs[index] {
            StructState::Done(word) => return Ok(word),
            // A struct cannot contain itself by value; reaching it again
            // means a pointer member, handled by `pointer_to`.
            StructState::InProgress(word) => return Ok(word),
            StructState::NotStarted => {}
        }
        if self.struct_depth >= MAX_STRUCT_NESTING {
            return Err(unsupported(
                None,
                format!(
                    "struct types nested more than {MAX_STRUCT_NESTING} levels deep (SPIR-V's limit)"
                ),
            ));
        }
        let word = self.id();
        self.structs[index] = StructState::InProgress(word);
        self.struct_depth += 1;
        let members = self.struct_members(id);
        self.struct_depth -= 1;
        let members = members?;
        // The recursion guard above counts only the structs lowered in
        // this call; a struct may also contain ones lowered earlier.
        let nesting = 1 + self
            .module
            .types
            .struct_def(id)
            .members
            .iter()
            .map(|&(_, m)| self.value_nesting(m))
            .max()
            .unwrap_or(0);
        if nesting > MAX_STRUCT_NESTING {
            return Err(unsupported(
                None,
                format!(
                    "struct types nested more than {MAX_STRUCT_NESTING} levels deep (SPIR-V's limit)"
                ),
            ));
        }
        if self.struct_nesting.len() <= index {
            self.struct_nesting.resize(index + 1, 0);
        }
        self.struct_nesting[index] = nesting;
        let mut operands = Vec::with_capacity(members.len() + 1);
        operands.push(word);
        operands.extend_from_slice(&members);
        push_inst(&mut self.globals, Op::TypeStruct, &operands);
        if self.module.types.is_physically_packed(id) && !self.env.is_vulkan() {
            self.decorate(word, rspirv::spirv::Decoration::CPacked, &[]);
        }
        self.types.insert(TypeKey::Struct(id), word);
        self.structs[index] = StructState::Done(word);
        let name = self.module.types.struct_def(id).name.clone();
        self.name(word, &name);
        // Complete the forward pointers to this struct.
        let pending: Vec<(Word, Word, u32)> = self
            .forward_pointers
            .iter()
            .copied()
            .filter(|&(s, _, _)| s == word)
            .collect();
        self.forward_pointers.retain(|&(s, _, _)| s != word);
        for (_, ptr, class) in pending {
            push_inst(&mut self.globals, Op::TypePointer, &[ptr, class, word]);
        }
        Ok(word)
    }

    /// `Offset` decorations of struct `word` (IR struct `id`, or its
    /// union representation) in OpenCL's layout.
    pub(crate) fn decorate_offsets(&mut self, id: StructId, word: Word) {
        let types = &self.module.types;
        let def = types.struct_def(id);
        let mut offsets = Vec::with_capacity(def.members.len());
        if def.is_union {
            // The representation: the carrier at 0, then padding.
            let Some((carrier, padding)) = self.union_layout(id) else {
                return;
            };
            offsets.push(0);
            if padding > 0 {
                offsets.extend(types.size_of(carrier, 32));
            }
        }
        if !def.is_union {
            // The declared layout (`packed`, `aligned(N)`, `#pragma pack`).
            let Some(declared) = types.member_offsets(id, 32, true) else {
                return;
            };
            offsets = declared;
        }
        for (index, offset) in offsets.into_iter().enumerate() {
            push_inst(
                &mut self.annotations,
                Op::MemberDecorate,
                &[
                    word,
                    index as u32,
                    rspirv::spirv::Decoration::Offset as u32,
                    offset as u32,
                ],
            );
        }
    }

    /// For an OpenCL module, how struct `id`'s members sit in its SPIR-V
    /// type when `aligned(N)`, a `packed` member or `#pragma pack` changes
    /// its layout (`None`: the members alone). SPIR-V consumers lay
    /// structs out from their members' own alignments, so the bytes the
    /// declared layout adds are explicit byte arrays, as clang's LLVM
    /// types have them: before a member it moves, and at the end for a
    /// size rounded up. A struct whose members may sit below their
    /// alignment is `CPacked` (see [`oclc_ir::Types::is_physically_packed`]),
    /// every gap an explicit array. (Vulkan modules give offsets and
    /// strides explicitly and need none.)
    pub(crate) fn aligned_layout(&self, id: StructId) -> Emit<Option<Vec<Slot>>> {
        let types = &self.module.types;
        let bits = self.module.pointer_bits;
        let def = types.struct_def(id);
        let over_aligned =
            |ty: TypeId| types.align_with(ty, bits, true) != types.align_with(ty, bits, false);
        if self.env.is_vulkan()
            || def.is_union
            || (def.align == 0
                && def.member_align.is_empty()
                && def.member_cap.is_empty()
                && !def
                    .members
                    .iter()
                    .any(|&(_, m)| over_aligned(m) || types.is_flexible_member(m)))
        {
            return Ok(None);
        }
        let layout_error = || unsupported(None, format!("the layout of struct `{}`", def.name));
        let offsets = types
            .member_offsets(id, bits, true)
            .ok_or_else(layout_error)?;
        let packed = types.is_physically_packed(id);
        let mut slots = Vec::with_capacity(def.members.len() + 1);
        let mut padded = false;
        // Where the consumer's layout has got to: the end of the last slot.
        let mut end = 0u64;
        for (index, (&(_, member), &offset)) in def.members.iter().zip(&offsets).enumerate() {
            if types.is_flexible_member(member) {
                // A flexible array member has no place in the type: it
                // is reached by its offset (see `member_ptr`).
                padded = true;
                continue;
            }
            let natural = if packed {
                1
            } else {
                types
                    .align_with(member, bits, false)
                    .ok_or_else(layout_error)?
            };
            if offset > end.div_ceil(natural) * natural {
                slots.push(Slot::Pad(offset - end));
                padded = true;
            } else if offset != end.div_ceil(natural) * natural {
                return Err(layout_error());
            }
            slots.push(Slot::Member(index));
            end = offset + types.size_of(member, bits).ok_or_else(layout_error)?;
        }
        let ty = types
            .iter()
            .find(|(_, t)| *t == Type::Struct(id))
            .map(|(t, _)| t);
        let size = ty.and_then(|t| types.size_of(t, bits));
        let natural = ty.and_then(|t| types.align_with(t, bits, false));
        if let (Some(size), Some(natural)) = (size, natural) {
            // Padding the driver would add anyway needs no member.
            if size > end.div_ceil(natural) * natural {
                slots.push(Slot::Pad(size - end));
                padded = true;
            }
        }
        Ok(padded.then_some(slots))
    }

    /// The index in its SPIR-V type of member `field` of struct `id`
    /// (further than `field` when padding precedes it).
    pub(crate) fn member_index(&mut self, id: StructId, field: u32) -> Emit<u32> {
        if let Some(Some(map)) = self.member_indices.get(id.index()) {
            return Ok(map.get(field as usize).copied().unwrap_or(field));
        }
        let members = self.module.types.struct_def(id).members.len();
        let map = self.aligned_layout(id)?.map(|slots| {
            let mut map = vec![u32::MAX; members];
            for (at, slot) in slots.iter().enumerate() {
                if let Slot::Member(index) = *slot {
                    if let Some(entry) = map.get_mut(index) {
                        *entry = at as u32;
                    }
                }
            }
            map
        });
        let index = map
            .as_ref()
            .and_then(|m| m.get(field as usize).copied())
            .unwrap_or(field);
        if self.member_indices.len() <= id.index() {
            self.member_indices.resize(id.index() + 1, None);
        }
        self.member_indices[id.index()] = Some(map.unwrap_or_default());
        Ok(index)
    }

    /// `OpTypeArray` of `len` 8-bit integers.
    pub(crate) fn byte_array(&mut self, len: u64) -> Word {
        let byte = self.int_type(8);
        let uint = self.int_type(32);
        let len = self.scalar_constant(uint, len);
        self.declare(TypeKey::Array(byte, len), Op::TypeArray, &[byte, len])
    }

    /// How deeply structs nest inside a value of IR type `ty` (0 for
    /// scalars and pointers; arrays add nothing).
    fn value_nesting(&self, ty: TypeId) -> u32 {
        match self.ir(ty) {
            Type::Struct(id) => self.struct_nesting.get(id.index()).copied().unwrap_or(0),
            Type::Array { elem, .. } => self.value_nesting(elem),
            _ => 0,
        }
    }

    /// The member types of a struct, or of a union's representation.
    fn struct_members(&mut self, id: StructId) -> Emit<Vec<Word>> {
        let def = self.module.types.struct_def(id);
        if !def.is_union {
            let member_types: Vec<TypeId> = def.members.iter().map(|&(_, ty)| ty).collect();
            // The members first: that is where too deep a nesting stops.
            let members = member_types
                .into_iter()
                .map(|ty| match self.module.types.is_flexible_member(ty) {
                    // No member of the SPIR-V type (see `aligned_layout`).
                    true => Ok(0),
                    false => self.ty(ty),
                })
                .collect::<Emit<Vec<Word>>>()?;
            let Some(slots) = self.aligned_layout(id)? else {
                return Ok(members);
            };
            return Ok(slots
                .into_iter()
                .map(|slot| match slot {
                    Slot::Member(index) => members[index],
                    Slot::Pad(bytes) => self.byte_array(bytes),
                })
                .collect());
        }
        let Some((carrier, padding)) = self.union_layout(id) else {
            return Err(unsupported(
                None,
                format!("the layout of union `{}`", def.name),
            ));
        };
        let mut members = vec![self.ty(carrier)?];
        if padding > 0 {
            let byte = self.int_type(8);
            let uint = self.int_type(32);
            let len = self.scalar_constant(uint, padding);
            members.push(self.declare(TypeKey::Array(byte, len), Op::TypeArray, &[byte, len]));
        }
        Ok(members)
    }

    /// A union's carrier member (the first most aligned, widest member) and
    /// the bytes of padding after it.
    pub(crate) fn union_layout(&self, id: StructId) -> Option<(TypeId, u64)> {
        let types = &self.module.types;
        let bits = self.module.pointer_bits;
        let union_ty_size = {
            let def = types.struct_def(id);
            let mut size = 0;
            let mut align = 1;
            for &(_, m) in &def.members {
                size = size.max(types.size_of(m, bits)?);
                align = align.max(types.align_of(m, bits)?);
            }
            size.div_ceil(align) * align
        };
        let mut best: Option<(TypeId, u64, u64)> = None;
        for &(_, m) in &types.struct_def(id).members {
            let (size, align) = (types.size_of(m, bits)?, types.align_of(m, bits)?);
            if best.is_none_or(|(_, s, a)| (align, size) > (a, s)) {
                best = Some((m, size, align));
            }
        }
        let (carrier, size, _) = best?;
        Some((carrier, union_ty_size.saturating_sub(size)))
    }

    /// If `ty` is a pointer: its pointee, address space and volatility.
    pub(crate) fn pointee_of(&self, ty: TypeId) -> Option<(TypeId, AddressSpace, bool)> {
        match self.ir(ty) {
            Type::Pointer {
                pointee,
                space,
                quals,
            } => Some((pointee, space, quals.volatile)),
            _ => None,
        }
    }

    /// The width of a scalar (or of a vector's elements); pointers count as
    /// `pointer_bits`, bool as 1.
    pub(crate) fn scalar_bits(&self, ty: TypeId) -> u32 {
        match self.ir(ty) {
            Type::Int { bits, .. } | Type::Float { bits } => u32::from(bits),
            Type::Vector { elem, .. } | Type::Atomic(elem) => self.scalar_bits(elem),
            Type::Pointer { .. } => self.module.pointer_bits,
            Type::AtomicFlag => 32,
            _ => 1,
        }
    }

    /// The scalar type of `ty` (the element of a vector, the value of an
    /// atomic) and the vector length (1 for scalars).
    pub(crate) fn scalar_of(&self, ty: TypeId) -> (Type, u8) {
        match self.ir(ty) {
            Type::Vector { elem, len } => (self.ir(elem), len),
            Type::Atomic(inner) => (self.ir(inner), 1),
            Type::AtomicFlag => (
                Type::Int {
                    bits: 32,
                    signed: false,
                },
                1,
            ),
            other => (other, 1),
        }
    }
}

/// Whether `module` has a `half` value anywhere a pointer's pointee is not
/// enough: the type of an expression, parameter or private variable, or
/// an initialized program-scope variable (its constant). `half` reached
/// only through pointers (`vload_half`, `vstore_half`) needs just
/// `Float16Buffer`, as llvm-spirv declares it.
pub(crate) fn uses_half_values(module: &Module) -> bool {
    // Most modules have no `half` type at all: then nothing to scan.
    if !module
        .types
        .iter()
        .any(|(_, ty)| ty == Type::Float { bits: 16 })
    {
        return false;
    }
    let mut memo: Vec<Option<bool>> = vec![None; module.types.iter().count()];
    let mut holds_half = |ty: TypeId| contains_half(&module.types, ty, &mut memo, 0);
    module
        .globals
        .iter()
        .any(|g| g.init.is_some() && holds_half(g.ty))
        || module.functions.iter().any(|f| {
            holds_half(f.ret)
                || f.params.iter().any(|p| holds_half(p.ty))
                || f.locals.iter().any(|l| holds_half(l.ty))
                || f.exprs.iter().any(|e| holds_half(e.ty))
        })
}

/// Whether a value of type `ty` holds a `half` (not behind a pointer).
fn contains_half(types: &Types, ty: TypeId, memo: &mut [Option<bool>], depth: u32) -> bool {
    if let Some(Some(known)) = memo.get(ty.index()) {
        return *known;
    }
    // Struct nesting is bounded by the front end; this bound only keeps a
    // malformed table from recursing without end.
    if depth > 256 {
        return true;
    }
    let result = match types.get(ty) {
        Type::Float { bits: 16 } => true,
        Type::Vector { elem, .. } | Type::Array { elem, .. } | Type::Atomic(elem) => {
            contains_half(types, elem, memo, depth + 1)
        }
        Type::Struct(id) => types
            .struct_def(id)
            .members
            .iter()
            .any(|&(_, m)| contains_half(types, m, memo, depth + 1)),
        _ => false,
    };
    if let Some(slot) = memo.get_mut(ty.index()) {
        *slot = Some(result);
    }
    result
}
