//! W0407 `vulkan-seq-cst-weakened`: a seq_cst guarantee the Vulkan target
//! cannot keep.
//!
//! **What it does.** With `-target vulkan1.2` or `vulkan1.3`, reports
//! `atomic_work_item_fence` with `memory_order_seq_cst`, and
//! compare-exchange calls whose failure order is seq_cst (written, or
//! implied by the non-`_explicit` form).
//!
//! **Why is this bad?** The Vulkan memory model has no sequentially
//! consistent order; its strongest is acquire-release. oclc never weakens
//! seq_cst silently:
//!
//! * seq_cst atomic loads and stores become acquire-release
//!   read-modify-writes (`atomic_fetch_or(p, 0)`, an exchange), and seq_cst
//!   read-modify-writes stay read-modify-writes. Read-modify-writes of one
//!   location are totally ordered and each reads the latest value, so the
//!   outcomes seq_cst forbids (store buffering, IRIW) stay forbidden; the
//!   GPU litmus suite checks it.
//! * A seq_cst fence, and the failure order of a compare-exchange, order no
//!   write of their own, so that construction does not apply. oclc emits
//!   them as acquire-release (the fence) and acquire (the failed
//!   comparison) and reports this warning: code that relies on the single
//!   total order of seq_cst fences (for example Dekker-style mutual
//!   exclusion with relaxed accesses and seq_cst fences) is not guaranteed
//!   on Vulkan.
//!
//! **Example.**
//! ```c
//! kernel void k(global atomic_int *flag, global atomic_int *slot) {
//!     atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst,
//!                            memory_scope_device);        // warning[W0407] on Vulkan
//!     int expected = 0;
//!     atomic_compare_exchange_strong(slot, &expected, 1); // warning[W0407] on Vulkan
//! }
//! ```
//!
//! **How to fix.** To keep the guarantee, use seq_cst read-modify-writes
//! instead of the fence (for example `atomic_fetch_add_explicit(&dummy, 0,
//! memory_order_seq_cst, memory_scope_device)`). Otherwise write the orders
//! the algorithm needs explicitly: `memory_order_acq_rel` for the fence and
//! a failure order of `memory_order_acquire` state what Vulkan gives (the
//! suggestions), and silence the warning.
//!
//! **Spec.** OpenCL C 3.0 §6.15.12.3 (Order and Consistency); the Vulkan
//! memory model has no sequentially consistent semantics.

use super::support::{order_value, section, see, AtomicSite, FenceSite};
use oclc_diagnostics::{Code, Diagnostic, Level};
use oclc_ir::{FenceKind, MemoryOrder};

/// W0407.
pub static CODE: Code = Code {
    id: "W0407",
    name: "vulkan-seq-cst-weakened",
    default_level: Level::Warn,
    summary: "the Vulkan target weakens this seq_cst fence or compare-exchange failure order",
    spec: Some("OpenCL C 3.0 §6.15.12.3"),
    explanation: rule_doc!("vulkan_seq_cst"),
};

/// Reports a compare-exchange whose failure order is seq_cst.
pub(super) fn check_atomic(site: &AtomicSite<'_>, out: &mut Vec<Diagnostic>) {
    if !site.cx.target.env.is_vulkan() || !site.call.op.is_compare_exchange() {
        return;
    }
    let (span, written) = match site.call.failure.as_ref() {
        Some(arg) if order_value(arg) == Some(MemoryOrder::SeqCst) => (arg.span, true),
        None if site.call.form.is_implicitly_seq_cst() => (site.call.name_span, false),
        _ => return,
    };
    let mut diagnostic = Diagnostic::new(
        &CODE,
        "the Vulkan target weakens this seq_cst failure order to acquire",
    )
    .with_primary(
        span,
        if written {
            "seq_cst failure order"
        } else {
            "implies seq_cst success and failure orders"
        },
    )
    .with_note(
        "Vulkan has no seq_cst; a failed comparison writes nothing, so oclc cannot keep \
         seq_cst for it by a read-modify-write (see `oclc lint --explain W0407`)",
    )
    .with_note(see(section::ORDER));
    if written {
        diagnostic = diagnostic.with_suggestion(
            format!(
                "write `{}`, the order Vulkan gives",
                MemoryOrder::Acquire.spelled(site.spelling())
            ),
            span,
            MemoryOrder::Acquire.spelled(site.spelling()),
        );
    }
    out.push(diagnostic);
}

/// Reports a seq_cst `atomic_work_item_fence`.
pub(super) fn check_fence(site: &FenceSite<'_>, out: &mut Vec<Diagnostic>) {
    if !site.cx.target.env.is_vulkan()
        || !matches!(
            site.call.kind,
            FenceKind::AtomicWorkItemFence | FenceKind::ThreadFence
        )
    {
        return;
    }
    let Some(arg) = site.call.order.as_ref() else {
        return;
    };
    if order_value(arg) != Some(MemoryOrder::SeqCst) {
        return;
    }
    out.push(
        Diagnostic::new(
            &CODE,
            "the Vulkan target weakens this seq_cst fence to acquire-release",
        )
        .with_primary(arg.span, "seq_cst fence")
        .with_note(
            "Vulkan has no seq_cst; the total order of seq_cst fences is not kept (see \
             `oclc lint --explain W0407`)",
        )
        .with_note(see(section::FENCES))
        .with_suggestion(
            format!(
                "write `{}`, the order Vulkan gives",
                MemoryOrder::AcqRel.spelled(site.spelling())
            ),
            arg.span,
            MemoryOrder::AcqRel.spelled(site.spelling()),
        ),
    );
}
