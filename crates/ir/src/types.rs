//! IR types, hash-consed in [`Types`] so equal types share one [`TypeId`].

use rustc_hash::FxHashMap;

crate::arena::handle!(
    /// Index of a [`Type`] in [`Types`].
    TypeId
);
crate::arena::handle!(
    /// Index of a [`StructDef`] in [`Types`].
    StructId
);

/// OpenCL address spaces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AddressSpace {
    /// `__private` (SPIR-V `Function`).
    Private,
    /// `__global` (`CrossWorkgroup`).
    Global,
    /// `__local` (`Workgroup`).
    Local,
    /// `__constant` (`UniformConstant`).
    Constant,
    /// `__generic` (`Generic`).
    Generic,
}

impl AddressSpace {
    /// The OpenCL C keyword.
    pub fn keyword(self) -> &'static str {
        match self {
            AddressSpace::Private => "__private",
            AddressSpace::Global => "__global",
            AddressSpace::Local => "__local",
            AddressSpace::Constant => "__constant",
            AddressSpace::Generic => "__generic",
        }
    }
}

/// Qualifiers of a pointee.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Quals {
    /// `const`.
    pub const_: bool,
    /// `volatile`.
    pub volatile: bool,
}

/// Opaque OpenCL types.
#[allow(missing_docs)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OpaqueType {
    Image(ImageType),
    Sampler,
    Event,
    /// `read_only pipe T` / `write_only pipe T`.
    Pipe(PipeType),
    /// `reserve_id_t`.
    ReserveId,
}

/// A pipe type: its packet type and whether kernels write it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PipeType {
    /// The packet type.
    pub packet: crate::TypeId,
    /// `write_only` (else `read_only`).
    pub write: bool,
}

/// An image type: `image2d_t`, `write_only image3d_t`, ...
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ImageType {
    /// Dimensionality.
    pub dim: ImageDim,
    /// `…_array_t`.
    pub arrayed: bool,
    /// `…_depth_t`.
    pub depth: bool,
    /// The access qualifier (`read_only` by default).
    pub access: ImageAccess,
}

/// The dimensionality of an image.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ImageDim {
    /// `image1d_t`, `image1d_array_t`.
    D1,
    /// `image2d_t`, `image2d_array_t`, `image2d_depth_t`, ...
    D2,
    /// `image3d_t`.
    D3,
    /// `image1d_buffer_t`.
    Buffer,
}

impl ImageDim {
    /// Coordinates that address a texel (before an array index).
    pub fn coordinates(self) -> u8 {
        match self {
            ImageDim::D1 | ImageDim::Buffer => 1,
            ImageDim::D2 => 2,
            ImageDim::D3 => 3,
        }
    }
}

/// An image access qualifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ImageAccess {
    /// `read_only` (the default).
    ReadOnly,
    /// `write_only`.
    WriteOnly,
    /// `read_write` (OpenCL C 2.0, or `__opencl_c_read_write_images`).
    ReadWrite,
}

impl ImageType {
    /// The OpenCL C type name (`image2d_array_depth_t`).
    pub fn name(self) -> &'static str {
        match (self.dim, self.arrayed, self.depth) {
            (ImageDim::D1, false, _) => "image1d_t",
            (ImageDim::D1, true, _) => "image1d_array_t",
            (ImageDim::Buffer, ..) => "image1d_buffer_t",
            (ImageDim::D2, false, false) => "image2d_t",
            (ImageDim::D2, true, false) => "image2d_array_t",
            (ImageDim::D2, false, true) => "image2d_depth_t",
            (ImageDim::D2, true, true) => "image2d_array_depth_t",
            (ImageDim::D3, ..) => "image3d_t",
        }
    }

    /// The number of integer or float coordinates a read or write takes
    /// (array images add the layer; 2D arrays and 3D images take 4, the
    /// last ignored).
    pub fn coordinate_count(self) -> u8 {
        match (self.dim, self.arrayed) {
            (ImageDim::D1 | ImageDim::Buffer, false) => 1,
            (ImageDim::D1, true) | (ImageDim::D2, false) => 2,
            _ => 4,
        }
    }
}

