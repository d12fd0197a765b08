//! The gate between analysis and emission: [`Checked`], a module the IR
//! validator accepted, is the only input the back end takes (as naga's
//! writers take the validator's `ModuleInfo`).
//!
//! Semantic analysis reports everything wrong with a *program*; the
//! validator here checks what the back end relies on in the *IR*, so that
//! a slip in lowering becomes one internal-error diagnostic instead of a
//! wrong module or a panic:
//!
//! * every handle (type, global, function, local, expression, label) is in
//!   range for the arena it indexes, and a parameter index for its
//!   function;
//! * every constant `memory_order`, `memory_scope` and `cl_mem_fence_flags`
//!   operand of an atomic, fence or barrier is a value the language
//!   defines, so the back end's encodings are total.
//!
//! It is one pass over the module, linear in its size, and allocates
//! nothing on success.

use std::cell::Cell;
use std::ops::Deref;

use crate::{
    AtomicCall, Block, ExprKind, FenceCall, Function, LoopControl, MemArg, MemoryOrder,
    MemoryScope, Module, Stmt, TypeId, FENCE_ALL,
};

/// A module the IR validator accepted (see the module documentation).
#[derive(Debug)]
pub struct Checked {
    module: Module,
    calls_kernel: bool,
}

/// A module the IR validator rejected: what is wrong with it (a bug in
/// whatever produced it).
#[derive(Debug)]
pub struct Invalid {
    /// The first problem found.
    pub problem: String,
}

impl Checked {
    /// Validates `module`.
    ///
    /// # Errors
    /// [`Invalid`], with the module's first problem.
    pub fn new(module: Module) -> Result<Checked, Invalid> {
        match validate(&module) {
            Ok(calls_kernel) => Ok(Checked {
                module,
                calls_kernel,
            }),
            Err(problem) => Err(Invalid { problem }),
        }
    }

    /// Whether some expression calls a kernel (SPIR-V cannot call an entry
    /// point: the back end then gives the kernel a callable copy). Noted
    /// by the validator's pass, so the back end needs no pass of its own.
    pub fn calls_kernel(&self) -> bool {
        self.calls_kernel
    }
}

impl Deref for Checked {
    type Target = Module;
    fn deref(&self) -> &Module {
        &self.module
    }
}

/// Validates `module`; returns whether some expression calls a kernel.
fn validate(module: &Module) -> Result<bool, String> {
    let ty = |id: TypeId, what: &dyn Fn() -> String| {
        if module.types.contains(id) {
            Ok(())
        } else {
            Err(format!("{} has type #{} out of range", what(), id.index()))
        }
    };
    for (id, global) in module.globals.iter_with_handles() {
        let what = || format!("global {} `{}`", id.index(), global.name);
        ty(global.ty, &what)?;
        if let Some(kernel) = global.kernel {
            if !module.functions.contains(kernel) {
                return Err(format!("{} belongs to a missing function", what()));
            }
        }
    }
    let calls_kernel = Cell::new(false);
    for (id, function) in module.functions.iter_with_handles() {
        FunctionValidator {
            module,
            function,
            name: &function.name,
            calls_kernel: &calls_kernel,
        }
        .run()
        .map_err(|problem| format!("function {} `{}`: {problem}", id.index(), function.name))?;
    }
    Ok(calls_kernel.get())
}

struct FunctionValidator<'a> {
    module: &'a Module,
    function: &'a Function,
    name: &'a str,
    /// Set on a call of a kernel.
    calls_kernel: &'a Cell<bool>,
}

