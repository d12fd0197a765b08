//! A small builder for hand-written IR modules (tests only).

use oclc_diagnostics::Span;
use oclc_ir::{
    AddressSpace, AtomicCall, AtomicForm, AtomicOp, AtomicReturn, BinaryOp, Block, ConstInit,
    Conversion, Expr, ExprId, ExprKind, FenceCall, FenceKind, Function, FunctionId, GlobalId,
    GlobalVariable, KernelInfo, Literal, Local, LocalId, MemArg, Module, Param, Quals, Stmt, Type,
    TypeId,
};

/// Builds a [`Module`].
pub(crate) struct ModuleBuilder {
    pub(crate) module: Module,
}

impl ModuleBuilder {
    /// An empty OpenCL C 2.0 module for 64-bit pointers.
    pub(crate) fn new() -> Self {
        ModuleBuilder {
            module: Module {
                source_version: 200,
                pointer_bits: 64,
                ..Module::default()
            },
        }
    }

    pub(crate) fn ty(&mut self, ty: Type) -> TypeId {
        self.module.types.intern(ty)
    }

    pub(crate) fn void(&mut self) -> TypeId {
        self.ty(Type::Void)
    }

    pub(crate) fn bool(&mut self) -> TypeId {
        self.ty(Type::Bool)
    }

    pub(crate) fn int(&mut self, bits: u8, signed: bool) -> TypeId {
        self.ty(Type::Int { bits, signed })
    }

    pub(crate) fn float(&mut self, bits: u8) -> TypeId {
        self.ty(Type::Float { bits })
    }

    pub(crate) fn atomic(&mut self, inner: TypeId) -> TypeId {
        self.ty(Type::Atomic(inner))
    }

    pub(crate) fn ptr(&mut self, pointee: TypeId, space: AddressSpace) -> TypeId {
        self.ty(Type::Pointer {
            pointee,
            space,
            quals: Quals::default(),
        })
    }

    pub(crate) fn global(
        &mut self,
        name: &str,
        ty: TypeId,
        space: AddressSpace,
        init: Option<ConstInit>,
        kernel: Option<FunctionId>,
    ) -> GlobalId {
        self.module.globals.push(GlobalVariable {
            align: 0,
            name: name.to_owned(),
            ty,
            space,
            init,
            kernel,
            span: Span::default(),
            init_span: None,
            init_leaves: Vec::new(),
        })
    }

    /// Starts a function; `kernel` makes it a `__kernel`.
    pub(crate) fn function(
        &mut self,
        name: &str,
        kernel: bool,
        params: &[(&str, TypeId)],
        ret: TypeId,
    ) -> FunctionBuilder<'_> {
        FunctionBuilder {
            function: Function {
                fp_contract: false,
                fp_contract_pragmas: Vec::new(),
                inline: oclc_ir::InlineHint::None,
                name: name.to_owned(),
                kernel: kernel.then(KernelInfo::default),
                params: params
                    .iter()
                    .map(|&(name, ty)| Param {
                        name: name.to_owned(),
                        ty,
                        span: Span::default(),
                        noalias: false,
                    })
                    .collect(),
                ret,
                locals: oclc_ir::Arena::new(),
                exprs: oclc_ir::Arena::new(),
                body: Block::default(),
                labels: 0,
                span: Span::default(),
            },
            m: self,
        }
    }
}

/// Builds one [`Function`] of a [`ModuleBuilder`].
pub(crate) struct FunctionBuilder<'a> {
    pub(crate) m: &'a mut ModuleBuilder,
    pub(crate) function: Function,
}

