//! Resolving generic pointers for the Vulkan target, which has no generic
//! address space: OpenCL C 2.0 makes every unqualified pointer generic,
//! so a helper such as `void bump(atomic_int *p)` called with a `global`
//! pointer would otherwise be rejected.
//!
//! Each function is copied per combination of address spaces its callers
//! pass for its generic pointer parameters (kernels have none), and in
//! each copy the space of every generic pointer value is inferred by
//! unification: a parameter has the space its callers pass, a conversion
//! to generic the space it converts from, pointer arithmetic and member
//! or element addresses the space of their base, a private variable of
//! generic pointer type the space of what is stored in it (and loads of
//! it that space), a conditional the space of both arms. Generic pointer
//! types then become the inferred spaces and conversions between equal
//! spaces become no-ops. A function where inference fails (two spaces
//! meet, a pointer to a generic pointer in memory, a generic return) is
//! left as written, and emission reports the generic pointer as before.
//! Helpers that kernels never call and that take generic pointers are
//! dropped.

use oclc_ir::{AddressSpace, Conversion, ExprKind, Function, FunctionId, Module, Type, TypeId};
use rustc_hash::FxHashMap;

/// The spaces passed for each parameter (`None` for parameters that are
/// not generic pointers).
type Spaces = Vec<Option<AddressSpace>>;

/// Whether `ty` is a generic pointer.
fn is_generic_pointer(module: &Module, ty: TypeId) -> bool {
    matches!(
        module.types.get(ty),
        Type::Pointer {
            space: AddressSpace::Generic,
            ..
        }
    )
}

/// `module` with its generic pointers resolved, or `None` when it has
/// none (the common case: nothing is copied).
pub(crate) fn resolve(module: &Module) -> Option<Module> {
    let uses_generic = module.types.iter().any(|(_, ty)| {
        matches!(
            ty,
            Type::Pointer {
                space: AddressSpace::Generic,
                ..
            }
        )
    });
    if !uses_generic {
        return None;
    }
    let mut resolver = Resolver {
        source: module,
        out: Module {
            functions: oclc_ir::Arena::new(),
            ..module.clone()
        },
        copies: FxHashMap::default(),
        queue: Vec::new(),
    };
    // Kernels and helpers without generic parameters keep a copy each (in
    // source order); helpers with them are copied as calls need them.
    for (id, function) in module.functions.iter_with_handles() {
        let generic = function
            .params
            .iter()
            .any(|p| is_generic_pointer(module, p.ty));
        if function.kernel.is_some() || !generic {
            resolver.copy(id, vec![None; function.params.len()]);
        }
    }
    while let Some((original, spaces, copy)) = resolver.queue.pop() {
        resolver.specialise(original, &spaces, copy);
    }
    let Resolver {
        mut out, copies, ..
    } = resolver;
    // Kernel-scope `local` variables follow their kernel (copied once).
    for global in &mut out.globals {
        if let Some(kernel) = global.kernel {
            let spaces = vec![None; module.function(kernel).params.len()];
            global.kernel = copies.get(&(kernel, spaces)).copied();
        }
    }
    Some(out)
}

struct Resolver<'m> {
    source: &'m Module,
    out: Module,
    copies: FxHashMap<(FunctionId, Spaces), FunctionId>,
    /// Copies whose bodies are still to rewrite.
    queue: Vec<(FunctionId, Spaces, FunctionId)>,
}