/// A type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    /// `void`.
    Void,
    /// `bool`.
    Bool,
    /// An integer: 8, 16, 32 or 64 bits.
    Int {
        /// Width.
        bits: u8,
        /// Signedness.
        signed: bool,
    },
    /// A floating type: 16, 32 or 64 bits.
    Float {
        /// Width.
        bits: u8,
    },
    /// A vector of 2, 3, 4, 8 or 16 scalars.
    Vector {
        /// Element type (a scalar).
        elem: TypeId,
        /// Element count.
        len: u8,
    },
    /// A pointer.
    Pointer {
        /// What it points to.
        pointee: TypeId,
        /// The pointee's address space.
        space: AddressSpace,
        /// The pointee's qualifiers.
        quals: Quals,
    },
    /// An array; `len` is `None` only for unsized parameters.
    Array {
        /// Element type.
        elem: TypeId,
        /// Element count.
        len: Option<u32>,
    },
    /// A struct or union (nominal).
    Struct(StructId),
    /// An atomic type: `atomic_int` is `Atomic(int)`, `atomic_flag` is
    /// `Atomic(int)` marked by [`Type::AtomicFlag`] instead.
    Atomic(TypeId),
    /// `atomic_flag` (32 bits in memory).
    AtomicFlag,
    /// Images, samplers and events.
    Opaque(OpaqueType),
}

/// A struct or union definition.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct StructDef {
    /// The tag (or a generated name).
    pub name: String,
    /// Whether it is a union.
    pub is_union: bool,
    /// Members in order.
    pub members: Vec<(String, TypeId)>,
    /// `__attribute__((packed))`: members at consecutive bytes, alignment 1
    /// (SPIR-V `CPacked`).
    pub packed: bool,
    /// `__attribute__((aligned(N)))` above the natural alignment: N (0
    /// otherwise). The struct's size is rounded up to it.
    pub align: u64,
    /// Per member, `aligned(N)` on the member (0: its natural alignment);
    /// empty when no member has one.
    pub member_align: Vec<u64>,
    /// Per member, the most alignment it may have: 1 for a member declared
    /// `packed`, N under `#pragma pack(N)` (0: no limit); empty when no
    /// member is limited. A member's `aligned(N)` still raises it.
    pub member_cap: Vec<u64>,
}

/// The type table: every distinct [`Type`] once, plus struct definitions.
#[derive(Clone, Debug, Default)]
pub struct Types {
    list: Vec<Type>,
    map: FxHashMap<Type, TypeId>,
    structs: Vec<StructDef>,
}

impl Types {
    /// An empty table.
    pub fn new() -> Self {
        Types::default()
    }

    /// The id of `ty`, adding it if new.
    pub fn intern(&mut self, ty: Type) -> TypeId {
        if let Some(&id) = self.map.get(&ty) {
            return id;
        }
        let id = TypeId(self.list.len() as u32);
        self.list.push(ty);
        self.map.insert(ty, id);
        id
    }

    /// Whether `id` names a type of this table.
    pub fn contains(&self, id: TypeId) -> bool {
        id.index() < self.list.len()
    }

    /// The type with this id.
    pub fn get(&self, id: TypeId) -> Type {
        self.list[id.index()]
    }

