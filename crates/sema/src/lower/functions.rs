//! Functions: prototypes and definitions, kernel checks (return type,
//! pointer parameters, `reqd_work_group_size`), parameters copied into
//! locals when the body modifies them, and the whole-program checks run
//! after every item: calls of functions never defined, and recursion
//! (any cycle in the call graph).

use oclc_diagnostics::{Diagnostic, Span};
use oclc_ir::{
    AddressSpace, Arena, Block, ExprKind, Function, FunctionId, InlineHint, KernelInfo, Param,
    Quals, Stmt, Type, TypeId,
};
use oclc_syntax::ast;
use rustc_hash::FxHashSet;

use super::types::{Declared, QualType};
use super::{FnBuilder, FnSig, FnState, Lowerer};
use crate::codes;
use crate::display::space_name;
use crate::scope::{Binding, Storage};

/// A parameter as declared.
struct ParamInfo {
    name: Option<ast::Ident>,
    ty: TypeId,
    span: Span,
    /// The built-in type name when declared as `size_t`, `ptrdiff_t`,
    /// `intptr_t` or `uintptr_t` itself (not a pointer to one).
    size_like: Option<&'static str>,
    /// Declared a `restrict`-qualified pointer (`T *restrict p`).
    restrict: bool,
}

impl Lowerer<'_> {
    /// The parameters of a function declarator, with arrays adjusted to
    /// pointers.
    fn lower_params(&mut self, params: &ast::FunctionParams) -> Vec<ParamInfo> {
        if params.variadic {
            if let Some(last) = params.params.last() {
                self.report(
                    &codes::UNSUPPORTED,
                    "variadic functions are not supported by oclc yet".to_string(),
                    last.span,
                    "`...` follows",
                );
            }
        }
        let mut out = Vec::with_capacity(params.params.len());
        for param in &params.params {
            let base = self.base_type(&param.specs);
            let qt = match self.apply_declarator(base, &param.declarator) {
                Declared::Object(qt) => qt,
                Declared::Function { .. } => {
                    self.report(
                        &codes::UNSUPPORTED,
                        "function parameters of function type are not supported by oclc yet"
                            .to_string(),
                        param.span,
                        "function type",
                    );
                    continue;
                }
            };
            let ty = self.adjust_param_type(qt, param.span);
            let size_like = match param.specs.ty {
                ast::TypeSpec::Builtin(builtin, _) if param.declarator.derived.is_empty() => {
                    match builtin {
                        ast::BuiltinType::SizeT => Some("size_t"),
                        ast::BuiltinType::PtrdiffT => Some("ptrdiff_t"),
                        ast::BuiltinType::IntptrT => Some("intptr_t"),
                        ast::BuiltinType::UintptrT => Some("uintptr_t"),
                        _ => None,
                    }
                }
                _ => None,
            };
            let restrict = matches!(
                param.declarator.derived.first(),
                Some(ast::DerivedDecl::Pointer(quals, _)) if quals.restrict.is_some()
            ) && matches!(self.ty(ty), Type::Pointer { .. });
            out.push(ParamInfo {
                name: param.declarator.name,
                ty,
                span: param.span,
                size_like,
                restrict,
            });
        }
        out
    }

    /// Arrays become pointers; parameters themselves are private.
    fn adjust_param_type(&mut self, qt: QualType, span: Span) -> TypeId {
        if let Type::Array { elem, .. } = self.ty(qt.ty) {
            let space = qt.space.unwrap_or(self.default_pointee_space());
            return self.pointer_to(elem, space, qt.quals);
        }
        if let Some(space) = qt.space.filter(|&s| s != AddressSpace::Private) {
            self.report(
                &codes::ADDRESS_SPACE,
                format!(
                    "parameter may not be qualified with the `{}` address space",
                    space_name(space)
                ),
                span,
                "parameters are private",
            );
        }
        if self.ty(qt.ty) == Type::Void || self.is_incomplete(qt.ty) {
            let name = self.type_name(qt.ty);
            self.report(
                &codes::INVALID_TYPE,
                format!("parameter has incomplete type `{name}`"),
                span,
                "incomplete type",
            );
        }
        qt.ty
    }

    /// Declares (or re-declares) a function and returns its id.
    pub(crate) fn declare_function(
        &mut self,
        name: ast::Ident,
        ret: QualType,
        params: &ast::FunctionParams,
        specs: &ast::DeclSpecs,
        declarator: &ast::Declarator,
    ) -> Option<FunctionId> {
        let infos = self.lower_params(params);
        let param_types: Vec<TypeId> = infos.iter().map(|p| p.ty).collect();
        if self.holds_image(ret.ty)
            || matches!(self.ty(ret.ty), Type::Opaque(oclc_ir::OpaqueType::Sampler))
        {
            let what = self.type_name(ret.ty);
            self.report(
                &codes::INVALID_TYPE,
                format!(
                    "a function cannot return `{what}`: images and samplers are only parameters"
                ),
                declarator.span,
                "returns an image or sampler",
            );
        }
        let kernel = specs.kernel.is_some();
        let overloadable = specs
            .attributes
            .iter()
            .chain(&declarator.attributes)
            .any(|a| self.text(a.name.name).trim_matches('_') == "overloadable");
        if overloadable && !kernel {
            // clang's `overloadable`: one function per parameter list.
            let set = self.overloads.get(&name.name).cloned().unwrap_or_default();
            let same = set.into_iter().find(|id| {
                self.sigs
                    .get(id.index())
                    .is_some_and(|sig| sig.params == param_types)
            });
            if let Some(id) = same {
                return Some(id);
            }
            let id = self.new_function(name, ret, infos, kernel, specs, declarator)?;
            self.overloads.entry(name.name).or_default().push(id);
            return Some(id);
        }
        if let Some(binding) = self.scopes.lookup(name.name) {
            return match binding {
                Binding::Function(id) => {
                    let id = id?;
                    let sig = self.sigs.get(id.index())?;
                    if sig.ret != ret.ty || sig.params != param_types || sig.kernel != kernel {
                        let previous = sig.span;
                        let text = self.text(name.name);
                        self.push_diag(
                            Diagnostic::new(
                                &codes::REDEFINITION,
                                format!("conflicting types for `{text}`"),
                            )
                            .with_primary(name.span, "declared again with a different type")
                            .with_secondary(previous, "previous declaration is here"),
                        );
                    }
                    Some(id)
                }
                _ if self.scopes.lookup_current(name.name).is_some()
                    || self.scopes.at_file_scope() =>
                {
                    self.declare_name(name, Binding::Function(None));
                    None
                }
                _ => self.new_function(name, ret, infos, kernel, specs, declarator),
            };
        }
        self.new_function(name, ret, infos, kernel, specs, declarator)
    }

    fn new_function(
        &mut self,
        name: ast::Ident,
        ret: QualType,
        infos: Vec<ParamInfo>,
        kernel: bool,
        specs: &ast::DeclSpecs,
        declarator: &ast::Declarator,
    ) -> Option<FunctionId> {
        let text = self.text(name.name).to_string();
        if kernel {
            self.check_kernel_signature(&text, ret, &infos, specs, name.span);
        }
        if matches!(self.ty(ret.ty), Type::Array { .. }) {
            self.report(
                &codes::INVALID_TYPE,
                format!("function `{text}` cannot return an array"),
                name.span,
                "array return type",
            );
        }
        let id = self.module.functions.next_handle();
        let kernel_info = kernel.then(|| KernelInfo {
            reqd_work_group_size: self.size_attribute(specs, declarator, "reqd_work_group_size"),
            work_group_size_hint: self.size_attribute(specs, declarator, "work_group_size_hint"),
            sub_group_size: self.sub_group_size(specs, declarator),
            vec_type_hint: self.vec_type_hint(specs, declarator),
        });
        let inline = self.inline_hint(specs, declarator);
        self.module.functions.push(Function {
            fp_contract: true,
            fp_contract_pragmas: Vec::new(),
            inline,
            name: text.clone(),
            kernel: kernel_info,
            params: infos
                .iter()
                .map(|p| Param {
                    name: p
                        .name
                        .map(|n| self.text(n.name).to_string())
                        .unwrap_or_default(),
                    ty: p.ty,
                    span: p.span,
                    noalias: p.restrict,
                })
                .collect(),
            ret: ret.ty,
            locals: Arena::new(),
            exprs: Arena::new(),
            body: Block::default(),
            labels: 0,
            span: name.span,
        });
        self.sigs.push(FnSig {
            name: text,
            ret: ret.ty,
            params: infos.iter().map(|p| p.ty).collect(),
            kernel,
            defined: false,
            span: name.span,
        });
        self.scopes
            .bind_file_scope(name.name, Binding::Function(Some(id)), name.span);
        if !self.scopes.at_file_scope() {
            self.scopes
                .bind(name.name, Binding::Function(Some(id)), name.span);
        }
        Some(id)
    }

    fn check_kernel_signature(
        &mut self,
        name: &str,
        ret: QualType,
        infos: &[ParamInfo],
        specs: &ast::DeclSpecs,
        span: Span,
    ) {
        if name == "main" {
            // As clang: `main` is the host program's name.
            self.report(
                &codes::INVALID_TYPE,
                "a kernel cannot be called `main`".to_string(),
                span,
                "rename the kernel",
            );
        }
        if self.ty(ret.ty) != Type::Void {
            let found = self.type_name(ret.ty);
            let type_span = match &specs.ty {
                ast::TypeSpec::Builtin(_, s) => *s,
                ast::TypeSpec::Typedef(i) => i.span,
                ast::TypeSpec::Record(r) => r.span,
                ast::TypeSpec::Enum(e) => e.span,
                ast::TypeSpec::Typeof(_, s) => *s,
            };
            self.push_diag(
                Diagnostic::new(
                    &codes::KERNEL_RETURN,
                    format!("kernel function `{name}` must return `void`, not `{found}`"),
                )
                .with_primary(type_span, "return type declared here")
                .with_secondary(span, "kernel declared here")
                .with_suggestion("return `void`", type_span, "void"),
            );
        }
        if let Some((ast::StorageClass::Static, storage)) = specs.storage {
            self.push_diag(
                Diagnostic::new(
                    &codes::INVALID_TYPE,
                    format!("kernel function `{name}` cannot be declared `static`"),
                )
                .with_primary(storage, "`static` here")
                .with_note("a kernel is the program's entry point, visible to the host")
                .with_help("remove `static`"),
            );
        }
        for info in infos {
            // OpenCL C 2.0 lifted the restriction (clang-15 still applies
            // it; later clang follows the specification).
            if self.cx.target.std < oclc_target::ClStd::Cl20
                && matches!(self.ty(info.ty), Type::Struct(_))
                && self.holds(info.ty, |t| matches!(t, Type::Pointer { .. }))
            {
                self.push_diag(
                    Diagnostic::new(
                        &codes::INVALID_TYPE,
                        "struct kernel parameters may not contain pointers before OpenCL C 2.0",
                    )
                    .with_primary(info.span, "kernel parameter")
                    .with_note("OpenCL C 1.2 §6.9, item p")
                    .with_help("pass the buffer as its own `global` pointer parameter"),
                );
            }
            let forbidden = match info.size_like {
                Some(name) => Some(format!("`{name}`")),
                None if self.holds_bool(info.ty) => Some(format!("`{}`", self.type_name(info.ty))),
                None => None,
            };
            if let Some(what) = forbidden {
                self.push_diag(
                    Diagnostic::new(
                        &codes::INVALID_TYPE,
                        format!("{what} cannot be the type of a kernel parameter"),
                    )
                    .with_primary(info.span, "kernel parameter")
                    .with_note(
                        "kernel arguments cannot be `bool`, `size_t`, `ptrdiff_t`, `intptr_t`, \
                         `uintptr_t` or structs holding them: their size is the device's, not \
                         the host's (OpenCL C 3.0 §6.11, item d)",
                    )
                    .with_help("use a fixed-width type such as `int` or `ulong`"),
                );
            }
            if let Type::Pointer { space, .. } = self.ty(info.ty) {
                if !matches!(
                    space,
                    AddressSpace::Global | AddressSpace::Constant | AddressSpace::Local
                ) {
                    self.push_diag(
                        Diagnostic::new(
                            &codes::ADDRESS_SPACE,
                            format!(
                                "pointer arguments to kernel functions must point to `global`, `constant` or `local` memory, not `{}`",
                                space_name(space)
                            ),
                        )
                        .with_primary(info.span, "kernel parameter")
                        .with_help("qualify the pointee, e.g. `global int *p`"),
                    );
                }
            }
        }
    }

    /// `reqd_work_group_size(x, y, z)` or `work_group_size_hint(x, y, z)`
    /// (`attribute`) from any attribute list of the declaration.
    fn size_attribute(
        &mut self,
        specs: &ast::DeclSpecs,
        declarator: &ast::Declarator,
        attribute_name: &str,
    ) -> Option<[u32; 3]> {
        let mut result = None;
        for attribute in self.named_attributes(specs, declarator, attribute_name) {
            if attribute.args.len() != 3 {
                self.report(
                    &codes::INVALID_ATTRIBUTE,
                    format!(
                        "`{attribute_name}` takes 3 arguments, found {}",
                        attribute.args.len()
                    ),
                    attribute.span,
                    "wrong number of arguments",
                );
                continue;
            }
            let mut sizes = [0u32; 3];
            let mut ok = true;
            for (slot, arg) in sizes.iter_mut().zip(&attribute.args) {
                match self.positive_u32(arg, "work-group size") {
                    Some(v) => *slot = v,
                    None => ok = false,
                }
            }
            if ok {
                result = Some(sizes);
            }
        }
        result
    }

    /// The attributes named `name` (with or without surrounding `__`) in
    /// any attribute list of the declaration.
    fn named_attributes<'d>(
        &self,
        specs: &'d ast::DeclSpecs,
        declarator: &'d ast::Declarator,
        name: &str,
    ) -> Vec<&'d ast::Attribute> {
        specs
            .attributes
            .iter()
            .chain(&declarator.attributes)
            .filter(|a| self.text(a.name.name).trim_matches('_') == name)
            .collect()
    }

    /// `intel_reqd_sub_group_size(n)` from any attribute list of the
    /// declaration.
    fn sub_group_size(
        &mut self,
        specs: &ast::DeclSpecs,
        declarator: &ast::Declarator,
    ) -> Option<u32> {
        let mut result = None;
        for attribute in self.named_attributes(specs, declarator, "intel_reqd_sub_group_size") {
            match &attribute.args[..] {
                [arg] => result = self.positive_u32(arg, "sub-group size").or(result),
                args => {
                    self.report(
                        &codes::INVALID_ATTRIBUTE,
                        format!(
                            "`intel_reqd_sub_group_size` takes 1 argument, found {}",
                            args.len()
                        ),
                        attribute.span,
                        "wrong number of arguments",
                    );
                }
            }
        }
        result
    }

    /// `vec_type_hint(T)` from any attribute list of the declaration, as
    /// SPIR-V's `VecTypeHint` operand.
    fn vec_type_hint(
        &mut self,
        specs: &ast::DeclSpecs,
        declarator: &ast::Declarator,
    ) -> Option<u32> {
        let mut result = None;
        for attribute in self.named_attributes(specs, declarator, "vec_type_hint") {
            let ty = match &attribute.args[..] {
                [arg] => match arg.kind {
                    ast::ExprKind::Ident(ident) => self.hint_type(ident),
                    _ => None,
                },
                _ => None,
            };
            let encoded = ty.and_then(|ty| {
                let (elem, len) = match self.ty(ty) {
                    Type::Vector { elem, len } => (elem, u32::from(len)),
                    _ => (ty, 0),
                };
                let code = match self.ty(elem) {
                    Type::Int { bits: 8, .. } => 0,
                    Type::Int { bits: 16, .. } => 1,
                    Type::Int { bits: 32, .. } => 2,
                    Type::Int { bits: 64, .. } => 3,
                    Type::Float { bits: 16 } => 4,
                    Type::Float { bits: 32 } => 5,
                    Type::Float { bits: 64 } => 6,
                    _ => return None,
                };
                Some(len << 16 | code)
            });
            match encoded {
                Some(hint) => result = Some(hint),
                None => self.report(
                    &codes::INVALID_ATTRIBUTE,
                    "`vec_type_hint` takes one scalar or vector type (`float4`, `int`, …)"
                        .to_string(),
                    attribute.span,
                    "not a scalar or vector type",
                ),
            }
        }
        result
    }

    /// The type named by `vec_type_hint`'s argument: a typedef, a built-in
    /// scalar or vector name, or `size_t` and its kin.
    fn hint_type(&mut self, ident: ast::Ident) -> Option<TypeId> {
        // A typedef's name may end in digits (`u32`) like a vector's.
        if let Some(Binding::Typedef(qt)) = self.scopes.lookup(ident.name) {
            return Some(qt.ty);
        }
        let text = self.text(ident.name);
        match text {
            "size_t" | "uintptr_t" => return Some(self.size_ty()),
            "ptrdiff_t" | "intptr_t" => return Some(self.ptrdiff_ty()),
            _ => {}
        }
        let base = text.trim_end_matches(|c: char| c.is_ascii_digit());
        let len = match &text[base.len()..] {
            "" => None,
            n @ ("2" | "3" | "4" | "8" | "16") => n.parse::<u8>().ok(),
            _ => return None,
        };
        let elem = match base {
            "char" | "uchar" => self.int_type(8, base == "char"),
            "short" | "ushort" => self.int_type(16, base == "short"),
            "int" | "uint" => self.int_type(32, base == "int"),
            "long" | "ulong" => self.int_type(64, base == "long"),
            "half" => self.intern(Type::Float { bits: 16 }),
            "float" => self.intern(Type::Float { bits: 32 }),
            "double" => self.intern(Type::Float { bits: 64 }),
            _ => return None,
        };
        Some(match len {
            Some(len) => self.intern(Type::Vector { elem, len }),
            None => elem,
        })
    }

    /// `always_inline` or `noinline` on the declaration.
    fn inline_hint(&self, specs: &ast::DeclSpecs, declarator: &ast::Declarator) -> InlineHint {
        let mut hint = InlineHint::None;
        for attribute in specs.attributes.iter().chain(&declarator.attributes) {
            match self.text(attribute.name.name).trim_matches('_') {
                "always_inline" => hint = InlineHint::Always,
                "noinline" => hint = InlineHint::Never,
                _ => {}
            }
        }
        hint
    }

    /// A constant attribute argument that must be a positive 32-bit
    /// integer (`what`: what it sizes); reported otherwise.
    fn positive_u32(&mut self, arg: &ast::Expr, what: &str) -> Option<u32> {
        match self.const_int(arg, what) {
            Some(v) if v > 0 && v <= i64::from(u32::MAX) => Some(v as u32),
            Some(v) => {
                self.report(
                    &codes::INVALID_ATTRIBUTE,
                    format!("{what} must be a positive 32-bit integer, found {v}"),
                    arg.span,
                    "invalid size",
                );
                None
            }
            None => None,
        }
    }

    /// Lowers a function definition.
    pub(crate) fn lower_function_def(&mut self, def: &ast::FunctionDef) {
        self.ignore_attributes(&def.specs.attributes);
        self.check_storage_class(&def.specs);
        self.ignore_attributes(&def.declarator.attributes);
        let base = self.base_type(&def.specs);
        let Declared::Function { ret, params } = self.apply_declarator(base, &def.declarator)
        else {
            self.report(
                &codes::INVALID_TYPE,
                "expected a function declarator before the body".to_string(),
                def.declarator.span,
                "not a function",
            );
            return;
        };
        let Some(name) = def.declarator.name else {
            return;
        };
        let Some(id) = self.declare_function(name, ret, params, &def.specs, &def.declarator) else {
            return;
        };
        let Some(sig) = self.sigs.get(id.index()).cloned() else {
            return;
        };
        if sig.defined {
            let text = self.text(name.name);
            let previous = self.module.functions.get(id).map_or(sig.span, |f| f.span);
            self.push_diag(
                Diagnostic::new(&codes::REDEFINITION, format!("redefinition of `{text}`"))
                    .with_primary(name.span, "defined again here")
                    .with_secondary(previous, "previous definition is here"),
            );
            return;
        }
        if let Some(s) = self.sigs.get_mut(id.index()) {
            s.defined = true;
        }
        self.fb = FnBuilder::default();
        self.materialized.clear();
        self.const_values
            .retain(|k, _| matches!(k, Storage::Global(_)));
        self.func = Some(FnState {
            id,
            kernel: sig.kernel,
            ret: sig.ret,
            jumps: Vec::new(),
            labels: Default::default(),
        });
        self.scopes.push();
        self.enter_fp_contract_block(def.body.span);
        let mut body = Vec::new();
        let names: Vec<Option<ast::Ident>> =
            params.params.iter().map(|p| p.declarator.name).collect();
        for (index, (name, &ty)) in names.iter().zip(&sig.params).enumerate() {
            let Some(name) = *name else { continue };
            let const_ = params.params.get(index).is_some_and(top_level_const);
            let mutated = def.mutated.binary_search(&name.name).is_ok();
            let binding = if mutated || matches!(self.ty(ty), Type::Struct(_)) {
                self.copy_param_to_local(index as u32, name, ty, const_, &mut body)
            } else {
                Binding::Param {
                    index: index as u32,
                    ty,
                }
            };
            self.declare_name(name, binding);
        }
        self.lower_block_items(&def.body.stmts, &mut body);
        self.scopes.pop();
        let labels = self.check_labels();
        let (fp_contract, fp_contract_pragmas) = self.fp_contract_for(def.span);
        self.func = None;
        let builder = std::mem::take(&mut self.fb);
        // Local ids start again in the next function.
        self.materialized.clear();
        if let Some(function) = self.module.functions.get_mut(id) {
            function.locals = builder.locals;
            function.exprs = builder.exprs;
            function.body = Block(body);
            function.labels = labels;
            function.span = def.span;
            function.fp_contract = fp_contract;
            function.fp_contract_pragmas = fp_contract_pragmas;
            for (param, name) in function.params.iter_mut().zip(&names) {
                if let Some(n) = name {
                    param.name = self.cx.symbols.get(n.name).to_string();
                }
            }
        }
    }

    /// Gives a modified parameter a private copy, initialized on entry.
    fn copy_param_to_local(
        &mut self,
        index: u32,
        name: ast::Ident,
        ty: TypeId,
        const_: bool,
        body: &mut Vec<Stmt>,
    ) -> Binding {
        let text = self.text(name.name).to_string();
        let local = self.new_local(text, ty, name.span);
        let pointer = self.pointer_to(ty, AddressSpace::Private, Quals::default());
        let target = self.push(ExprKind::Local(local), pointer, name.span);
        let value = self.push(ExprKind::Param(index), ty, name.span);
        let store = self.push(
            ExprKind::Store {
                pointer: target,
                value,
            },
            ty,
            name.span,
        );
        body.push(Stmt::Expr(store));
        // The copy is initialized by the store above; a `const` parameter's
        // copy stays read-only for the body.
        Binding::Var {
            storage: Storage::Local(local),
            ty: QualType {
                ty,
                quals: Quals {
                    const_,
                    volatile: false,
                },
                space: Some(AddressSpace::Private),
            },
        }
    }

    /// Reports calls of functions never defined and recursive calls, then
    /// drops functions that were only declared (renumbering the rest).
    pub(crate) fn finish_functions(&mut self) {
        let mut reported: FxHashSet<FunctionId> = FxHashSet::default();
        for &(_, callee, span) in &self.calls {
            let Some(sig) = self.sigs.get(callee.index()) else {
                continue;
            };
            if !sig.defined && reported.insert(callee) {
                self.diags.push(
                    Diagnostic::new(&codes::UNDEFINED_FUNCTION, format!("function `{}` is called but never defined", sig.name))
                        .with_primary(span, "called here")
                        .with_secondary(sig.span, "declared here")
                        .with_note("oclc compiles a single translation unit and does not link; define the function in this file"),
                );
            }
        }
        self.report_recursion();
        self.drop_undefined_functions();
    }

    fn report_recursion(&mut self) {
        let count = self.sigs.len();
        let edges: Vec<(usize, usize)> = self
            .calls
            .iter()
            .map(|&(a, b, _)| (a.index(), b.index()))
            .collect();
        let component = strongly_connected(count, &edges);
        let mut size = vec![0usize; count];
        for &c in &component {
            if let Some(s) = size.get_mut(c) {
                *s += 1;
            }
        }
        for &(caller, callee, span) in &self.calls {
            let (a, b) = (caller.index(), callee.index());
            let (Some(&ca), Some(&cb)) = (component.get(a), component.get(b)) else {
                continue;
            };
            if ca != cb || (a != b && size.get(ca).copied().unwrap_or(0) < 2) {
                continue;
            }
            let caller_name = self.sigs.get(a).map_or("", |s| s.name.as_str());
            let callee_name = self.sigs.get(b).map_or("", |s| s.name.as_str());
            let note = if a == b {
                format!("`{caller_name}` calls itself")
            } else {
                format!("`{callee_name}` calls back into `{caller_name}` directly or through other functions")
            };
            self.diags.push(
                Diagnostic::new(
                    &codes::RECURSION,
                    format!("recursive call to `{callee_name}` is not allowed in OpenCL C"),
                )
                .with_primary(span, "this call is part of a cycle")
                .with_note(note),
            );
        }
    }

    fn drop_undefined_functions(&mut self) {
        let sigs = &self.sigs;
        self.module
            .retain_functions(|id| sigs.get(id.index()).is_some_and(|sig| sig.defined));
    }
}

