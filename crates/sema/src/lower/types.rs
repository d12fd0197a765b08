//! Types from C declaration syntax: declaration specifiers (built-in type
//! names, typedefs, `struct`/`union`/`enum`) plus declarators (pointers,
//! arrays, functions) become IR [`TypeId`]s with qualifiers and address
//! spaces ([`QualType`]).

use oclc_diagnostics::Span;
use oclc_ir::{AddressSpace, OpaqueType, Quals, StructDef, Type, TypeId};
use oclc_syntax::ast::{self, BuiltinType, DerivedDecl, VectorElem};
use oclc_target::ClStd;

use super::Lowerer;
use crate::codes;
use crate::rules::availability;
use crate::scope::{Binding, Tag};

/// A type with the qualifiers and address space written on the object
/// itself (`const`, `global`, ...). The address space is `None` when not
/// written; declarations pick the default for their context.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QualType {
    /// The type.
    pub ty: TypeId,
    /// `const` / `volatile` on the object.
    pub quals: Quals,
    /// The address space written, if any.
    pub space: Option<AddressSpace>,
}

/// What a declarator declares.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Declared<'d> {
    /// An object (or a parameter) of this type.
    Object(QualType),
    /// A function returning `ret`.
    Function {
        /// The return type.
        ret: QualType,
        /// The parameter list as written.
        params: &'d ast::FunctionParams,
    },
}

/// Converts an AST address space to the IR's.
pub(crate) fn ir_space(space: ast::AddressSpace) -> AddressSpace {
    match space {
        ast::AddressSpace::Private => AddressSpace::Private,
        ast::AddressSpace::Global => AddressSpace::Global,
        ast::AddressSpace::Local => AddressSpace::Local,
        ast::AddressSpace::Constant => AddressSpace::Constant,
        ast::AddressSpace::Generic => AddressSpace::Generic,
    }
}

/// The spelling of a built-in type name (for availability checks).
pub(crate) fn builtin_type_name(ty: BuiltinType) -> &'static str {
    use BuiltinType::*;
    match ty {
        Void => "void",
        Bool => "bool",
        Char => "char",
        UChar => "uchar",
        Short => "short",
        UShort => "ushort",
        Int => "int",
        UInt => "uint",
        Long => "long",
        ULong => "ulong",
        Half => "half",
        Float => "float",
        Double => "double",
        SizeT => "size_t",
        PtrdiffT => "ptrdiff_t",
        IntptrT => "intptr_t",
        UintptrT => "uintptr_t",
        AtomicInt => "atomic_int",
        AtomicUInt => "atomic_uint",
        AtomicLong => "atomic_long",
        AtomicULong => "atomic_ulong",
        AtomicHalf => "atomic_half",
        AtomicFloat => "atomic_float",
        AtomicDouble => "atomic_double",
        AtomicIntptrT => "atomic_intptr_t",
        AtomicUintptrT => "atomic_uintptr_t",
        AtomicSizeT => "atomic_size_t",
        AtomicPtrdiffT => "atomic_ptrdiff_t",
        AtomicFlag => "atomic_flag",
        MemoryOrder => "memory_order",
        MemoryScope => "memory_scope",
        ClMemFenceFlags => "cl_mem_fence_flags",
        Vector(..) => "vector",
        Image(_) => "image",
        Sampler => "sampler_t",
        Event => "event_t",
        ReserveId => "reserve_id_t",
    }
}

