//! E0405 `cas-failure-stronger`: a compare-exchange failure order stronger
//! than its success order.
//!
//! **What it does.** Reports `atomic_compare_exchange_{strong,weak}_explicit`
//! whose failure order is stronger than its success order. A
//! `memory_order_release` or `memory_order_acq_rel` failure order is
//! reported by E0404 only.
//!
//! "Stronger" is read in the order in which `memory_order` declares its
//! values, relaxed < acquire < release < acq_rel < seq_cst, as the Khronos
//! conformance suite (OpenCL-CTS `c11_atomics`) and the SPIR-V validator
//! read it. So only two kinds of pair are too strong: a failure order other
//! than relaxed with success order `memory_order_relaxed`, and failure order
//! `memory_order_seq_cst` with any success order but `memory_order_seq_cst`.
//!
//! | success order          | allowed failure orders          |
//! |------------------------|---------------------------------|
//! | `memory_order_relaxed` | relaxed                         |
//! | `memory_order_acquire` | relaxed, acquire                |
//! | `memory_order_release` | relaxed, acquire                |
//! | `memory_order_acq_rel` | relaxed, acquire                |
//! | `memory_order_seq_cst` | relaxed, acquire, seq_cst       |
//!
//! **Why is this bad?** The specification requires the failure order of a
//! compare-exchange to be no stronger than its success order; a pair that
//! breaks this rule has no defined behaviour.
//!
//! **Example.**
//! ```c
//! kernel void claim(global atomic_int *slot) {
//!     int expected = 0;
//!     atomic_compare_exchange_strong_explicit(slot, &expected, 1,
//!         memory_order_relaxed, memory_order_seq_cst);  // error[E0405]
//!     atomic_compare_exchange_strong_explicit(slot, &expected, 1,
//!         memory_order_release, memory_order_acquire);  // ok
//!     atomic_compare_exchange_strong_explicit(slot, &expected, 1,
//!         memory_order_seq_cst, memory_order_seq_cst);  // ok
//! }
//! ```
//!
//! **How to fix.** The suggested fix keeps the success order and uses the
//! strongest failure order it allows; strengthening the success order
//! instead is also correct.
//!
//! **Spec.** OpenCL C 3.0 §6.15.12.7.4 (The atomic_compare_exchange
//! Functions).

use super::support::{
    allowed_failure_orders, list_orders, order_value, section, see, strongest_failure_order,
    AtomicSite,
};
use oclc_diagnostics::{Code, Diagnostic, Level};
use oclc_ir::MemoryOrder;

/// E0405.
pub static CODE: Code = Code {
    id: "E0405",
    name: "cas-failure-stronger",
    default_level: Level::Deny,
    summary: "a compare-exchange failure order cannot be stronger than its success order",
    spec: Some("OpenCL C 3.0 §6.15.12.7.4"),
    explanation: rule_doc!("cas_failure_stronger"),
};

/// Reports a failure order stronger than the success order.
pub(super) fn check(site: &AtomicSite<'_>, out: &mut Vec<Diagnostic>) {
    let (Some(success_arg), Some(failure_arg)) =
        (site.call.order.as_ref(), site.call.failure.as_ref())
    else {
        return;
    };
    let (Some(success), Some(failure)) = (order_value(success_arg), order_value(failure_arg))
    else {
        return;
    };
    if matches!(failure, MemoryOrder::Release | MemoryOrder::AcqRel) {
        return; // E0404.
    }
    let sp = site.spelling();
    let allowed = allowed_failure_orders(success);
    if allowed.contains(&failure) {
        return;
    }
    let replacement = strongest_failure_order(success);
    out.push(
        Diagnostic::new(
            &CODE,
            format!(
                "compare-exchange failure order `{}` is stronger than success order `{}`",
                failure.spelled(sp),
                success.spelled(sp)
            ),
        )
        .with_primary(failure_arg.span, "failure order")
        .with_secondary(success_arg.span, "success order")
        .with_note(format!(
            "with success order `{}`, the failure order may be {}",
            success.spelled(sp),
            list_orders(allowed, sp)
        ))
        .with_note(see(section::COMPARE_EXCHANGE))
        .with_suggestion(
            format!("use `{}`", replacement.spelled(sp)),
            failure_arg.span,
            replacement.spelled(sp),
        ),
    );
}
