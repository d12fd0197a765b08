//! The atomic memory-order and memory-scope rules (codes E04xx and W04xx),
//! run on the checked IR after lowering.
//!
//! One file per rule; each declares its [`Code`] as `CODE` and documents
//! what it checks, why, with an example, how to fix it and the OpenCL C
//! 3.0 section it comes from. That `//!` documentation is the rule's only
//! description: `build.rs` turns it into `CODE.explanation` (see
//! `rule_doc!`), which `oclc lint --explain`, the SARIF rule help and
//! `docs/diagnostics.md` show.
//!
//! [`check`] walks the module once: every expression of every function is
//! visited once and dispatched to the rules interested in its kind (atomic
//! calls, fences and barriers, plain accesses to atomic objects); then the
//! program-scope rules look at the globals and the macro expansions. The
//! cost is linear in the size of the module (plus a sort of the globals).
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

use crate::Context;
use oclc_diagnostics::{Code, Diagnostic};
use oclc_ir::{ExprKind, Module};

pub(crate) mod support;
mod walk;

#[cfg(test)]
mod tests;

use support::{AtomicSite, FenceSite, PointerInfo};
use walk::StatementFacts;

/// Declares every rule once: its module, and which of its functions run
/// on each atomic call and each fence or barrier (in the order of the
/// rows, which is code order). This generates the `mod` items, [`RULES`],
/// and the per-site dispatch; rules over plain accesses and program-scope
/// declarations (no site functions here) are called from [`check`].
macro_rules! rules {
    ($($vis:vis $module:ident { atomic: $atomic:tt, fence: $fence:tt })*) => {
        $($vis mod $module;)*

        /// Every code defined by the rules, in id order.
        pub static RULES: &[&Code] = &[$(&$module::CODE,)*];

        /// Every rule about one atomic call.
        fn check_atomic(site: &AtomicSite<'_>, out: &mut Vec<Diagnostic>) {
            $(rules!(@call $module $atomic site out);)*
        }

        /// Every rule about one fence or barrier call.
        fn check_fence(site: &FenceSite<'_>, out: &mut Vec<Diagnostic>) {
            $(rules!(@call $module $fence site out);)*
        }
    };
    (@call $module:ident - $site:ident $out:ident) => {};
    (@call $module:ident $function:ident $site:ident $out:ident) => {
        $module::$function($site, $out)
    };
}

rules! {
    store_order { atomic: check, fence: - }
    load_order { atomic: check, fence: - }
    flag_clear_order { atomic: check, fence: - }
    cas_failure_order { atomic: check, fence: - }
    cas_failure_stronger { atomic: check, fence: - }
    work_item_scope { atomic: check_atomic, fence: check_fence }
    image_fence { atomic: -, fence: check }
    invalid_order_value { atomic: check_atomic, fence: check_fence }
    invalid_scope_value { atomic: check_atomic, fence: check_fence }
    invalid_fence_flags { atomic: -, fence: check }
    non_atomic_object { atomic: check, fence: - }
    constant_atomic { atomic: check, fence: - }
    const_atomic_store { atomic: check, fence: - }
    atomic_arithmetic { atomic: -, fence: - }
    atomic_var_init_placement { atomic: -, fence: - }
    local_initializer { atomic: -, fence: - }
    pub availability { atomic: check_atomic, fence: - }
    vulkan_all_devices_scope { atomic: check_atomic, fence: check_fence }
    relaxed_fence { atomic: -, fence: check }
    local_scope_too_wide { atomic: check, fence: - }
    non_constant_order { atomic: check_atomic, fence: check_fence }
    private_atomic { atomic: check, fence: - }
    weak_cas_no_retry { atomic: check, fence: - }
    deprecated_atomics { atomic: check_atomic, fence: check_fence }
    vulkan_seq_cst { atomic: check_atomic, fence: check_fence }
    seq_cst_scope { atomic: -, fence: - }
}

/// Runs every rule over `module` and returns the findings in a stable
/// order (by function, then expression, then rule; program-scope findings
/// last).
pub fn check(module: &Module, cx: &Context<'_>) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let mut seq_cst = seq_cst_scope::SeqCstOps::default();
    for function in &module.functions {
        let facts = StatementFacts::new(function);
        for (id, expr) in function.exprs.iter_with_handles() {
            match &expr.kind {
                ExprKind::Atomic(call) => {
                    let pointer = function
                        .exprs
                        .get(call.pointer)
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
                    seq_cst.atomic(&site);
                }
                ExprKind::Fence(call) => {
                    let site = FenceSite { cx, call };
                    check_fence(&site, &mut out);
                    seq_cst.fence(&site);
                }
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
    seq_cst.report(&mut out);
    out
}
