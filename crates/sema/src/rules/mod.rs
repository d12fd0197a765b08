//! The atomic memory-order and memory-scope rules (codes E04xx and W04xx),
//! run on the checked IR after lowering.
//!
//! One file per rule; each declares its [`Code`] as `CODE` and documents
//! what it checks, why, with an example and the OpenCL C 3.0 section it
//! comes from. [`check`] walks the module once: every expression of every
//! function is visited once and dispatched to the rules interested in its
//! kind (atomic calls, fences and barriers, plain accesses to atomic
//! objects); then the program-scope rules look at the globals and the
//! macro expansions. The cost is linear in the size of the module (plus a
//! sort of the globals).
//!
//! Rules only report; they never change the IR. Every diagnostic is
//! emitted at its code's default level; the driver applies `-W`/`--allow`
//! (so `Allow`-level lints such as `deprecated-atomics` are emitted here
//! and filtered there).
//!
//! Argument checks are layered so one mistake gives one diagnostic: an
//! argument that is not a compile-time constant gets only
//! `non-constant-order`; a constant that is not a valid enumerator gets
//! only `invalid-order-value`/`invalid-scope-value`/`invalid-fence-flags`;
//! every other rule looks only at valid constants.

use oclc_diagnostics::{Code, Diagnostic, SourceMap};
use oclc_ir::{ExprId, ExprKind, Module};
use oclc_preprocessor::{Preprocessed, Target};

pub mod availability;
mod support;
mod walk;

mod atomic_arithmetic;
mod atomic_var_init_placement;
mod cas_failure_order;
mod cas_failure_stronger;
mod const_atomic_store;
mod constant_atomic;
mod deprecated_atomics;
mod flag_clear_order;
mod image_fence;
mod invalid_fence_flags;
mod invalid_order_value;
mod invalid_scope_value;
mod load_order;
mod local_initializer;
mod local_scope_too_wide;
mod non_atomic_object;
mod non_constant_order;
mod private_atomic;
mod relaxed_fence;
mod store_order;
mod vulkan_all_devices_scope;
mod vulkan_seq_cst;
mod weak_cas_no_retry;
mod work_item_scope;

#[cfg(test)]
mod tests;

use support::{AtomicSite, FenceSite, PointerInfo};
use walk::StatementFacts;

/// What the rules need besides the module.
#[derive(Clone, Copy, Debug)]
pub struct RuleContext<'a> {
    /// The target (language version and features).
    pub target: &'a Target,
    /// The preprocessor's output (macro expansions, for
    /// `ATOMIC_VAR_INIT`).
    pub pp: &'a Preprocessed,
    /// The sources (to quote arguments in messages and fixes).
    pub sources: &'a SourceMap,
}

/// Every code defined by the rules, in id order.
pub static RULES: &[&Code] = &[
    &store_order::CODE,
    &load_order::CODE,
    &flag_clear_order::CODE,
    &cas_failure_order::CODE,
    &cas_failure_stronger::CODE,
    &work_item_scope::CODE,
    &image_fence::CODE,
    &invalid_order_value::CODE,
    &invalid_scope_value::CODE,
    &invalid_fence_flags::CODE,
    &non_atomic_object::CODE,
    &constant_atomic::CODE,
    &const_atomic_store::CODE,
    &atomic_arithmetic::CODE,
    &atomic_var_init_placement::CODE,
    &local_initializer::CODE,
    &availability::CODE,
    &vulkan_all_devices_scope::CODE,
    &relaxed_fence::CODE,
    &local_scope_too_wide::CODE,
    &non_constant_order::CODE,
    &private_atomic::CODE,
    &weak_cas_no_retry::CODE,
    &deprecated_atomics::CODE,
    &vulkan_seq_cst::CODE,
];

/// Runs every rule over `module` and returns the findings in a stable
/// order (by function, then expression, then rule; program-scope findings
/// last).
pub fn check(module: &Module, cx: &RuleContext<'_>) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for function in &module.functions {
        let facts = StatementFacts::compute(function);
        for (index, expr) in function.exprs.iter().enumerate() {
            let id = ExprId(index as u32);
            match &expr.kind {
                ExprKind::Atomic(call) => {
                    let pointer = function
                        .exprs
                        .get(call.pointer.0 as usize)
                        .and_then(|p| PointerInfo::of(module, p));
                    let site = AtomicSite {
                        cx,
                        module,
                        function,
                        facts: &facts,
                        id,
                        call,
                        pointer,
                    };
                    check_atomic(&site, &mut out);
                }
                ExprKind::Fence(call) => check_fence(&FenceSite { cx, call }, &mut out),
                ExprKind::Load(_)
                | ExprKind::Store { .. }
                | ExprKind::IncDec { .. }
                | ExprKind::CompoundAssign { .. } => {
                    atomic_arithmetic::check(module, function, &facts, cx, id, &mut out);
                }
                _ => {}
            }
        }
    }
    atomic_var_init_placement::check(module, cx, &mut out);
    local_initializer::check(module, &mut out);
    out
}

/// Every rule about one atomic call.
fn check_atomic(site: &AtomicSite<'_>, out: &mut Vec<Diagnostic>) {
    non_constant_order::check_atomic(site, out);
    invalid_order_value::check_atomic(site, out);
    invalid_scope_value::check_atomic(site, out);
    store_order::check(site, out);
    load_order::check(site, out);
    flag_clear_order::check(site, out);
    cas_failure_order::check(site, out);
    cas_failure_stronger::check(site, out);
    work_item_scope::check_atomic(site, out);
    local_scope_too_wide::check(site, out);
    non_atomic_object::check(site, out);
    constant_atomic::check(site, out);
    const_atomic_store::check(site, out);
    private_atomic::check(site, out);
    weak_cas_no_retry::check(site, out);
    availability::check_atomic(site, out);
    deprecated_atomics::check_atomic(site, out);
    vulkan_all_devices_scope::check_atomic(site, out);
    vulkan_seq_cst::check_atomic(site, out);
}

/// Every rule about one fence or barrier call.
fn check_fence(site: &FenceSite<'_>, out: &mut Vec<Diagnostic>) {
    non_constant_order::check_fence(site, out);
    invalid_fence_flags::check(site, out);
    invalid_order_value::check_fence(site, out);
    invalid_scope_value::check_fence(site, out);
    work_item_scope::check_fence(site, out);
    image_fence::check(site, out);
    relaxed_fence::check(site, out);
    deprecated_atomics::check_fence(site, out);
    vulkan_all_devices_scope::check_fence(site, out);
    vulkan_seq_cst::check_fence(site, out);
}