impl FunctionValidator<'_> {
    fn run(&self) -> Result<(), String> {
        self.ty(self.function.ret, "the return type")?;
        for param in &self.function.params {
            self.ty(param.ty, "a parameter")?;
        }
        for local in &self.function.locals {
            self.ty(local.ty, "a local")?;
        }
        for (id, expr) in self.function.exprs.iter_with_handles() {
            self.ty(expr.ty, "an expression")?;
            self.expr(&expr.kind)
                .map_err(|problem| format!("expression {}: {problem}", id.index()))?;
        }
        self.block(&self.function.body)
    }

    fn ty(&self, id: TypeId, what: &str) -> Result<(), String> {
        if self.module.types.contains(id) {
            Ok(())
        } else {
            Err(format!("{what} has type #{} out of range", id.index()))
        }
    }

    fn operand(&self, id: crate::ExprId) -> Result<(), String> {
        if self.function.exprs.contains(id) {
            Ok(())
        } else {
            Err(format!("operand #{} out of range", id.index()))
        }
    }

    fn operands(&self, ids: &[crate::ExprId]) -> Result<(), String> {
        ids.iter().try_for_each(|&id| self.operand(id))
    }

    fn expr(&self, kind: &ExprKind) -> Result<(), String> {
        match kind {
            ExprKind::Literal(_) => Ok(()),
            ExprKind::Param(index) => {
                if (*index as usize) < self.function.params.len() {
                    Ok(())
                } else {
                    Err(format!(
                        "parameter {index} of `{}` does not exist",
                        self.name
                    ))
                }
            }
            ExprKind::Local(local) => {
                if self.function.locals.contains(*local) {
                    Ok(())
                } else {
                    Err(format!("local #{} out of range", local.index()))
                }
            }
            ExprKind::Global(global) => {
                if self.module.globals.contains(*global) {
                    Ok(())
                } else {
                    Err(format!("global #{} out of range", global.index()))
                }
            }
            ExprKind::Call(callee, args) => {
                let Some(function) = self.module.functions.get(*callee) else {
                    return Err(format!("call of function #{} out of range", callee.index()));
                };
                if function.kernel.is_some() {
                    self.calls_kernel.set(true);
                }
                self.operands(args)
            }
            ExprKind::Load(a) | ExprKind::Unary(_, a) | ExprKind::Convert(_, a) => self.operand(*a),
            ExprKind::IncDec { pointer, .. } | ExprKind::MemberPtr { pointer, .. } => {
                self.operand(*pointer)
            }
            ExprKind::CompoundAssign {
                pointer,
                value,
                op_ty,
                ..
            } => {
                self.ty(*op_ty, "a compound assignment")?;
                self.operands(&[*pointer, *value])
            }
            ExprKind::Store { pointer, value } => self.operands(&[*pointer, *value]),
            ExprKind::Binary(_, a, b)
            | ExprKind::LogicalAnd(a, b)
            | ExprKind::LogicalOr(a, b)
            | ExprKind::PtrDiff(a, b)
            | ExprKind::Comma(a, b)
            | ExprKind::PtrOffset {
                pointer: a,
                index: b,
            }
            | ExprKind::ElementPtr {
                pointer: a,
                index: b,
            } => self.operands(&[*a, *b]),
            ExprKind::Select {
                cond,
                then,
                otherwise,
            } => self.operands(&[*cond, *then, *otherwise]),
            ExprKind::Builtin(_, args) | ExprKind::Construct(args) => self.operands(args),
            ExprKind::Atomic(call) => self.atomic(call),
            ExprKind::Fence(call) => self.fence(call),
            ExprKind::Statements(block, value) => {
                self.block(block)?;
                self.operand(*value)
            }
        }
    }

    fn atomic(&self, call: &AtomicCall) -> Result<(), String> {
        self.operand(call.pointer)?;
        self.operands(&call.operands)?;
        for order in [&call.order, &call.failure].into_iter().flatten() {
            self.mem_arg(order, "order", |v| MemoryOrder::from_value(v).is_some())?;
        }
        if let Some(scope) = &call.scope {
            self.mem_arg(scope, "scope", |v| MemoryScope::from_value(v).is_some())?;
        }
        Ok(())
    }

    fn fence(&self, call: &FenceCall) -> Result<(), String> {
        self.mem_arg(&call.flags, "fence flags", |v| v & !FENCE_ALL == 0)?;
        if let Some(order) = &call.order {
            self.mem_arg(order, "order", |v| MemoryOrder::from_value(v).is_some())?;
        }
        if let Some(scope) = &call.scope {
            self.mem_arg(scope, "scope", |v| MemoryScope::from_value(v).is_some())?;
        }
        Ok(())
    }

    /// An order, scope or flags operand: in range, and its constant value
    /// (if it has one) one that `valid` accepts.
    fn mem_arg(&self, arg: &MemArg, what: &str, valid: impl Fn(i64) -> bool) -> Result<(), String> {
        self.operand(arg.expr)?;
        match arg.value {
            Some(value) if !valid(value) => Err(format!("constant {what} {value} is not defined")),
            _ => Ok(()),
        }
    }

    fn block(&self, block: &Block) -> Result<(), String> {
        block.0.iter().try_for_each(|stmt| self.stmt(stmt))
    }

    fn stmt(&self, stmt: &Stmt) -> Result<(), String> {
        match stmt {
            Stmt::Expr(e) => self.operand(*e),
            Stmt::Block(b) => self.block(b),
            Stmt::If {
                cond,
                then,
                otherwise,
            } => {
                self.operand(*cond)?;
                self.block(then)?;
                self.block(otherwise)
            }
            Stmt::Loop {
                cond,
                body,
                continuing,
                control,
                ..
            } => {
                if *control == LoopControl::PartialCount(0) {
                    return Err("loop unroll count 0".to_owned());
                }
                if let Some(cond) = cond {
                    self.operand(*cond)?;
                }
                self.block(body)?;
                self.block(continuing)
            }
            Stmt::Switch { selector, segments } => {
                self.operand(*selector)?;
                segments.iter().try_for_each(|s| self.block(&s.body))
            }
            Stmt::Break | Stmt::Continue => Ok(()),
            Stmt::Return(value) => value.map_or(Ok(()), |v| self.operand(v)),
            Stmt::Label(label) | Stmt::Goto(label) => {
                if label.index() < self.function.labels as usize {
                    Ok(())
                } else {
                    Err(format!("label #{} out of range", label.index()))
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{AtomicForm, AtomicOp, AtomicReturn, Expr, ExprId, Literal, Type};
    use oclc_diagnostics::Span;

    /// A module with one function `k` whose body evaluates `kinds` in order
    /// (each an `int` expression).
    fn module(kinds: Vec<ExprKind>) -> Module {
        let mut module = Module::default();
        let int = module.types.intern(Type::Int {
            bits: 32,
            signed: true,
        });
        let void = module.types.intern(Type::Void);
        let mut function = Function {
            name: "k".to_owned(),
            kernel: None,
            params: Vec::new(),
            ret: void,
            locals: crate::Arena::new(),
            exprs: crate::Arena::new(),
            body: Block::default(),
            labels: 0,
            span: Span::default(),
            fp_contract: true,
            fp_contract_pragmas: Vec::new(),
            inline: crate::InlineHint::None,
        };
        for kind in kinds {
            let id = function.exprs.push(Expr {
                kind,
                ty: int,
                span: Span::default(),
            });
            function.body.0.push(Stmt::Expr(id));
        }
        module.functions.push(function);
        module
    }

    fn literal() -> ExprKind {
        ExprKind::Literal(Literal::Int(1))
    }

    fn problem(module: Module) -> String {
        Checked::new(module).expect_err("rejected").problem
    }

    #[test]
    fn accepts_a_well_formed_module() {
        let m = module(vec![
            literal(),
            ExprKind::Unary(crate::UnaryOp::Neg, ExprId::new(0)),
        ]);
        assert!(Checked::new(m).is_ok());
    }

    #[test]
    fn rejects_handles_out_of_range() {
        let m = module(vec![ExprKind::Load(ExprId::new(7))]);
        assert!(problem(m).contains("operand #7 out of range"));
        let m = module(vec![ExprKind::Local(crate::LocalId::new(0))]);
        assert!(problem(m).contains("local #0"));
        let m = module(vec![ExprKind::Call(crate::FunctionId::new(3), vec![])]);
        assert!(problem(m).contains("function #3"));
        let m = module(vec![ExprKind::Param(0)]);
        assert!(problem(m).contains("parameter 0"));
        let mut m = module(vec![literal()]);
        m.functions[crate::FunctionId::new(0)]
            .body
            .0
            .push(Stmt::Goto(crate::LabelId::new(0)));
        assert!(problem(m).contains("label #0"));
    }

    #[test]
    fn rejects_undefined_constant_orders_scopes_and_flags() {
        let arg = |value| MemArg {
            expr: ExprId::new(0),
            value: Some(value),
            span: Span::default(),
        };
        let atomic = |order, scope| {
            ExprKind::Atomic(Box::new(AtomicCall {
                op: AtomicOp::Load,
                form: AtomicForm::Explicit,
                name_span: Span::default(),
                pointer: ExprId::new(0),
                operands: Vec::new(),
                order: Some(arg(order)),
                failure: None,
                scope: Some(arg(scope)),
                arg_spans: Vec::new(),
                returns: AtomicReturn::Natural,
            }))
        };
        assert!(Checked::new(module(vec![literal(), atomic(2, 1)])).is_ok());
        assert!(problem(module(vec![literal(), atomic(1, 1)])).contains("order 1"));
        assert!(problem(module(vec![literal(), atomic(0, 9)])).contains("scope 9"));
        let fence = ExprKind::Fence(Box::new(FenceCall {
            kind: crate::FenceKind::MemFence,
            name_span: Span::default(),
            flags: arg(8),
            order: None,
            scope: None,
        }));
        assert!(problem(module(vec![literal(), fence])).contains("fence flags 8"));
    }
}
