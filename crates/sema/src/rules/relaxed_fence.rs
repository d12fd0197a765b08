//! W0401 `relaxed-fence`: a fence with relaxed ordering.
//!
//! **What it does.** Reports `atomic_work_item_fence` whose order is
//! `memory_order_relaxed` (except image fences, where E0407 reports the
//! order).
//!
//! **Why is this bad?** A fence with `memory_order_relaxed` orders nothing:
//! the specification defines it to have no effect. The author almost
//! certainly meant an acquire, release or acquire-release fence.
//!
//! **Example.**
//! ```c
//! kernel void sync(global int *data, global atomic_int *flag) {
//!     data[0] = 1;
//!     atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_relaxed,
//!                            memory_scope_device);   // warning[W0401]
//!     atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release,
//!                            memory_scope_device);   // ok
//!     atomic_store_explicit(flag, 1, memory_order_relaxed);
//! }
//! ```
//!
//! **How to fix.** Use `memory_order_acquire` after reading a flag,
//! `memory_order_release` before writing one, or `memory_order_acq_rel`
//! (the suggested fix) for both. If no ordering is needed, remove the
//! fence.
//!
//! **Spec.** OpenCL C 3.0 §6.15.12.5 (Fences).

use super::support::{list_orders, order_value, section, see, FenceSite};
use oclc_diagnostics::{Code, Diagnostic, Level};
use oclc_ir::{FenceKind, MemoryOrder, FENCE_IMAGE};

/// W0401.
pub static CODE: Code = Code {
    id: "W0401",
    name: "relaxed-fence",
    default_level: Level::Warn,
    summary: "`atomic_work_item_fence` with `memory_order_relaxed` has no effect",
    spec: Some("OpenCL C 3.0 §6.15.12.5"),
    explanation: rule_doc!("relaxed_fence"),
};

/// Reports a relaxed fence.
pub(super) fn check(site: &FenceSite<'_>, out: &mut Vec<Diagnostic>) {
    let Some(order_arg) = site.call.order.as_ref() else {
        return;
    };
    if order_value(order_arg) != Some(MemoryOrder::Relaxed) {
        return;
    }
    if site.call.flags.value.is_some_and(|f| f & FENCE_IMAGE != 0) {
        return; // E0407 reports the order of image fences.
    }
    if site.call.kind == FenceKind::SignalFence {
        return; // Orders nothing whatever its order.
    }
    let sp = site.spelling();
    let acq_rel = MemoryOrder::AcqRel.spelled(sp);
    out.push(
        Diagnostic::new(
            &CODE,
            format!(
                "`{}` with `{}` has no effect",
                site.name(),
                MemoryOrder::Relaxed.spelled(sp)
            ),
        )
        .with_primary(order_arg.span, "a relaxed fence orders nothing")
        .with_note(format!(
            "use {}",
            list_orders(
                &[
                    MemoryOrder::Acquire,
                    MemoryOrder::Release,
                    MemoryOrder::AcqRel,
                    MemoryOrder::SeqCst
                ],
                sp
            )
        ))
        .with_note(see(section::FENCES))
        .with_suggestion(format!("use `{acq_rel}`"), order_arg.span, acq_rel),
    );
}