impl FunctionBuilder<'_> {
    pub(crate) fn expr(&mut self, kind: ExprKind, ty: TypeId) -> ExprId {
        self.function.exprs.push(Expr {
            kind,
            ty,
            span: Span::default(),
        })
    }

    pub(crate) fn ty_of(&self, e: ExprId) -> TypeId {
        self.function.exprs[e].ty
    }

    pub(crate) fn int(&mut self, value: i64, ty: TypeId) -> ExprId {
        self.expr(ExprKind::Literal(Literal::Int(value as u64)), ty)
    }

    pub(crate) fn float(&mut self, value: f64, ty: TypeId) -> ExprId {
        self.expr(ExprKind::Literal(Literal::Float(value)), ty)
    }

    pub(crate) fn boolean(&mut self, value: bool) -> ExprId {
        let ty = self.m.bool();
        self.expr(ExprKind::Literal(Literal::Bool(value)), ty)
    }

    pub(crate) fn param(&mut self, index: u32) -> ExprId {
        let ty = self.function.params[index as usize].ty;
        self.expr(ExprKind::Param(index), ty)
    }

    /// Declares a private variable and returns a pointer expression to it.
    pub(crate) fn local(&mut self, name: &str, ty: TypeId) -> LocalId {
        self.function.locals.push(Local {
            align: 0,
            name: name.to_owned(),
            ty,
            span: Span::default(),
        })
    }

    /// A pointer to a private variable.
    pub(crate) fn local_ptr(&mut self, local: LocalId) -> ExprId {
        let pointee = self.function.locals[local].ty;
        let ty = self.m.ptr(pointee, AddressSpace::Private);
        self.expr(ExprKind::Local(local), ty)
    }

    /// A pointer to a global variable.
    pub(crate) fn global_ptr(&mut self, global: GlobalId) -> ExprId {
        let g = &self.m.module.globals[global];
        let (pointee, space) = (g.ty, g.space);
        let ty = self.m.ptr(pointee, space);
        self.expr(ExprKind::Global(global), ty)
    }

    pub(crate) fn pointee(&self, pointer: ExprId) -> TypeId {
        match self.m.module.types.get(self.ty_of(pointer)) {
            Type::Pointer { pointee, .. } => pointee,
            other => panic!("not a pointer: {other:?}"),
        }
    }

    pub(crate) fn load(&mut self, pointer: ExprId) -> ExprId {
        let ty = self.pointee(pointer);
        self.expr(ExprKind::Load(pointer), ty)
    }

    pub(crate) fn store(&mut self, pointer: ExprId, value: ExprId) -> ExprId {
        let ty = self.ty_of(value);
        self.expr(ExprKind::Store { pointer, value }, ty)
    }

    pub(crate) fn binary(&mut self, op: BinaryOp, lhs: ExprId, rhs: ExprId) -> ExprId {
        let ty = match op {
            BinaryOp::Eq
            | BinaryOp::Ne
            | BinaryOp::Lt
            | BinaryOp::Le
            | BinaryOp::Gt
            | BinaryOp::Ge => self.m.bool(),
            _ => self.ty_of(lhs),
        };
        self.expr(ExprKind::Binary(op, lhs, rhs), ty)
    }

    pub(crate) fn convert(&mut self, conversion: Conversion, value: ExprId, ty: TypeId) -> ExprId {
        self.expr(ExprKind::Convert(conversion, value), ty)
    }

    /// A constant order/scope/flags argument.
    pub(crate) fn mem(&mut self, value: i64) -> MemArg {
        let ty = self.m.int(32, true);
        let expr = self.int(value, ty);
        MemArg {
            expr,
            value: Some(value),
            span: Span::default(),
        }
    }

    /// A run-time order/scope/flags argument.
    pub(crate) fn runtime_mem(&mut self, expr: ExprId) -> MemArg {
        MemArg {
            expr,
            value: None,
            span: Span::default(),
        }
    }

    /// An atomic call with result type `ty`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn atomic(
        &mut self,
        op: AtomicOp,
        form: AtomicForm,
        pointer: ExprId,
        operands: Vec<ExprId>,
        order: Option<MemArg>,
        failure: Option<MemArg>,
        scope: Option<MemArg>,
        ty: TypeId,
    ) -> ExprId {
        let call = AtomicCall {
            op,
            form,
            name_span: Span::default(),
            pointer,
            operands,
            order,
            failure,
            scope,
            arg_spans: Vec::new(),
            returns: AtomicReturn::Natural,
        };
        self.expr(ExprKind::Atomic(Box::new(call)), ty)
    }

    pub(crate) fn fence(
        &mut self,
        kind: FenceKind,
        flags: MemArg,
        order: Option<MemArg>,
        scope: Option<MemArg>,
    ) -> ExprId {
        let void = self.m.void();
        let call = FenceCall {
            kind,
            name_span: Span::default(),
            flags,
            order,
            scope,
        };
        self.expr(ExprKind::Fence(Box::new(call)), void)
    }

    pub(crate) fn push(&mut self, stmt: Stmt) {
        self.function.body.0.push(stmt);
    }

    pub(crate) fn eval(&mut self, e: ExprId) {
        self.push(Stmt::Expr(e));
    }

    pub(crate) fn finish(self) -> FunctionId {
        self.m.module.functions.push(self.function)
    }
}
