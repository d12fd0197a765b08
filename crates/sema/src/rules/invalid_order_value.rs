//! E0408 `invalid-order-value`: a constant memory order that is not a
//! `memory_order` enumerator.
//!
//! **What it does.** Reports an order or failure-order argument (of an
//! atomic function or `atomic_work_item_fence`) whose compile-time value is
//! none of `memory_order_relaxed` (0), `memory_order_acquire` (2),
//! `memory_order_release` (3), `memory_order_acq_rel` (4) and
//! `memory_order_seq_cst` (5): for example `(memory_order)7`, or 1, which
//! is C11's `memory_order_consume`. OpenCL C has no `memory_order_consume`.
//!
//! **Why is this bad?** The operation's ordering would be meaningless; the
//! generated code has no encoding for it.
//!
//! **Example.**
//! ```c
//! kernel void read(global atomic_int *p, global int *out) {
//!     out[0] = atomic_load_explicit(p, (memory_order)1);       // error[E0408]
//!     out[0] = atomic_load_explicit(p, memory_order_acquire);  // ok
//! }
//! ```
//!
//! **How to fix.** Write one of the `memory_order` enumerators by name. In
//! place of `memory_order_consume`, `memory_order_acquire` is the closest
//! valid order.
//!
//! **Spec.** OpenCL C 3.0 §6.15.12.3 (Order and Consistency).

use super::support::{atomic_args, fence_args, list_orders, section, see, ArgRole};
use super::support::{AtomicSite, FenceSite};
use oclc_diagnostics::{Code, Diagnostic, Level};
use oclc_ir::{MemArg, MemoryOrder, Spelling};

/// E0408.
pub static CODE: Code = Code {
    id: "E0408",
    name: "invalid-order-value",
    default_level: Level::Deny,
    summary: "a memory order argument is not a valid `memory_order` value",
    spec: Some("OpenCL C 3.0 §6.15.12.3"),
    explanation: rule_doc!("invalid_order_value"),
};

/// Reports invalid constant orders of an atomic call.
pub(super) fn check_atomic(site: &AtomicSite<'_>, out: &mut Vec<Diagnostic>) {
    for (role, arg) in atomic_args(site.call) {
        check_arg(role, arg, site.spelling(), out);
    }
}

/// Reports an invalid constant order of a fence.
pub(super) fn check_fence(site: &FenceSite<'_>, out: &mut Vec<Diagnostic>) {
    for (role, arg) in fence_args(site.call) {
        check_arg(role, arg, site.spelling(), out);
    }
}

fn check_arg(role: ArgRole, arg: &MemArg, spelling: Spelling, out: &mut Vec<Diagnostic>) {
    if !matches!(role, ArgRole::Order | ArgRole::FailureOrder) {
        return;
    }
    let Some(value) = arg.value else { return };
    if MemoryOrder::from_value(value).is_some() {
        return;
    }
    let mut diagnostic = Diagnostic::new(&CODE, format!("`{value}` is not a valid memory order"))
        .with_primary(arg.span, "not a `memory_order` enumerator value")
        .with_note(format!(
            "the memory orders are {}",
            list_orders(&MemoryOrder::ALL, spelling)
        ));
    if value == 1 {
        diagnostic = diagnostic.with_note(
            "1 is `memory_order_consume` in C11, which OpenCL C does not support; \
             `memory_order_acquire` is the closest valid order",
        );
    }
    out.push(diagnostic.with_note(see(section::ORDER)));
}