impl Resolver<'_> {
    /// The copy of `original` for `spaces`, created (and queued) on first
    /// request.
    fn copy(&mut self, original: FunctionId, spaces: Spaces) -> FunctionId {
        if let Some(&id) = self.copies.get(&(original, spaces.clone())) {
            return id;
        }
        let id = self
            .out
            .functions
            .push(self.source.function(original).clone());
        self.copies.insert((original, spaces.clone()), id);
        self.queue.push((original, spaces, id));
        id
    }

    /// `ty` (a generic pointer) moved to `space`.
    fn retype(&mut self, ty: TypeId, space: AddressSpace) -> TypeId {
        match self.out.types.get(ty) {
            Type::Pointer {
                pointee,
                space: AddressSpace::Generic,
                quals,
            } => self.out.types.intern(Type::Pointer {
                pointee,
                space,
                quals,
            }),
            _ => ty,
        }
    }

    /// Rewrites copy `copy` of `original` for `spaces`, and points its
    /// calls at the copies of their callees.
    fn specialise(&mut self, original: FunctionId, spaces: &Spaces, copy: FunctionId) {
        let source = self.source.function(original);
        let mut function = source.clone();
        if let Some(resolved) = infer(self.source, source, spaces) {
            for (index, param) in function.params.iter_mut().enumerate() {
                if let Some(Some(space)) = spaces.get(index) {
                    param.ty = self.retype(param.ty, *space);
                }
            }
            for (local, space) in function.locals.iter_mut().zip(&resolved.locals) {
                if let Some(space) = space {
                    local.ty = self.retype(local.ty, *space);
                }
            }
            // A pointer to a private variable of generic pointer type.
            let ids: Vec<oclc_ir::ExprId> = function.exprs.handles().collect();
            for &index in &ids {
                if let ExprKind::Local(local) = function.exprs[index].kind {
                    if let Some(Some(space)) = resolved.locals.get(local.index()) {
                        let inner = self.retype(source.locals[local].ty, *space);
                        let quals = match self.out.types.get(function.exprs[index].ty) {
                            Type::Pointer { quals, .. } => quals,
                            _ => Default::default(),
                        };
                        function.exprs[index].ty = self.out.types.intern(Type::Pointer {
                            pointee: inner,
                            space: AddressSpace::Private,
                            quals,
                        });
                    }
                }
            }
            for (expr, space) in function.exprs.iter_mut().zip(&resolved.exprs) {
                if let Some(space) = space {
                    expr.ty = self.retype(expr.ty, *space);
                }
            }
            for &index in &ids {
                if let ExprKind::Convert(Conversion::ToGeneric | Conversion::FromGeneric, operand) =
                    function.exprs[index].kind
                {
                    function.exprs[index].kind = ExprKind::Convert(Conversion::PtrToPtr, operand);
                }
            }
        }
        // Calls: each callee copied for the spaces passed to it.
        let ids: Vec<oclc_ir::ExprId> = function.exprs.handles().collect();
        for index in ids {
            let ExprKind::Call(callee, ref args) = function.exprs[index].kind else {
                continue;
            };
            let target = self.source.function(callee);
            let callee_spaces: Spaces = target
                .params
                .iter()
                .zip(args)
                .map(|(param, &arg)| {
                    if !is_generic_pointer(self.source, param.ty) {
                        return None;
                    }
                    match self.out.types.get(function.exprs[arg].ty) {
                        Type::Pointer { space, .. } if space != AddressSpace::Generic => {
                            Some(space)
                        }
                        _ => None,
                    }
                })
                .collect();
            let target_copy = self.copy(callee, callee_spaces);
            if let ExprKind::Call(ref mut target, _) = function.exprs[index].kind {
                *target = target_copy;
            }
        }
        self.out.functions[copy] = function;
    }
}

/// The inferred space of each expression and private variable of generic
/// pointer type.
struct Resolved {
    exprs: Vec<Option<AddressSpace>>,
    locals: Vec<Option<AddressSpace>>,
}

/// Union-find over expressions and private variables, each class with
/// at most one concrete space.
struct Classes {
    parent: Vec<usize>,
    space: Vec<Option<AddressSpace>>,
    conflict: bool,
}

impl Classes {
    fn find(&mut self, mut x: usize) -> usize {
        while self.parent[x] != x {
            self.parent[x] = self.parent[self.parent[x]];
            x = self.parent[x];
        }
        x
    }

    fn set(&mut self, x: usize, space: AddressSpace) {
        let root = self.find(x);
        match self.space[root] {
            Some(s) if s != space => self.conflict = true,
            _ => self.space[root] = Some(space),
        }
    }

