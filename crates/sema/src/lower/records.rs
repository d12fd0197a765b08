//! Struct, union and enum types from their specifiers: members and their
//! layout attributes (`packed`, `aligned`), tags, enumerator values and
//! the enum's underlying type, and the alignment a typedef or declaration
//! requests. Split from [`super::types`], which builds the rest of a type
//! from declaration syntax and calls these.

use oclc_diagnostics::Span;
use oclc_ir::{OpaqueType, StructDef, Type, TypeId};
use oclc_syntax::ast;

use super::types::{Declared, QualType};
use super::Lowerer;
use crate::codes;
use crate::scope::{Binding, Tag};

impl Lowerer<'_> {
    /// The type of a `struct`/`union` specifier, defining it if it has a
    /// body.
    pub(super) fn record_type(&mut self, spec: &ast::RecordSpec) -> TypeId {
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
    pub(super) fn enum_type(&mut self, spec: &ast::EnumSpec, packed: bool) -> TypeId {
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
