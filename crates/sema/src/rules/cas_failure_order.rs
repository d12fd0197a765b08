//! E0404 `cas-failure-order`: a compare-exchange failure order with
//! release semantics.
//!
//! **What it does.** Reports `atomic_compare_exchange_{strong,weak}_explicit`
//! whose failure order (the second order argument) is
//! `memory_order_release` or `memory_order_acq_rel`.
//!
//! **Why is this bad?** When a compare-exchange finds a value different from
//! the expected one, it performs no write: it only loads the current value
//! into `*expected`. The failure order therefore describes a load, and a
//! load cannot release. The specification forbids these failure orders. (The
//! failure order must also be no stronger than the success order; that is
//! E0405.)
//!
//! **Example.**
//! ```c
//! kernel void bump(global atomic_int *p) {
//!     int expected = atomic_load_explicit(p, memory_order_relaxed);
//!     while (!atomic_compare_exchange_weak_explicit(p, &expected, expected + 1,
//!             memory_order_acq_rel, memory_order_release)) {}  // error[E0404]
//!     while (!atomic_compare_exchange_weak_explicit(p, &expected, expected + 1,
//!             memory_order_acq_rel, memory_order_acquire)) {}  // ok
//! }
//! ```
//!
//! **How to fix.** The suggested fix is the strongest failure order the
//! success order allows: `memory_order_seq_cst` for `memory_order_seq_cst`,
//! `memory_order_relaxed` for `memory_order_relaxed`, otherwise
//! `memory_order_acquire`.
//!
//! **Spec.** OpenCL C 3.0 §6.15.12.7.4 (The atomic_compare_exchange
//! Functions).

use super::support::{list_orders, order_value, section, see, strongest_failure_order, AtomicSite};
use oclc_diagnostics::{Code, Diagnostic, Level};
use oclc_ir::MemoryOrder;

/// E0404.
pub static CODE: Code = Code {
    id: "E0404",
    name: "cas-failure-order",
    default_level: Level::Deny,
    summary: "a compare-exchange failure order cannot be release or acq_rel",
    spec: Some("OpenCL C 3.0 §6.15.12.7.4"),
    explanation: rule_doc!("cas_failure_order"),
};

/// Reports a failure order that is a release.
pub(super) fn check(site: &AtomicSite<'_>, out: &mut Vec<Diagnostic>) {
    let Some(failure_arg) = site.call.failure.as_ref() else {
        return;
    };
    let Some(failure) = order_value(failure_arg) else {
        return;
    };
    if !matches!(failure, MemoryOrder::Release | MemoryOrder::AcqRel) {
        return;
    }
    let sp = site.spelling();
    let success = site.order();
    let replacement = success
        .map(strongest_failure_order)
        .unwrap_or(MemoryOrder::Relaxed);
    let allowed = match success {
        Some(success) => format!(
            "with success order `{}`, the failure order may be {}",
            success.spelled(sp),
            list_orders(super::support::allowed_failure_orders(success), sp)
        ),
        None => format!(
            "a failure order may be {}, and no stronger than the success order",
            list_orders(
                &[
                    MemoryOrder::Relaxed,
                    MemoryOrder::Acquire,
                    MemoryOrder::SeqCst
                ],
                sp
            )
        ),
    };
    out.push(
        Diagnostic::new(
            &CODE,
            format!(
                "compare-exchange failure order cannot be `{}`",
                failure.spelled(sp)
            ),
        )
        .with_primary(
            failure_arg.span,
            "a failed compare-exchange only loads, and a load cannot release",
        )
        .with_note(allowed)
        .with_note(see(section::COMPARE_EXCHANGE))
        .with_suggestion(
            format!("use `{}`", replacement.spelled(sp)),
            failure_arg.span,
            replacement.spelled(sp),
        ),
    );
}
