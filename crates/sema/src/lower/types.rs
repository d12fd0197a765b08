//! Types from C declaration syntax: declaration specifiers (built-in type
//! names, typedefs, `struct`/`union`/`enum`) plus declarators (pointers,
//! arrays, functions) become IR [`TypeId`]s with qualifiers and address
//! spaces ([`QualType`]).

use oclc_diagnostics::Span;
use oclc_ir::{AddressSpace, OpaqueType, Quals, Type, TypeId};
use oclc_syntax::ast::{self, BuiltinType, DerivedDecl, VectorElem};
use oclc_target::ClStd;

use super::Lowerer;
use crate::codes;
use crate::requirement;
use crate::scope::Binding;

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
    /// atomics, ...): E0417 ([`crate::requirement`]).
    pub(crate) fn check_availability(&mut self, name: &str, span: Span) {
        if let Some(d) = requirement::check_name(name, span, self.cx.target) {
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
        if let Some(d) = requirement::check_feature(subject, span, self.cx.target, feature, section)
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
}
