//! E0403 `flag-clear-order`: `atomic_flag_clear` with acquire semantics.
//!
//! **What it does.** Reports `atomic_flag_clear_explicit` whose order
//! argument is `memory_order_acquire` or `memory_order_acq_rel`. The orders
//! allowed are `memory_order_relaxed`, `memory_order_release` and
//! `memory_order_seq_cst`.
//!
//! **Why is this bad?** Clearing a flag stores the clear state into it; like
//! any atomic store it cannot acquire. It is typically the unlock of a spin
//! lock, which must *release* the writes made while holding the lock. The
//! specification forbids acquire orderings on it.
//!
//! **Example.**
//! ```c
//! global atomic_flag lock = ATOMIC_FLAG_INIT;
//! kernel void critical(global int *counter) {
//!     while (atomic_flag_test_and_set_explicit(&lock, memory_order_acquire)) {}
//!     counter[0] += 1;
//!     atomic_flag_clear_explicit(&lock, memory_order_acq_rel);  // error[E0403]
//!     atomic_flag_clear_explicit(&lock, memory_order_release);  // ok
//! }
//! ```
//!
//! **How to fix.** Use `memory_order_release` (the suggested fix), or
//! `memory_order_seq_cst`.
//!
//! **Spec.** OpenCL C 3.0 §6.15.12.7.8 (The atomic_flag_clear Functions).

use super::support::{section, AtomicSite, ForbiddenOrder};
use oclc_diagnostics::{Code, Diagnostic, Level};
use oclc_ir::{AtomicOp, MemoryOrder};

/// E0403.
pub static CODE: Code = Code {
    id: "E0403",
    name: "flag-clear-order",
    default_level: Level::Deny,
    summary: "`atomic_flag_clear` cannot have acquire or acq_rel ordering",
    spec: Some("OpenCL C 3.0 §6.15.12.7.8"),
    explanation: rule_doc!("flag_clear_order"),
};

/// Reports a flag clear with an acquire ordering.
pub(super) fn check(site: &AtomicSite<'_>, out: &mut Vec<Diagnostic>) {
    if site.call.op != AtomicOp::FlagClear {
        return;
    }
    ForbiddenOrder {
        code: &CODE,
        operation: &if site.spelling() == oclc_ir::Spelling::OpenCl {
            "`atomic_flag_clear`".to_owned()
        } else {
            format!("`{}`", site.name())
        },
        allowed: AtomicOp::FlagClear.allowed_orders(),
        replacement: |_| MemoryOrder::Release,
        spelling: site.spelling(),
        section: section::FLAG_CLEAR,
    }
    .check(site.call.order.as_ref(), out);
}
