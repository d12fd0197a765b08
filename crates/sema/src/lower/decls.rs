//! Declarations: typedefs, function prototypes, program-scope variables,
//! and block-scope variables (private, kernel `local`, `constant`,
//! `static`), with OpenCL's address-space rules for each context.

use oclc_diagnostics::{Diagnostic, Span};
use oclc_ir::{AddressSpace, ExprKind, GlobalId, GlobalVariable, Stmt, Type};
use oclc_syntax::ast::{self, StorageClass};
use oclc_target::{ClStd, Feature};

use super::types::{Declared, QualType};
use super::{Lowerer, TypeClass};
use crate::codes;
use crate::display::space_name;
use crate::scope::{Binding, Storage};

impl Lowerer<'_> {
    /// Binds an ordinary identifier in the current scope, reporting a
    /// redefinition when the scope already has it.
    pub(crate) fn declare_name(&mut self, name: ast::Ident, binding: Binding) {
        if let Some((_, previous)) = self.scopes.lookup_current(name.name) {
            let text = self.text(name.name);
            self.push_diag(
                Diagnostic::new(&codes::REDEFINITION, format!("redefinition of `{text}`"))
                    .with_primary(name.span, "redefined here")
                    .with_secondary(previous, "previous definition is here"),
            );
            return;
        }
        self.scopes.bind(name.name, binding, name.span);
    }

    /// Lowers a file-scope declaration.
    pub(crate) fn lower_declaration(&mut self, decl: &ast::Declaration) {
        let mut ignored = Vec::new();
        self.lower_declaration_into(decl, &mut ignored);
    }

    /// Lowers a declaration at any scope; block-scope initializers append
    /// statements to `out`.
    pub(crate) fn lower_declaration_into(&mut self, decl: &ast::Declaration, out: &mut Vec<Stmt>) {
        self.ignore_attributes(&decl.specs.attributes);
        self.check_storage_class(&decl.specs);
        let base = self.base_type(&decl.specs);
        // `struct S { … } __attribute__((packed));`: the attribute follows
        // the definition, among the declaration's specifiers.
        if let (ast::TypeSpec::Record(record), Type::Struct(id)) =
            (&decl.specs.ty, self.ty(base.ty))
        {
            if record.fields.is_some() && self.has_packed(&decl.specs.attributes) {
                self.module.types.struct_mut(id).packed = true;
            }
            if record.fields.is_some() {
                self.check_aligned(id, &decl.specs.attributes);
            }
        }
        if let Some(span) = decl.specs.kernel {
            if decl.declarators.iter().all(|d| {
                !matches!(
                    d.declarator.derived.first(),
                    Some(ast::DerivedDecl::Function(..))
                )
            }) {
                self.report(
                    &codes::INVALID_TYPE,
                    "`kernel` can only be applied to functions".to_string(),
                    span,
                    "not a function",
                );
            }
        }
        for init_decl in &decl.declarators {
            self.lower_init_declarator(decl, init_decl, base, out);
        }
    }

    /// One declarator of a declaration with the specifiers' type `base`.
    fn lower_init_declarator(
        &mut self,
        decl: &ast::Declaration,
        init_decl: &ast::InitDeclarator,
        base: QualType,
        out: &mut Vec<Stmt>,
    ) {
        self.ignore_attributes(&init_decl.declarator.attributes);
        let declared = self.apply_declarator(base, &init_decl.declarator);
        let Some(name) = init_decl.declarator.name else {
            return;
        };
        let storage = decl.specs.storage.map(|(s, _)| s);
        match declared {
            Declared::Function { ret, params } => {
                if storage == Some(StorageClass::Typedef) {
                    self.report(
                        &codes::UNSUPPORTED,
                        "function typedefs are not supported by oclc yet".to_string(),
                        init_decl.span,
                        "function typedef",
                    );
                    return;
                }
                if let Some(init) = &init_decl.init {
                    self.report(
                        &codes::INVALID_INITIALIZER,
                        "a function declaration cannot have an initializer".to_string(),
                        init.span(),
                        "initializer",
                    );
                }
                self.declare_function(name, ret, params, &decl.specs, &init_decl.declarator);
            }
            Declared::Object(qt)
                if storage != Some(StorageClass::Typedef)
                    && init_decl.init.is_some()
                    && matches!(self.ty(qt.ty), Type::Opaque(oclc_ir::OpaqueType::Sampler))
                    && !self.initialized_from_sampler_value(init_decl) =>
            {
                self.sampler_constant(name, qt, init_decl);
            }
            Declared::Object(qt) => {
                if storage == Some(StorageClass::Typedef) {
                    self.typedef_alignment(name, qt.ty, &decl.specs, &init_decl.declarator);
                    let qt = self.vector_typedef(qt, &decl.specs, &init_decl.declarator);
                    self.declare_name(name, Binding::Typedef(qt));
                } else if storage == Some(StorageClass::Extern) {
                    self.report(
                        &codes::UNSUPPORTED,
                        "`extern` variables are not supported by oclc yet".to_string(),
                        decl.specs.storage.map_or(init_decl.span, |(_, s)| s),
                        "extern",
                    );
                } else {
                    if self.scopes.at_file_scope() {
                        self.program_scope_variable(name, qt, init_decl);
                    } else {
                        self.block_scope_variable(name, qt, storage, init_decl, out);
                    }
                    self.variable_alignment(name, &decl.specs, &init_decl.declarator);
                }
            }
        }
    }

    /// `aligned(N)` on the declaration of the variable just bound to
    /// `name`, recorded on it for the back end.
    fn variable_alignment(
        &mut self,
        name: ast::Ident,
        specs: &ast::DeclSpecs,
        declarator: &ast::Declarator,
    ) {
        let wanted = self.declared_alignment(specs, declarator);
        if wanted == 0 {
            return;
        }
        let wanted = u32::try_from(wanted).unwrap_or(u32::MAX);
        match self.scopes.lookup(name.name) {
            Some(Binding::Var {
                storage: Storage::Local(id),
                ..
            }) => {
                if let Some(local) = self.fb.locals.get_mut(id) {
                    local.align = local.align.max(wanted);
                }
            }
            Some(Binding::Var {
                storage: Storage::Global(id),
                ..
            }) => {
                if let Some(global) = self.module.globals.get_mut(id) {
                    global.align = global.align.max(wanted);
                }
            }
            _ => {}
        }
    }

    /// `constant sampler_t s = CLK_…;` (program scope) or `const sampler_t
    /// s = …;` (kernel scope): the name stands for the constant, as an
    /// enumerator does; every use is a literal sampler (`OpConstantSampler`),
    /// so no variable of an opaque type exists.
    /// Whether a sampler declaration's initializer is a sampler that is
    /// not a constant (a parameter, `sampler_t s = arg;`): the variable
    /// then holds that value, as any variable would.
    fn initialized_from_sampler_value(&mut self, init_decl: &ast::InitDeclarator) -> bool {
        let Some(ast::Initializer::Expr(expr)) = &init_decl.init else {
            return false;
        };
        if self.scopes.at_file_scope() {
            return false;
        }
        let (mark, diags) = (self.mark(), self.diags.len());
        let value = self.rvalue_expr(expr);
        let runtime = matches!(
            self.type_of(value),
            Type::Opaque(oclc_ir::OpaqueType::Sampler)
        ) && !matches!(self.expr(value).kind, ExprKind::Literal(_));
        self.rewind(mark);
        self.diags.truncate(diags);
        runtime
    }

    fn sampler_constant(
        &mut self,
        name: ast::Ident,
        qt: QualType,
        init_decl: &ast::InitDeclarator,
    ) {
        if self.scopes.at_file_scope()
            && !qt.quals.const_
            && qt.space != Some(AddressSpace::Constant)
        {
            self.report(
                &codes::INVALID_TYPE,
                "a program-scope sampler must be declared `const` or in the `constant` \
                 address space (OpenCL C 3.0 §6.15.15.1)"
                    .to_string(),
                init_decl.declarator.span,
                "not `const`",
            );
        }
        let Some(ast::Initializer::Expr(expr)) = &init_decl.init else {
            if let Some(init) = &init_decl.init {
                self.report(
                    &codes::INVALID_INITIALIZER,
                    "a sampler is initialized with a `CLK_…` constant, not a list".to_string(),
                    init.span(),
                    "initializer list",
                );
            }
            return;
        };
        let mark = self.mark();
        let value = self.rvalue_expr(expr);
        let folded = if self.type_of(value).is_integer_like() {
            self.fold_int(value)
        } else if matches!(
            self.type_of(value),
            Type::Opaque(oclc_ir::OpaqueType::Sampler)
        ) {
            // Another sampler constant.
            match self.expr(value).kind {
                ExprKind::Literal(oclc_ir::Literal::Int(bits)) => Some(bits as i64),
                _ => None,
            }
        } else {
            None
        };
        self.rewind(mark);
        match folded {
            Some(bits) => self.declare_name(
                name,
                Binding::EnumConst {
                    value: bits,
                    ty: qt.ty,
                },
            ),
            None => self.report(
                &codes::NOT_CONSTANT,
                "a sampler must be initialized with a constant combination of \
                 `CLK_NORMALIZED_COORDS_*`, `CLK_ADDRESS_*` and `CLK_FILTER_*`"
                    .to_string(),
                expr.span,
                "not a constant sampler value",
            ),
        }
    }

    /// Reports attributes that oclc does not read.
    pub(crate) fn ignore_attributes(&mut self, attributes: &[ast::Attribute]) {
        for attribute in attributes {
            let name = self.text(attribute.name.name).trim_matches('_');
            let known_ignored = matches!(
                name,
                "work_group_size_hint"
                    | "vec_type_hint"
                    | "aligned"
                    | "Alignas"
                    | "packed"
                    | "always_inline"
                    | "noinline"
                    | "nosvm"
                    | "unused"
                    | "used"
                    | "const"
                    | "pure"
                    | "overloadable"
                    | "intel_reqd_sub_group_size"
                    | "fallthrough"
                    | "ext_vector_type"
                    | "vector_size"
                    | "read_only"
                    | "write_only"
                    | "read_write"
                    | "reqd_work_group_size"
            );
            if !known_ignored {
                self.report(
                    &codes::IGNORED_ATTRIBUTE,
                    format!("unknown attribute `{name}` ignored"),
                    attribute.span,
                    "ignored",
                );
            }
        }
    }

    /// Checks that a variable's type is complete and not `void`.
    fn check_object_type(&mut self, qt: QualType, span: Span, has_init: bool) -> bool {
        if self.holds_image(qt.ty) {
            self.report(
                &codes::INVALID_TYPE,
                "an image cannot be a variable, an array element or a struct member: images \
                 are only kernel and function parameters (OpenCL C 3.0 §6.13.14)"
                    .to_string(),
                span,
                "holds an image",
            );
            return false;
        }
        let unsized_array = matches!(self.ty(qt.ty), Type::Array { len: None, .. });
        if (unsized_array && has_init) || !self.is_incomplete(qt.ty) {
            return true;
        }
        let name = self.type_name(qt.ty);
        self.report(
            &codes::INVALID_TYPE,
            format!("variable has incomplete type `{name}`"),
            span,
            "incomplete type",
        );
        false
    }

    /// A program-scope variable: `global` (the default where program-scope
    /// globals exist) or `constant`, with a constant initializer.
    fn program_scope_variable(
        &mut self,
        name: ast::Ident,
        qt: QualType,
        decl: &ast::InitDeclarator,
    ) {
        if !self.check_object_type(qt, decl.declarator.span, decl.init.is_some()) {
            return;
        }
        let globals_allowed = self.cx.target.std.is_2_0_or_later()
            && self
                .cx
                .target
                .supports(Feature::ProgramScopeGlobalVariables);
        let space = match qt.space {
            Some(AddressSpace::Constant) => AddressSpace::Constant,
            Some(AddressSpace::Global) | None if globals_allowed => AddressSpace::Global,
            written => {
                let message = match written {
                    Some(space) => format!(
                        "program scope variable cannot be in the `{}` address space",
                        space_name(space)
                    ),
                    None => "program scope variable must reside in the `constant` address space"
                        .to_string(),
                };
                let allowed = if globals_allowed {
                    "program-scope variables must be `global` or `constant`"
                } else {
                    "program-scope variables must be `constant` before OpenCL C 2.0"
                };
                self.push_diag(
                    Diagnostic::new(&codes::ADDRESS_SPACE, message)
                        .with_primary(decl.declarator.span, "declared here")
                        .with_note(allowed),
                );
                AddressSpace::Constant
            }
        };
        self.define_global(name, qt, space, decl, None);
    }

    /// Adds a global variable (program scope, `static`, `constant` or
    /// kernel `local`) and binds its name.
    fn define_global(
        &mut self,
        name: ast::Ident,
        qt: QualType,
        space: AddressSpace,
        decl: &ast::InitDeclarator,
        kernel: Option<oclc_ir::FunctionId>,
    ) -> GlobalId {
        let mut ty = qt.ty;
        let mut init = None;
        let mut init_leaves = Vec::new();
        if let Some(initializer) = &decl.init {
            if space != AddressSpace::Local {
                let (value, sized, leaves) = self.constant_initializer(ty, initializer);
                init = value;
                ty = sized;
                init_leaves = leaves;
            }
        } else if space == AddressSpace::Constant {
            let text = self.text(name.name);
            self.report(
                &codes::INVALID_INITIALIZER,
                format!("variable `{text}` in the `constant` address space must be initialized"),
                decl.declarator.span,
                "no initializer",
            );
        }
        let id = self.module.globals.push(GlobalVariable {
            align: 0,
            name: self.text(name.name).to_string(),
            ty,
            space,
            init: init.clone(),
            kernel,
            span: decl.span,
            init_span: decl.init.as_ref().map(ast::Initializer::span),
            init_leaves,
        });
        let qt = QualType {
            ty,
            space: Some(space),
            ..qt
        };
        if let (true, Some(oclc_ir::ConstInit::Scalar(lit))) =
            (qt.quals.const_ || space == AddressSpace::Constant, init)
        {
            self.const_values.insert(Storage::Global(id), lit);
            if qt.quals.const_ {
                self.const_qualified_globals.insert(id);
            }
        }
        self.declare_name(
            name,
            Binding::Var {
                storage: Storage::Global(id),
                ty: qt,
            },
        );
        id
    }

    /// `static` and `extern` need OpenCL C 1.2 (as clang reports it).
    pub(crate) fn check_storage_class(&mut self, specs: &ast::DeclSpecs) {
        let Some((storage @ (StorageClass::Static | StorageClass::Extern), span)) = specs.storage
        else {
            return;
        };
        if self.cx.target.std >= ClStd::Cl12 {
            return;
        }
        let keyword = if storage == StorageClass::Static {
            "static"
        } else {
            "extern"
        };
        self.report(
            &codes::INVALID_TYPE,
            format!(
                "OpenCL C {} does not support the `{keyword}` storage class specifier",
                self.cx.target.std.to_string().trim_start_matches("CL")
            ),
            span,
            "needs OpenCL C 1.2 (`-cl-std=CL1.2`)",
        );
    }

    /// A block-scope variable.
    fn block_scope_variable(
        &mut self,
        name: ast::Ident,
        qt: QualType,
        storage: Option<StorageClass>,
        decl: &ast::InitDeclarator,
        out: &mut Vec<Stmt>,
    ) {
        if !self.check_object_type(qt, decl.declarator.span, decl.init.is_some()) {
            return;
        }
        let is_static = storage == Some(StorageClass::Static);
        if is_static && self.cx.target.std < ClStd::Cl20 {
            // OpenCL C 2.0 added program-scope and `static` local storage.
            self.report(
                &codes::INVALID_TYPE,
                "variables in function scope cannot be declared `static` before OpenCL C 2.0"
                    .to_string(),
                decl.declarator.span,
                "needs OpenCL C 2.0 (`-cl-std=CL2.0`)",
            );
        }
        let kernel = self.func.as_ref().filter(|f| f.kernel).map(|f| f.id);
        // A kernel's parameters and outermost block share the scope at
        // depth 2 (see `lower_function_def`).
        let outermost = self.scopes.depth() <= 2;
        match qt.space {
            Some(AddressSpace::Local) => {
                if kernel.is_none() {
                    self.push_diag(
                        Diagnostic::new(
                            &codes::ADDRESS_SPACE,
                            "`local` variables can only be declared in kernel functions",
                        )
                        .with_primary(decl.declarator.span, "declared in a non-kernel function")
                        .with_help("declare the variable in the kernel and pass a `local` pointer to this function"),
                    );
                } else if !outermost {
                    self.outermost_scope_only(decl, "local");
                }
                self.define_global(name, qt, AddressSpace::Local, decl, kernel);
            }
            Some(AddressSpace::Constant) => {
                // `static constant` is program-scope storage, allowed in
                // any function from OpenCL C 2.0 (checked above).
                if !is_static && kernel.is_none() {
                    self.push_diag(
                        Diagnostic::new(
                            &codes::ADDRESS_SPACE,
                            "`constant` variables can only be declared in kernel functions \
                             and at program scope",
                        )
                        .with_primary(decl.declarator.span, "declared in a non-kernel function")
                        .with_help("declare the variable at program scope, or make it `static`"),
                    );
                } else if !is_static && !outermost {
                    self.outermost_scope_only(decl, "constant");
                }
                self.define_global(name, qt, AddressSpace::Constant, decl, None);
            }
            Some(AddressSpace::Global) | None if is_static => {
                self.define_global(name, qt, AddressSpace::Global, decl, None);
            }
            Some(space @ (AddressSpace::Global | AddressSpace::Generic)) => {
                self.report(
                    &codes::ADDRESS_SPACE,
                    format!(
                        "function-scope variable cannot be declared in the `{}` address space",
                        space_name(space)
                    ),
                    decl.declarator.span,
                    "only `private`, `local`, `constant` or `static` variables here",
                );
            }
            Some(AddressSpace::Private) | None => {
                if is_static {
                    self.report(
                        &codes::ADDRESS_SPACE,
                        "`static` variables cannot be in the `private` address space".to_string(),
                        decl.declarator.span,
                        "static private variable",
                    );
                }
                self.private_variable(name, qt, decl, out);
            }
        }
    }

    /// Reports a `local` or `constant` variable declared in a block nested
    /// in a kernel: OpenCL C allows them only in its outermost scope (the
    /// local and constant address spaces), as clang enforces.
    fn outermost_scope_only(&mut self, decl: &ast::InitDeclarator, space: &str) {
        self.push_diag(
            Diagnostic::new(
                &codes::ADDRESS_SPACE,
                format!(
                    "`{space}` variables can only be declared in the outermost scope of a kernel \
                     function"
                ),
            )
            .with_primary(decl.declarator.span, "declared in a nested block")
            .with_help("move the declaration to the beginning of the kernel's body"),
        );
    }

    /// A private variable: a [`oclc_ir::Local`] and stores of its
    /// initializer.
    fn private_variable(
        &mut self,
        name: ast::Ident,
        qt: QualType,
        decl: &ast::InitDeclarator,
        out: &mut Vec<Stmt>,
    ) {
        let mut ty = qt.ty;
        if let (Type::Array { len: None, .. }, Some(init)) = (self.ty(ty), &decl.init) {
            ty = self.sized_array_type(ty, init);
        }
        let text = self.text(name.name).to_string();
        let local = self.new_local(text, ty, decl.declarator.span);
        let qt = QualType {
            ty,
            space: Some(AddressSpace::Private),
            ..qt
        };
        // C: the name is in scope from the end of its declarator, so the
        // initializer can refer to the variable itself.
        self.declare_name(
            name,
            Binding::Var {
                storage: Storage::Local(local),
                ty: qt,
            },
        );
        let Some(init) = &decl.init else {
            return;
        };
        let pointer_ty = self.pointer_to(ty, AddressSpace::Private, qt.quals);
        let place = self.push(ExprKind::Local(local), pointer_ty, decl.declarator.span);
        let first_store = out.len();
        self.initialize_place(place, ty, init, out);
        if qt.quals.const_ {
            if let (Some(Stmt::Expr(store)), true) =
                (out.get(first_store), out.len() == first_store + 1)
            {
                if let ExprKind::Store { value, .. } = self.expr(*store).kind {
                    if let Some(lit) = self.fold(value) {
                        self.const_values.insert(Storage::Local(local), lit);
                    }
                }
            }
        }
    }
}