/// Tarjan's strongly connected components, iteratively (the call graph's
/// depth is input-controlled). Returns the component of each node.
fn strongly_connected(count: usize, edges: &[(usize, usize)]) -> Vec<usize> {
    const UNVISITED: usize = usize::MAX;
    let mut adjacency = vec![Vec::new(); count];
    for &(a, b) in edges {
        if a < count && b < count {
            adjacency[a].push(b);
        }
    }
    let mut index = vec![UNVISITED; count];
    let mut low = vec![0usize; count];
    let mut on_stack = vec![false; count];
    let mut component = vec![UNVISITED; count];
    let mut stack = Vec::new();
    let (mut next_index, mut next_component) = (0usize, 0usize);
    for root in 0..count {
        if index[root] != UNVISITED {
            continue;
        }
        let mut work = vec![(root, 0usize)];
        index[root] = next_index;
        low[root] = next_index;
        next_index += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&(node, position)) = work.last() {
            if let Some(&next) = adjacency[node].get(position) {
                if let Some(top) = work.last_mut() {
                    top.1 += 1;
                }
                if index[next] == UNVISITED {
                    index[next] = next_index;
                    low[next] = next_index;
                    next_index += 1;
                    stack.push(next);
                    on_stack[next] = true;
                    work.push((next, 0));
                } else if on_stack[next] {
                    low[node] = low[node].min(index[next]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[node]);
            }
            if low[node] == index[node] {
                while let Some(member) = stack.pop() {
                    on_stack[member] = false;
                    component[member] = next_component;
                    if member == node {
                        break;
                    }
                }
                next_component += 1;
            }
        }
    }
    component
}