    fn union(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb {
            return;
        }
        match (self.space[ra], self.space[rb]) {
            (Some(x), Some(y)) if x != y => self.conflict = true,
            (None, s) => self.space[ra] = s,
            _ => {}
        }
        self.parent[rb] = ra;
    }
}

/// Infers the spaces of `function`'s generic pointers when its generic
/// parameters receive `spaces`; `None` when they cannot all be resolved.
fn infer(module: &Module, function: &Function, spaces: &Spaces) -> Option<Resolved> {
    let generic = |ty: TypeId| is_generic_pointer(module, ty);
    if generic(function.ret) {
        return None;
    }
    let exprs = function.exprs.len();
    let total = exprs + function.locals.len();
    let mut classes = Classes {
        parent: (0..total).collect(),
        space: vec![None; total],
        conflict: false,
    };
    let local_var = |local: usize| exprs + local;
    // The private variable a pointer expression names, when it is one of
    // generic pointer type.
    let local_of = |id: oclc_ir::ExprId| match function.exprs.get(id)?.kind {
        ExprKind::Local(l) if generic(function.locals.get(l)?.ty) => Some(l.index()),
        _ => None,
    };
    for (index, expr) in function.exprs.iter().enumerate() {
        match expr.kind {
            ExprKind::Param(i) if generic(expr.ty) => {
                classes.set(index, spaces.get(i as usize).copied().flatten()?);
            }
            ExprKind::Convert(Conversion::ToGeneric, x) => {
                let Type::Pointer { space, .. } = module.types.get(function.exprs.get(x)?.ty)
                else {
                    return None;
                };
                classes.set(index, space);
            }
            ExprKind::Convert(Conversion::FromGeneric, x) => {
                let Type::Pointer { space, .. } = module.types.get(expr.ty) else {
                    return None;
                };
                classes.set(x.index(), space);
            }
            ExprKind::Convert(_, x)
            | ExprKind::PtrOffset { pointer: x, .. }
            | ExprKind::ElementPtr { pointer: x, .. }
            | ExprKind::MemberPtr { pointer: x, .. }
                if generic(expr.ty) =>
            {
                classes.union(index, x.index());
            }
            ExprKind::Select {
                then, otherwise, ..
            } if generic(expr.ty) => {
                classes.union(index, then.index());
                classes.union(index, otherwise.index());
            }
            ExprKind::Comma(_, b) | ExprKind::Statements(_, b) if generic(expr.ty) => {
                classes.union(index, b.index())
            }
            ExprKind::Load(p) if generic(expr.ty) => {
                classes.union(index, local_var(local_of(p)?));
            }
            ExprKind::Store { pointer, value } if generic(expr.ty) => {
                let local = local_var(local_of(pointer)?);
                classes.union(local, value.index());
                classes.union(index, value.index());
            }
            ExprKind::IncDec { pointer, .. } | ExprKind::CompoundAssign { pointer, .. }
                if generic(expr.ty) =>
            {
                classes.union(index, local_var(local_of(pointer)?));
            }
            ExprKind::Call(..) | ExprKind::Param(_) | ExprKind::Literal(_) => {}
            _ if generic(expr.ty) => return None,
            _ => {}
        }
    }
    if classes.conflict {
        return None;
    }
    let mut resolved = Resolved {
        exprs: vec![None; exprs],
        locals: vec![None; function.locals.len()],
    };
    for (index, expr) in function.exprs.iter().enumerate() {
        if generic(expr.ty) {
            let root = classes.find(index);
            // A null pointer constant on its own takes any space.
            resolved.exprs[index] = Some(
                classes.space[root]
                    .or(matches!(expr.kind, ExprKind::Literal(_)).then_some(AddressSpace::Global))?,
            );
        }
    }
    for (index, local) in function.locals.iter().enumerate() {
        if generic(local.ty) {
            let root = classes.find(local_var(index));
            resolved.locals[index] = Some(classes.space[root]?);
        }
    }
    Some(resolved)
}