    /// All types in insertion order (a type's operands come before it).
    pub fn iter(&self) -> impl Iterator<Item = (TypeId, Type)> + '_ {
        self.list
            .iter()
            .enumerate()
            .map(|(i, &t)| (TypeId(i as u32), t))
    }

    /// Adds a struct definition (members may be filled in later with
    /// [`Types::struct_mut`]).
    pub fn add_struct(&mut self, def: StructDef) -> StructId {
        self.structs.push(def);
        StructId(self.structs.len() as u32 - 1)
    }

    /// A struct definition.
    pub fn struct_def(&self, id: StructId) -> &StructDef {
        &self.structs[id.index()]
    }

    /// A struct definition, mutably (to complete a forward-declared tag).
    pub fn struct_mut(&mut self, id: StructId) -> &mut StructDef {
        &mut self.structs[id.index()]
    }

    /// Size in bytes under OpenCL's layout rules (`pointer_bits` for
    /// pointers); `None` for unsized or opaque types.
    pub fn size_of(&self, id: TypeId, pointer_bits: u32) -> Option<u64> {
        Some(match self.get(id) {
            Type::Void => 1,
            Type::Bool => 1,
            Type::Int { bits, .. } | Type::Float { bits } => u64::from(bits) / 8,
            Type::Vector { elem, len } => {
                let n = if len == 3 { 4 } else { u64::from(len) };
                self.size_of(elem, pointer_bits)? * n
            }
            Type::Pointer { .. } => u64::from(pointer_bits) / 8,
            Type::Array { elem, len } => self.size_of(elem, pointer_bits)? * u64::from(len?),
            Type::Atomic(inner) => self.size_of(inner, pointer_bits)?,
            Type::AtomicFlag => 4,
            Type::Struct(s) => {
                let unpadded = self.unpadded_size(s, pointer_bits, true)?;
                let align = self.align_of(id, pointer_bits)?.max(1);
                unpadded.div_ceil(align) * align
            }
            Type::Opaque(_) => return None,
        })
    }

    /// Alignment in bytes.
    pub fn align_of(&self, id: TypeId, pointer_bits: u32) -> Option<u64> {
        self.align_with(id, pointer_bits, true)
    }

    /// Whether struct `s` is laid out as SPIR-V's `CPacked` (members at
    /// consecutive bytes, with explicit padding members where its declared
    /// layout has gaps): when declared `packed`, or when a member's
    /// alignment is limited (`packed` on the member, `#pragma pack`).
    pub fn is_physically_packed(&self, s: StructId) -> bool {
        let def = self.struct_def(s);
        def.packed || def.member_cap.iter().any(|&cap| cap > 0)
    }

    /// Alignment in bytes; with `declared` false, ignoring `aligned(N)` on
    /// structs (what a consumer that lays structs out from their members,
    /// as SPIR-V's do, computes; 1 for a struct laid out `CPacked`).
    pub fn align_with(&self, id: TypeId, pointer_bits: u32, declared: bool) -> Option<u64> {
        Some(match self.get(id) {
            Type::Array { elem, .. } => self.align_with(elem, pointer_bits, declared)?,
            Type::Struct(s) if !declared && self.is_physically_packed(s) => 1,
            Type::Struct(s) => {
                let def = self.struct_def(s);
                let mut align = 1;
                if !def.packed {
                    for (index, &(_, m)) in def.members.iter().enumerate() {
                        align =
                            align.max(self.member_align(def, index, m, pointer_bits, declared)?);
                    }
                }
                if declared {
                    align = align.max(def.align);
                }
                align
            }
            _ => self.size_of(id, pointer_bits)?,
        })
    }

    /// The alignment of member `index` (of type `m`) of `def`: its type's,
    /// when `declared` limited by `packed` or `#pragma pack` on the member
    /// and raised by `aligned(N)` on it.
    fn member_align(
        &self,
        def: &StructDef,
        index: usize,
        m: TypeId,
        pointer_bits: u32,
        declared: bool,
    ) -> Option<u64> {
        let natural = self.align_with(m, pointer_bits, declared)?;
        if !declared {
            return Some(natural);
        }
        let capped = match def.member_cap.get(index).copied().unwrap_or(0) {
            0 => natural,
            cap => natural.min(cap),
        };
        Some(capped.max(def.member_align.get(index).copied().unwrap_or(0)))
    }

    /// The offsets of a struct's members (all 0 for a union); with
    /// `declared` false, laid out with members' natural alignments
    /// ([`Self::align_with`]).
    pub fn member_offsets(
        &self,
        s: StructId,
        pointer_bits: u32,
        declared: bool,
    ) -> Option<Vec<u64>> {
        let def = self.struct_def(s);
        let mut offsets = Vec::with_capacity(def.members.len());
        let mut size = 0u64;
        for (index, &(_, m)) in def.members.iter().enumerate() {
            let ms = self.member_size(m, pointer_bits)?;
            let ma = if def.packed {
                1
            } else {
                self.member_align(def, index, m, pointer_bits, declared)?
            };
            if def.is_union {
                offsets.push(0);
                size = size.max(ms);
            } else {
                size = size.div_ceil(ma) * ma;
                offsets.push(size);
                size += ms;
            }
        }
        Some(offsets)
    }

    /// A struct's size before rounding up to its alignment: the end of
    /// its last member (its largest member for a union).
    pub fn unpadded_size(&self, s: StructId, pointer_bits: u32, declared: bool) -> Option<u64> {
        let def = self.struct_def(s);
        let offsets = self.member_offsets(s, pointer_bits, declared)?;
        let mut end = 0u64;
        for (&(_, m), offset) in def.members.iter().zip(offsets) {
            end = end.max(offset + self.member_size(m, pointer_bits)?);
        }
        Some(end)
    }

    /// The size a member takes in its struct: a flexible array member
    /// (`float data[];`, an array without a length) takes none.
    fn member_size(&self, m: TypeId, pointer_bits: u32) -> Option<u64> {
        match self.get(m) {
            Type::Array { len: None, .. } => Some(0),
            _ => self.size_of(m, pointer_bits),
        }
    }

    /// Whether member `m` of a struct is a flexible array member.
    pub fn is_flexible_member(&self, m: TypeId) -> bool {
        matches!(self.get(m), Type::Array { len: None, .. })
    }
}