/// Whether a parameter itself is `const` (`const int x`, `int *const p`),
/// as opposed to pointing at `const` data.
fn top_level_const(param: &ast::ParamDecl) -> bool {
    match param.declarator.derived.first() {
        None => param.specs.qualifiers.const_.is_some(),
        Some(ast::DerivedDecl::Pointer(quals, _)) => quals.const_.is_some(),
        Some(_) => false,
    }
}

impl Lowerer<'_> {
    /// Whether a value of type `ty` is or holds a `bool` (in a struct,
    /// union or array member, at any depth; not behind a pointer).
    fn holds_bool(&self, ty: TypeId) -> bool {
        self.holds(ty, |t| t == Type::Bool)
    }

    /// Whether `ty`, or an element or member of it at any depth, is a
    /// type for which `is` holds (pointers are not followed).
    fn holds(&self, ty: TypeId, is: impl Fn(Type) -> bool) -> bool {
        let mut pending = vec![ty];
        let mut seen = Vec::new();
        while let Some(ty) = pending.pop() {
            if seen.contains(&ty) {
                continue;
            }
            seen.push(ty);
            match self.ty(ty) {
                t if is(t) => return true,
                Type::Array { elem, .. } => pending.push(elem),
                Type::Struct(s) => pending.extend(
                    self.module
                        .types
                        .struct_def(s)
                        .members
                        .iter()
                        .map(|&(_, m)| m),
                ),
                _ => {}
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::strongly_connected;

    #[test]
    fn cycles_share_a_component() {
        let c = strongly_connected(4, &[(0, 1), (1, 2), (2, 0), (2, 3)]);
        assert_eq!(c[0], c[1]);
        assert_eq!(c[1], c[2]);
        assert_ne!(c[2], c[3]);
    }

    #[test]
    fn long_chains_do_not_recurse() {
        let n = 100_000;
        let edges: Vec<(usize, usize)> = (0..n - 1).map(|i| (i, i + 1)).collect();
        let c = strongly_connected(n, &edges);
        assert_ne!(c[0], c[n - 1]);
    }
}
