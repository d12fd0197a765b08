//! E0402 `load-order`: an atomic load with release semantics.
//!
//! **What it does.** Reports `atomic_load_explicit` whose order argument is
//! `memory_order_release` or `memory_order_acq_rel`. The orders allowed on
//! a load are `memory_order_relaxed`, `memory_order_acquire` and
//! `memory_order_seq_cst`.
//!
//! **Why is this bad?** A load only reads memory: it can acquire data
//! published by a release operation, but a release ordering publishes the
//! work-item's earlier *writes* through a write to the atomic object, which
//! a load never performs. The specification forbids these orders on a load.
//!
//! **Example.**
//! ```c
//! kernel void consume(global int *data, global atomic_int *ready, global int *out) {
//!     while (atomic_load_explicit(ready, memory_order_release) == 0) {}  // error[E0402]
//!     while (atomic_load_explicit(ready, memory_order_acquire) == 0) {}  // ok
//!     out[0] = data[0];
//! }
//! ```
//!
//! **How to fix.** Use `memory_order_acquire` (the suggested fix), or
//! `memory_order_seq_cst`.
//!
//! **Spec.** OpenCL C 3.0 §6.15.12.7.2 (The atomic_load Functions).

use super::support::{section, AtomicSite, ForbiddenOrder};
use oclc_diagnostics::{Code, Diagnostic, Level};
use oclc_ir::{AtomicOp, MemoryOrder};

/// E0402.
pub static CODE: Code = Code {
    id: "E0402",
    name: "load-order",
    default_level: Level::Deny,
    summary: "an atomic load cannot have release or acq_rel ordering",
    spec: Some("OpenCL C 3.0 §6.15.12.7.2"),
    explanation: rule_doc!("load_order"),
};

/// Reports a load with a release ordering.
pub(super) fn check(site: &AtomicSite<'_>, out: &mut Vec<Diagnostic>) {
    if site.call.op != AtomicOp::Load {
        return;
    }
    ForbiddenOrder {
        code: &CODE,
        operation: "atomic load",
        allowed: AtomicOp::Load.allowed_orders(),
        replacement: |_| MemoryOrder::Acquire,
        spelling: site.spelling(),
        section: section::LOAD,
    }
    .check(site.call.order.as_ref(), out);
}