impl Lowerer<'_> {
    /// The IR type of a built-in type name.
    pub(crate) fn builtin_type(&mut self, ty: BuiltinType) -> TypeId {
        use BuiltinType::*;
        let pointer_bits = self.pointer_bits();
        let scalar = |bits: u8, signed: bool| Type::Int { bits, signed };
        let plain = match ty {
            Void => Type::Void,
            Bool => Type::Bool,
            Char => scalar(8, true),
            UChar => scalar(8, false),
            Short => scalar(16, true),
            UShort => scalar(16, false),
            Int | MemoryOrder | MemoryScope => scalar(32, true),
            UInt | ClMemFenceFlags => scalar(32, false),
            Long => scalar(64, true),
            ULong => scalar(64, false),
            Half => Type::Float { bits: 16 },
            Float => Type::Float { bits: 32 },
            Double => Type::Float { bits: 64 },
            SizeT | UintptrT => scalar(pointer_bits, false),
            PtrdiffT | IntptrT => scalar(pointer_bits, true),
            AtomicFlag => Type::AtomicFlag,
            Sampler => Type::Opaque(OpaqueType::Sampler),
            Event => Type::Opaque(OpaqueType::Event),
            ReserveId => Type::Opaque(OpaqueType::ReserveId),
            Image(image) => {
                use oclc_ir::{ImageAccess, ImageDim};
                use oclc_syntax::ast::ImageType as I;
                let (dim, arrayed, depth) = match image {
                    I::Image1d => (ImageDim::D1, false, false),
                    I::Image1dArray => (ImageDim::D1, true, false),
                    I::Image1dBuffer => (ImageDim::Buffer, false, false),
                    I::Image2d => (ImageDim::D2, false, false),
                    I::Image2dArray => (ImageDim::D2, true, false),
                    I::Image2dDepth => (ImageDim::D2, false, true),
                    I::Image2dArrayDepth => (ImageDim::D2, true, true),
                    I::Image3d => (ImageDim::D3, false, false),
                };
                Type::Opaque(OpaqueType::Image(oclc_ir::ImageType {
                    dim,
                    arrayed,
                    depth,
                    access: ImageAccess::ReadOnly,
                }))
            }
            AtomicInt | AtomicUInt | AtomicLong | AtomicULong | AtomicHalf | AtomicFloat
            | AtomicDouble | AtomicIntptrT | AtomicUintptrT | AtomicSizeT | AtomicPtrdiffT => {
                let inner = match ty {
                    AtomicInt => scalar(32, true),
                    AtomicUInt => scalar(32, false),
                    AtomicLong => scalar(64, true),
                    AtomicULong => scalar(64, false),
                    AtomicHalf => Type::Float { bits: 16 },
                    AtomicFloat => Type::Float { bits: 32 },
                    AtomicDouble => Type::Float { bits: 64 },
                    AtomicIntptrT | AtomicPtrdiffT => scalar(pointer_bits, true),
                    _ => scalar(pointer_bits, false),
                };
                let inner = self.intern(inner);
                Type::Atomic(inner)
            }
            Vector(elem, len) => {
                let elem = self.vector_elem(elem);
                Type::Vector { elem, len }
            }
        };
        self.intern(plain)
    }

    fn vector_elem(&mut self, elem: VectorElem) -> TypeId {
        let ty = match elem {
            VectorElem::Char => BuiltinType::Char,
            VectorElem::UChar => BuiltinType::UChar,
            VectorElem::Short => BuiltinType::Short,
            VectorElem::UShort => BuiltinType::UShort,
            VectorElem::Int => BuiltinType::Int,
            VectorElem::UInt => BuiltinType::UInt,
            VectorElem::Long => BuiltinType::Long,
            VectorElem::ULong => BuiltinType::ULong,
            VectorElem::Half => BuiltinType::Half,
            VectorElem::Float => BuiltinType::Float,
            VectorElem::Double => BuiltinType::Double,
        };
        self.builtin_type(ty)
    }

    /// Reports an unavailable built-in name (`atomic_long` without 64-bit
    /// atomics, ...) through the availability rule.
    pub(crate) fn check_availability(&mut self, name: &str, span: Span) {
        if let Some(d) = availability::check_name(name, span, self.cx.target) {
            self.diags.push(d);
        }
    }

    /// Reports E0417 for `subject` at `span` unless the target supports
    /// `feature` (an overload a name alone does not show, such as `dot`
    /// on integer vectors).
    pub(crate) fn check_feature(
        &mut self,
        subject: &str,
        span: Span,
        feature: oclc_target::Feature,
        section: &str,
    ) {
        if let Some(d) =
            availability::check_feature(subject, span, self.cx.target, feature, section)
        {
            self.diags.push(d);
        }
    }

    /// The type named by declaration specifiers, with their qualifiers.
    pub(crate) fn base_type(&mut self, specs: &ast::DeclSpecs) -> QualType {
        let mut qt = match &specs.ty {
            ast::TypeSpec::Builtin(ty, span) => {
                match ty {
                    // `double4` needs what `double` does.
                    BuiltinType::Vector(ast::VectorElem::Double, _) => {
                        self.check_availability("double", *span);
                    }
                    BuiltinType::Vector(..) | BuiltinType::Image(_) => {}
                    _ => self.check_availability(builtin_type_name(*ty), *span),
                }
                QualType {
                    ty: self.builtin_type(*ty),
                    quals: Quals::default(),
                    space: None,
                }
            }
            ast::TypeSpec::Typedef(ident) => match self.scopes.lookup(ident.name) {
                Some(Binding::Typedef(qt)) => qt,
                _ => {
                    let name = self.text(ident.name);
                    self.report(
                        &codes::UNDECLARED,
                        format!("unknown type name `{name}`"),
                        ident.span,
                        "not a type",
                    );
                    let int = self.int_ty();
                    QualType {
                        ty: int,
                        quals: Quals::default(),
                        space: None,
                    }
                }
            },
            ast::TypeSpec::Record(record) => QualType {
                ty: self.record_type(record),
                quals: Quals::default(),
                space: None,
            },
            ast::TypeSpec::Enum(spec) => QualType {
                ty: self.enum_type(
                    spec,
                    self.has_packed(&spec.attributes) || self.has_packed(&specs.attributes),
                ),
                quals: Quals::default(),
                space: None,
            },
            ast::TypeSpec::Typeof(operand, _) => {
                let ty = match &**operand {
                    ast::Typeof::Expr(expr) => self.unevaluated_type(expr),
                    ast::Typeof::Type(type_name) => self.lower_type_name(type_name),
                };
                QualType {
                    ty: ty.unwrap_or_else(|| self.int_ty()),
                    quals: Quals::default(),
                    space: None,
                }
            }
        };
        self.add_qualifiers(&mut qt, &specs.qualifiers);
        self.apply_image_access(&mut qt, &specs.attributes);
        if let Some(span) = specs.pipe {
            self.make_pipe(&mut qt, &specs.attributes, span);
        }
        qt
    }

    /// `read_only pipe T` / `write_only pipe T` (OpenCL C 3.0 §6.13.15):
    /// the specified type becomes the packet type; `read_only` is the
    /// default and `read_write` is an error.
    fn make_pipe(&mut self, qt: &mut QualType, attributes: &[ast::Attribute], span: Span) {
        self.check_availability("pipe", span);
        let mut write = false;
        for attribute in attributes {
            match self.text(attribute.name.name).trim_start_matches("__") {
                "read_only" => write = false,
                "write_only" => write = true,
                "read_write" => self.report(
                    &codes::INVALID_TYPE,
                    "a pipe is `read_only` or `write_only`, not `read_write`".to_string(),
                    attribute.span,
                    "invalid access qualifier for a pipe",
                ),
                _ => {}
            }
        }
        if matches!(self.ty(qt.ty), Type::Opaque(_) | Type::Void) || self.is_incomplete(qt.ty) {
            let name = self.type_name(qt.ty);
            self.report(
                &codes::INVALID_TYPE,
                format!("`{name}` cannot be the packet type of a pipe"),
                span,
                "pipe of this type",
            );
        }
        qt.ty = self.intern(Type::Opaque(OpaqueType::Pipe(oclc_ir::PipeType {
            packet: qt.ty,
            write,
        })));
        qt.quals = Quals::default();
    }

    /// Applies `read_only`/`write_only`/`read_write` (kept as attributes
    /// by the parser) to an image type.
    fn apply_image_access(&mut self, qt: &mut QualType, attributes: &[ast::Attribute]) {
        use oclc_ir::ImageAccess;
        let Type::Opaque(OpaqueType::Image(mut image)) = self.ty(qt.ty) else {
            return;
        };
        for attribute in attributes {
            let name = self.text(attribute.name.name);
            image.access = match name.trim_start_matches("__") {
                "read_only" => ImageAccess::ReadOnly,
                "write_only" => ImageAccess::WriteOnly,
                "read_write" => ImageAccess::ReadWrite,
                _ => continue,
            };
            if image.access == ImageAccess::ReadWrite && self.cx.target.std < ClStd::Cl20 {
                self.report(
                    &codes::INVALID_TYPE,
                    "`read_write` images need OpenCL C 2.0 (or 3.0 with \
                     `__opencl_c_read_write_images`)"
                        .to_string(),
                    attribute.span,
                    "needs `-cl-std=CL2.0`",
                );
            }
        }
        qt.ty = self.intern(Type::Opaque(OpaqueType::Image(image)));
    }

    /// Adds written qualifiers to a type, reporting conflicting spaces.
    fn add_qualifiers(&mut self, qt: &mut QualType, quals: &ast::Qualifiers) {
        qt.quals.const_ |= quals.const_.is_some();
        qt.quals.volatile |= quals.volatile.is_some();
        if let Some((space, span)) = quals.address_space {
            let space = ir_space(space);
            match qt.space {
                Some(existing) if existing != space => self.report(
                    &codes::ADDRESS_SPACE,
                    "multiple address spaces specified for type".to_string(),
                    span,
                    "second address space",
                ),
                _ => qt.space = Some(space),
            }
        }
    }

    /// Applies a declarator's derivations to a base type.
    pub(crate) fn apply_declarator<'d>(
        &mut self,
        base: QualType,
        declarator: &'d ast::Declarator,
    ) -> Declared<'d> {
        let mut current = base;
        // `derived` is innermost first; build the type from the outside in.
        for (index, derived) in declarator.derived.iter().enumerate().rev() {
            match derived {
                DerivedDecl::Pointer(quals, span) => {
                    if let Some(what) = self.image_or_sampler(current.ty) {
                        self.report(
                            &codes::INVALID_TYPE,
                            format!(
                                "pointers to {what} are not allowed (OpenCL C 3.0 §6.13.14); \
                                 pass the {} itself",
                                what.trim_end_matches('s')
                            ),
                            *span,
                            "pointer declared here",
                        );
                    }
                    let space = current.space.unwrap_or(self.default_pointee_space());
                    let ty = self.pointer_to(current.ty, space, current.quals);
                    current = QualType {
                        ty,
                        quals: Quals::default(),
                        space: None,
                    };
                    self.add_qualifiers(&mut current, quals);
                }
                DerivedDecl::Array(size, span) => {
                    current = self.array_of(current, size.as_deref(), *span);
                }
                DerivedDecl::Function(params, span) => {
                    if index == 0 {
                        return Declared::Function {
                            ret: current,
                            params,
                        };
                    }
                    self.report(
                        &codes::UNSUPPORTED,
                        "function pointers are not supported by oclc yet".to_string(),
                        *span,
                        "function type used here",
                    );
                }
            }
        }
        Declared::Object(current)
    }

    /// "images" or "samplers" when `ty` is one (for messages).
    pub(crate) fn image_or_sampler(&self, ty: TypeId) -> Option<&'static str> {
        match self.ty(ty) {
            Type::Opaque(OpaqueType::Image(_)) => Some("images"),
            Type::Opaque(OpaqueType::Sampler) => Some("samplers"),
            _ => None,
        }
    }

    /// Whether a value of `ty` holds an image (itself, or in an array or
    /// struct member).
    /// (An explicit stack and a set of visited structs: struct chains may
    /// be thousands of levels deep.)
    pub(crate) fn holds_image(&self, ty: TypeId) -> bool {
        match self.ty(ty) {
            Type::Opaque(OpaqueType::Image(_)) => return true,
            Type::Array { .. } | Type::Struct(_) => {}
            _ => return false,
        }
        let mut stack = vec![ty];
        let mut seen = rustc_hash::FxHashSet::default();
        while let Some(ty) = stack.pop() {
            match self.ty(ty) {
                Type::Opaque(OpaqueType::Image(_)) => return true,
                Type::Array { elem, .. } => stack.push(elem),
                Type::Struct(id) if seen.insert(id) => stack.extend(
                    self.module
                        .types
                        .struct_def(id)
                        .members
                        .iter()
                        .map(|&(_, m)| m),
                ),
                _ => {}
            }
        }
        false
    }

    fn array_of(&mut self, elem: QualType, size: Option<&ast::Expr>, span: Span) -> QualType {
        if let Some(what) = self.image_or_sampler(elem.ty) {
            self.report(
                &codes::INVALID_TYPE,
                format!("arrays of {what} are not allowed (OpenCL C 3.0 §6.13.14)"),
                span,
                "array declared here",
            );
        }
        let elem_ty = self.ty(elem.ty);
        if matches!(elem_ty, Type::Void) || self.is_incomplete(elem.ty) {
            let name = self.type_name(elem.ty);
            self.report(
                &codes::INVALID_TYPE,
                format!("array has incomplete element type `{name}`"),
                span,
                "incomplete element type",
            );
        }
        let len = match size {
            None => None,
            Some(expr) => match self.const_int(expr, "array size") {
                Some(n) if n > 0 && n <= i64::from(u32::MAX) => Some(n as u32),
                Some(n) => {
                    self.report(
                        &codes::INVALID_TYPE,
                        format!("array size must be positive and fit in 32 bits, found {n}"),
                        expr.span,
                        "invalid size",
                    );
                    Some(1)
                }
                None => Some(1),
            },
        };
        let ty = self.intern(Type::Array { elem: elem.ty, len });
        QualType {
            ty,
            quals: elem.quals,
            space: elem.space,
        }
    }

    /// Whether a type is incomplete (a struct without a body, or an array
    /// without a size).
    pub(crate) fn is_incomplete(&self, ty: TypeId) -> bool {
        // Iterative: array nesting depth comes from the input.
        let mut current = ty;
        loop {
            match self.ty(current) {
                Type::Struct(s) => {
                    return !self.struct_complete.get(s.index()).copied().unwrap_or(true)
                }
                Type::Array { len: None, .. } | Type::Void => return true,
                Type::Array { elem, .. } => current = elem,
                _ => return false,
            }
        }
    }

    /// The type of a `struct`/`union` specifier, defining it if it has a
    /// body.
    fn record_type(&mut self, spec: &ast::RecordSpec) -> TypeId {
        let is_union = spec.kind == ast::RecordKind::Union;
        let existing = match (&spec.tag, &spec.fields) {
            // A reference to an unknown tag declares it (below).
            (Some(tag), None) => self.scopes.lookup_tag(tag.name),
            (Some(tag), Some(_)) => self.scopes.lookup_tag_current(tag.name).map(|(t, _)| t),
            (None, _) => None,
        };
        let id = match existing {
            Some(Tag::Record(id, kind)) => {
                if kind != spec.kind {
                    if let Some(tag) = spec.tag {
                        let name = self.text(tag.name);
                        self.report(
                            &codes::REDEFINITION,
                            format!("use of `{name}` with a tag type that does not match its declaration"),
                            tag.span,
                            "wrong tag kind",
                        );
                    }
                }
                if spec.fields.is_some()
                    && self
                        .struct_complete
                        .get(id.index())
                        .copied()
                        .unwrap_or(false)
                {
                    if let Some(tag) = spec.tag {
                        let name = self.text(tag.name);
                        self.report(
                            &codes::REDEFINITION,
                            format!("redefinition of `{name}`"),
                            tag.span,
                            "defined again here",
                        );
                    }
                    return self.intern(Type::Struct(id));
                }
                id
            }
            Some(Tag::Enum(_)) => {
                if let Some(tag) = spec.tag {
                    let name = self.text(tag.name);
                    self.report(
                        &codes::REDEFINITION,
                        format!(
                            "use of `{name}` with a tag type that does not match its declaration"
                        ),
                        tag.span,
                        "declared as an enum",
                    );
                }
                return self.int_ty();
            }
            None => {
                let name = match spec.tag {
                    Some(tag) => self.text(tag.name).to_string(),
                    None => "(anonymous)".to_string(),
                };
                let id = self.module.types.add_struct(StructDef {
                    name,
                    is_union,
                    members: Vec::new(),
                    packed: false,
                    align: 0,
                    member_align: Vec::new(),
                    member_cap: Vec::new(),
                });
                self.struct_complete.push(false);
                if let Some(tag) = spec.tag {
                    self.scopes
                        .bind_tag(tag.name, Tag::Record(id, spec.kind), tag.span);
                }
                id
            }
        };
        if let Some(fields) = &spec.fields {
            let mut member_align = Vec::new();
            let mut member_cap = Vec::new();
            let limit = self.pack.limit_at(spec.span);
            let members = self.record_members(fields, limit, &mut member_align, &mut member_cap);
            if member_align.iter().all(|&a| a == 0) {
                member_align.clear();
            }
            if member_cap.iter().all(|&c| c == 0) {
                member_cap.clear();
            }
            let def = self.module.types.struct_mut(id);
            def.members = members;
            def.member_align = member_align;
            def.member_cap = member_cap;
            if self.has_packed(&spec.attributes) {
                self.module.types.struct_mut(id).packed = true;
            }
            self.check_aligned(id, &spec.attributes);
            if let Some(done) = self.struct_complete.get_mut(id.index()) {
                *done = true;
            }
        }
        self.intern(Type::Struct(id))
    }

    /// `aligned(N)` on a struct: an alignment above the natural one is
    /// recorded ([`oclc_ir::StructDef::align`]); the struct's size rounds
    /// up to it. (`aligned(N)` on members is recorded where the member is
    /// declared; the back end expresses both with padding members.)
    pub(crate) fn check_aligned(&mut self, id: oclc_ir::StructId, attributes: &[ast::Attribute]) {
        for attribute in attributes {
            if !matches!(
                self.text(attribute.name.name),
                "aligned" | "__aligned__" | "_Alignas"
            ) {
                continue;
            }
            let bits = u32::from(self.pointer_bits());
            let ty = self.intern(Type::Struct(id));
            let natural = self.module.types.align_of(ty, bits).unwrap_or(1);
            let wanted = match attribute.args.first() {
                Some(expr) => self.const_int(expr, "alignment").unwrap_or(0).max(0) as u64,
                // `aligned` alone: the target's largest alignment (16 on
                // `spir64`, as clang has it).
                None => 16,
            };
            if wanted > natural && wanted.is_power_of_two() {
                let def = self.module.types.struct_mut(id);
                def.align = def.align.max(wanted);
            } else if !wanted.is_power_of_two() {
                self.report(
                    &codes::INVALID_TYPE,
                    format!("requested alignment {wanted} is not a power of 2"),
                    attribute.span,
                    "alignment attribute",
                );
            }
        }
    }

    /// Whether `attributes` include `packed` (or `__packed__`).
    pub(crate) fn has_packed(&self, attributes: &[ast::Attribute]) -> bool {
        attributes
            .iter()
            .any(|a| matches!(self.text(a.name.name), "packed" | "__packed__"))
    }

    /// The member indices leading from struct `object` to the member
    /// `name`, through anonymous struct and union members; `None` when no
    /// such member exists.
    pub(crate) fn member_path(&self, object: TypeId, name: &str) -> Option<Vec<u32>> {
        let Type::Struct(s) = self.ty(object) else {
            return None;
        };
        let def = self.module.types.struct_def(s);
        if let Some(index) = def.members.iter().position(|(m, _)| m == name) {
            return Some(vec![index as u32]);
        }
        def.members
            .iter()
            .enumerate()
            .filter(|(_, (m, _))| m.is_empty())
            .find_map(|(index, &(_, ty))| {
                let mut path = self.member_path(ty, name)?;
                path.insert(0, index as u32);
                Some(path)
            })
    }

    /// The members of a struct or union body, with each member's
    /// `aligned(N)` and its alignment limit (`packed` on the member: 1;
    /// else `limit`, from `#pragma pack`; 0: none).
    fn record_members(
        &mut self,
        fields: &[ast::Declaration],
        limit: u64,
        member_align: &mut Vec<u64>,
        member_cap: &mut Vec<u64>,
    ) -> Vec<(String, TypeId)> {
        let mut members: Vec<(String, TypeId)> = Vec::new();
        let mut spans: Vec<Span> = Vec::new();
        for field in fields {
            let base = self.base_type(&field.specs);
            // C11 anonymous struct or union member: `union { int i; float
            // f; };` inside a struct. Its members are reached as if they
            // were the enclosing struct's ([`Self::member_path`]).
            if let (true, ast::TypeSpec::Record(record)) =
                (field.declarators.is_empty(), &field.specs.ty)
            {
                if record.tag.is_none() {
                    members.push((String::new(), base.ty));
                    member_align.push(0);
                    member_cap.push(limit);
                    spans.push(field.span);
                }
                continue;
            }
            if field.declarators.is_empty() {
                continue;
            }
            for init_decl in &field.declarators {
                let declarator = &init_decl.declarator;
                let Declared::Object(qt) = self.apply_declarator(base, declarator) else {
                    self.report(
                        &codes::INVALID_TYPE,
                        "a struct member cannot have function type".to_string(),
                        declarator.span,
                        "function declarator",
                    );
                    continue;
                };
                if let Some(space) = qt.space {
                    self.report(
                        &codes::ADDRESS_SPACE,
                        format!(
                            "struct members cannot be qualified with an address space (`{}`)",
                            crate::display::space_name(space)
                        ),
                        declarator.span,
                        "address space on a member",
                    );
                }
                // C99's flexible array member: an array without a length
                // as the last member, after at least one other.
                let last = std::ptr::eq(field, fields.last().unwrap_or(field))
                    && std::ptr::eq(init_decl, field.declarators.last().unwrap_or(init_decl));
                let flexible = last
                    && !members.is_empty()
                    && matches!(self.ty(qt.ty), Type::Array { len: None, elem } if !self.is_incomplete(elem));
                if self.is_incomplete(qt.ty) && !flexible {
                    let name = self.type_name(qt.ty);
                    self.report(
                        &codes::INVALID_TYPE,
                        format!("field has incomplete type `{name}`"),
                        declarator.span,
                        "incomplete type",
                    );
                }
                let Some(name) = declarator.name else {
                    self.report(
                        &codes::UNSUPPORTED,
                        "anonymous struct members are not supported by oclc yet".to_string(),
                        declarator.span,
                        "unnamed member",
                    );
                    continue;
                };
                let text = self.text(name.name).to_string();
                if let Some(pos) = members.iter().position(|(m, _)| *m == text) {
                    let previous = spans.get(pos).copied().unwrap_or(name.span);
                    self.push_diag(
                        oclc_diagnostics::Diagnostic::new(
                            &codes::REDEFINITION,
                            format!("duplicate member `{text}`"),
                        )
                        .with_primary(name.span, "declared again here")
                        .with_secondary(previous, "first declared here"),
                    );
                    continue;
                }
                let align = self.declared_alignment(&field.specs, declarator);
                // (A struct member holding one was reported at its own
                // struct: only the member's own type is looked at.)
                let mut elem = qt.ty;
                while let Type::Array { elem: inner, .. } = self.ty(elem) {
                    elem = inner;
                }
                if matches!(
                    self.ty(elem),
                    Type::Opaque(
                        OpaqueType::Image(_)
                            | OpaqueType::Sampler
                            | OpaqueType::Event
                            | OpaqueType::ReserveId
                    )
                ) {
                    self.report(
                        &codes::INVALID_TYPE,
                        format!(
                            "`{}` cannot be the type of a struct or union member \
                             (OpenCL C 3.0 §6.11)",
                            self.type_name(qt.ty)
                        ),
                        declarator.span,
                        "images and samplers are only parameters",
                    );
                }
                let packed = self.has_packed(&field.specs.attributes)
                    || self.has_packed(&declarator.attributes);
                members.push((text, qt.ty));
                member_align.push(align);
                member_cap.push(if packed { 1 } else { limit });
                spans.push(name.span);
            }
        }
        members
    }

    /// `ext_vector_type(N)` (clang) or `vector_size(bytes)` (GCC) on a
    /// typedef of a scalar: the vector of N such scalars, as clang makes
    /// it (`typedef float real4 __attribute__((ext_vector_type(4)))`).
    pub(crate) fn vector_typedef(
        &mut self,
        qt: QualType,
        specs: &ast::DeclSpecs,
        declarator: &ast::Declarator,
    ) -> QualType {
        let mut qt = qt;
        for attribute in specs.attributes.iter().chain(&declarator.attributes) {
            let name = self.text(attribute.name.name).trim_matches('_');
            if !matches!(name, "ext_vector_type" | "vector_size") {
                continue;
            }
            let elem = qt.ty;
            let elem_size = match self.ty(elem) {
                Type::Int { bits, .. } | Type::Float { bits } => u64::from(bits) / 8,
                _ => 0,
            };
            let count = attribute
                .args
                .first()
                .and_then(|arg| self.const_int(arg, "vector size"))
                .map(|n| n.max(0) as u64);
            let len = match (name, count) {
                ("ext_vector_type", Some(n)) => n,
                (_, Some(bytes)) if elem_size > 0 => bytes / elem_size,
                _ => 0,
            };
            if elem_size == 0 || !matches!(len, 2 | 3 | 4 | 8 | 16) {
                self.report(
                    &codes::INVALID_TYPE,
                    format!("`{name}` needs a scalar element type and 2, 3, 4, 8 or 16 components"),
                    attribute.span,
                    "invalid vector type",
                );
                continue;
            }
            qt.ty = self.intern(Type::Vector {
                elem,
                len: len as u8,
            });
        }
        qt
    }

    /// `aligned(N)` on a typedef named `name`: an alignment above the
    /// type's natural one raises the alignment (not the size) of objects
    /// declared with the typedef, as in clang; recorded by name for
    /// [`Self::declared_alignment`]. A typedef of such a typedef inherits it.
    pub(crate) fn typedef_alignment(
        &mut self,
        name: ast::Ident,
        ty: TypeId,
        specs: &ast::DeclSpecs,
        declarator: &ast::Declarator,
    ) {
        let wanted = self.declared_alignment(specs, declarator);
        let bits = u32::from(self.pointer_bits());
        let natural = self.module.types.align_of(ty, bits).unwrap_or(1);
        if wanted > natural {
            self.typedef_aligns.insert(name.name, wanted);
        } else {
            self.typedef_aligns.remove(&name.name);
        }
    }

    /// The alignment a typedef gives an object declared as `specs` with
    /// `declarator`: its recorded `aligned(N)` when the declarator is the
    /// plain name (a pointer to it, or a function, is not over-aligned).
    pub(crate) fn typedef_align(
        &self,
        specs: &ast::DeclSpecs,
        declarator: &ast::Declarator,
    ) -> u64 {
        match &specs.ty {
            ast::TypeSpec::Typedef(ident) if declarator.derived.is_empty() => {
                self.typedef_aligns.get(&ident.name).copied().unwrap_or(0)
            }
            _ => 0,
        }
    }

    /// The alignment the attributes of a declaration (its specifiers' and
    /// its declarator's) ask for; see [`Self::requested_alignment`].
    pub(crate) fn declared_alignment(
        &mut self,
        specs: &ast::DeclSpecs,
        declarator: &ast::Declarator,
    ) -> u64 {
        let requested =
            self.requested_alignment(specs.attributes.iter().chain(&declarator.attributes));
        requested.max(self.typedef_align(specs, declarator))
    }

    /// The alignment `aligned(N)` (or `aligned` alone: 16, the largest)
    /// in `attributes` asks for; 0 when none does. A value that is not a
    /// power of two is reported and ignored.
    fn requested_alignment<'x>(
        &mut self,
        attributes: impl Iterator<Item = &'x ast::Attribute>,
    ) -> u64 {
        let mut result = 0;
        for attribute in attributes {
            if !matches!(
                self.text(attribute.name.name),
                "aligned" | "__aligned__" | "_Alignas"
            ) {
                continue;
            }
            let wanted = match attribute.args.first() {
                Some(expr) => self.const_int(expr, "alignment").unwrap_or(0).max(0) as u64,
                None => 16,
            };
            if wanted.is_power_of_two() {
                result = result.max(wanted);
            } else {
                self.report(
                    &codes::INVALID_TYPE,
                    format!("requested alignment {wanted} is not a power of 2"),
                    attribute.span,
                    "alignment attribute",
                );
            }
        }
        result
    }

    /// The type of an `enum` specifier (`int`, or a wider type its values
    /// need), defining its enumerators if it has a body.
    fn enum_type(&mut self, spec: &ast::EnumSpec, packed: bool) -> TypeId {
        let int = self.int_ty();
        if let Some(tag) = spec.tag {
            match self.scopes.lookup_tag(tag.name) {
                // A use of a declared enumeration: its type.
                Some(Tag::Enum(ty)) if spec.enumerators.is_none() => return ty,
                Some(Tag::Enum(_)) | None => {
                    self.scopes.bind_tag(tag.name, Tag::Enum(int), tag.span);
                }
                Some(Tag::Record(..)) => {
                    let name = self.text(tag.name);
                    self.report(
                        &codes::REDEFINITION,
                        format!(
                            "use of `{name}` with a tag type that does not match its declaration"
                        ),
                        tag.span,
                        "declared as a struct or union",
                    );
                }
            }
        }
        let Some(enumerators) = &spec.enumerators else {
            return int;
        };
        let mut next: i64 = 0;
        let (mut min, mut max) = (0i64, 0i64);
        let mut wide = Vec::new();
        for enumerator in enumerators {
            let value = match &enumerator.value {
                Some(expr) => self.const_int(expr, "enumerator value").unwrap_or(next),
                None => next,
            };
            next = value.wrapping_add(1);
            (min, max) = (min.min(value), max.max(value));
            // A value outside `int` keeps a type that holds it, as clang
            // types such enumerators (`unsigned int`, else `long`).
            let ty = self.enum_value_type(value, value);
            self.declare_name(enumerator.name, Binding::EnumConst { value, ty });
            if ty != self.int_ty() {
                wide.push((enumerator.name, value));
            }
        }
        // The enumeration's type, as clang chooses it for C: `unsigned
        // int` when no value is negative (so `c - 2` is unsigned
        // arithmetic), else `int`, or wider types the values need; a
        // tagged enumeration keeps it for later `enum Tag` uses.
        let ty = if packed {
            self.packed_enum_type(min, max)
        } else if min >= 0 && max <= i64::from(u32::MAX) {
            self.uint_ty()
        } else if min >= 0 {
            self.int_type(64, false)
        } else {
            self.enum_value_type(min, max)
        };
        // After the list, an enumerator whose value does not fit in `int`
        // has the enumeration's type (as clang has it for C).
        for (name, value) in wide {
            self.scopes
                .bind(name.name, Binding::EnumConst { value, ty }, name.span);
        }
        if let Some(tag) = spec.tag {
            if let Some(Tag::Enum(_)) = self.scopes.lookup_tag(tag.name) {
                self.scopes.bind_tag(tag.name, Tag::Enum(ty), tag.span);
            }
        }
        ty
    }

    /// The type of a `packed` enumeration with values in `min..=max`: the
    /// smallest integer type holding them, as GCC and clang choose it.
    fn packed_enum_type(&mut self, min: i64, max: i64) -> TypeId {
        for bits in [8u8, 16] {
            let (lo, hi) = (-(1i64 << (bits - 1)), (1i64 << (bits - 1)) - 1);
            if min >= 0 && max < (1i64 << bits) {
                return self.int_type(bits, false);
            }
            if min >= lo && max <= hi {
                return self.int_type(bits, true);
            }
        }
        self.enum_value_type(min, max)
    }

    /// The type for enumerator values in `min..=max`: `int`, else
    /// `unsigned int` (none negative), else `long`.
    fn enum_value_type(&mut self, min: i64, max: i64) -> TypeId {
        if min >= i64::from(i32::MIN) && max <= i64::from(i32::MAX) {
            self.int_ty()
        } else if min >= 0 && max <= i64::from(u32::MAX) {
            self.uint_ty()
        } else if min >= 0 {
            self.int_type(64, false)
        } else {
            self.int_type(64, true)
        }
    }
}
