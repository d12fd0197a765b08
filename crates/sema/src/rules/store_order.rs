//! E0401 `store-order`: an atomic store with acquire semantics.
//!
//! **What it does.** Reports `atomic_store_explicit` whose order argument
//! is `memory_order_acquire` or `memory_order_acq_rel`. The orders allowed
//! on a store are `memory_order_relaxed`, `memory_order_release` and
//! `memory_order_seq_cst`.
//!
//! **Why is this bad?** A store only writes memory: it can publish earlier
//! writes (`release`), but an acquire ordering constrains what a *read*
//! makes visible, and a store reads nothing. The specification forbids
//! these orders on a store, and the behaviour of such a call is undefined.
//!
//! **Example.**
//! ```c
//! kernel void publish(global int *data, global atomic_int *ready) {
//!     data[0] = 42;
//!     atomic_store_explicit(ready, 1, memory_order_acquire);  // error[E0401]
//!     atomic_store_explicit(ready, 1, memory_order_release);  // ok
//! }
//! ```
//!
//! **How to fix.** Use `memory_order_release` (the suggested fix). For a
//! store that must both order earlier writes and be ordered with later
//! reads, use `memory_order_seq_cst`, or an `atomic_exchange_explicit` with
//! `memory_order_acq_rel`.
//!
//! **Spec.** OpenCL C 3.0 §6.15.12.7.1 (The atomic_store Functions).

use super::support::{section, AtomicSite, ForbiddenOrder};
use oclc_diagnostics::{Code, Diagnostic, Level};
use oclc_ir::{AtomicOp, MemoryOrder};

/// E0401.
pub static CODE: Code = Code {
    id: "E0401",
    name: "store-order",
    default_level: Level::Deny,
    summary: "an atomic store cannot have acquire or acq_rel ordering",
    spec: Some("OpenCL C 3.0 §6.15.12.7.1"),
    explanation: rule_doc!("store_order"),
};

/// Reports a store with an acquire ordering.
pub(super) fn check(site: &AtomicSite<'_>, out: &mut Vec<Diagnostic>) {
    if site.call.op != AtomicOp::Store {
        return;
    }
    ForbiddenOrder {
        code: &CODE,
        operation: "atomic store",
        allowed: AtomicOp::Store.allowed_orders(),
        replacement: |_| MemoryOrder::Release,
        spelling: site.spelling(),
        section: section::STORE,
    }
    .check(site.call.order.as_ref(), out);
}
