//! Kernels that other functions call. OpenCL C allows calling a kernel
//! like any function, but SPIR-V forbids an entry point from being the
//! target of `OpFunctionCall`: such a kernel gets a copy that is an
//! ordinary function, and the calls go to the copy (what llvm-spirv's
//! output does too). The module is rewritten before emission, so the
//! checks, which ran on the IR as written, report nothing twice.

use oclc_ir::{ExprKind, FunctionId, Module};

/// The module with a callable copy of every called kernel, the calls
/// redirected to the copies; `None` when no kernel is called.
pub(crate) fn split_called_kernels(module: &Module) -> Option<Module> {
    let is_kernel = |id: FunctionId| module.functions.get(id).is_some_and(|f| f.kernel.is_some());
    let called = |m: &Module| {
        let mut called: Vec<FunctionId> = m
            .functions
            .iter()
            .flat_map(|f| f.exprs.iter())
            .filter_map(|e| match e.kind {
                ExprKind::Call(callee, _) if is_kernel(callee) => Some(callee),
                _ => None,
            })
            .collect();
        called.sort();
        called.dedup();
        called
    };
    let kernels = called(module);
    if kernels.is_empty() {
        return None;
    }
    let mut out = module.clone();
    let mut copy_of = vec![None; out.functions.len()];
    for kernel in kernels {
        let mut copy = out.functions[kernel].clone();
        copy.kernel = None;
        copy_of[kernel.index()] = Some(out.functions.push(copy));
    }
    for function in &mut out.functions {
        for expr in &mut function.exprs {
            if let ExprKind::Call(callee, _) = &mut expr.kind {
                if let Some(Some(copy)) = copy_of.get(callee.index()) {
                    *callee = *copy;
                }
            }
        }
    }
    Some(out)
}
