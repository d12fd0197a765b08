//! E0407 `image-fence`: an image fence with the wrong flags, scope or order.
//!
//! **What it does.** Reports an `atomic_work_item_fence` whose flags include
//! `CLK_IMAGE_MEM_FENCE` when the flags also contain other bits, or (flags
//! exactly `CLK_IMAGE_MEM_FENCE`) when the scope is not
//! `memory_scope_work_item` or the order is not `memory_order_acq_rel`:
//! one diagnostic per wrong argument, each pointing at that argument with
//! its own fix. When the flags combine several memory kinds no single
//! scope is right (the image part needs work-item scope, which is invalid
//! for the others, see E0406), so only the flags are reported and the help
//! suggests a separate image fence. Also reports `work_group_barrier` with
//! `CLK_IMAGE_MEM_FENCE` and a scope other than `memory_scope_work_group`
//! (a work-item scope there is E0406's).
//!
//! **Why is this bad?** `atomic_work_item_fence(CLK_IMAGE_MEM_FENCE, ...)`
//! makes a work-item's own writes to a `read_write` image visible to its
//! later reads of that image. The specification defines this image fence
//! only with work-item scope and acquire-release ordering, and the image
//! barrier only with work-group scope.
//!
//! **Example.**
//! ```c
//! kernel void blur(read_write image2d_t img) {
//!     int2 at = (int2)(get_global_id(0), get_global_id(1));
//!     write_imagef(img, at, (float4)(0.0f));
//!     atomic_work_item_fence(CLK_IMAGE_MEM_FENCE, memory_order_seq_cst,
//!                            memory_scope_work_item);   // error[E0407]
//!     atomic_work_item_fence(CLK_IMAGE_MEM_FENCE, memory_order_acq_rel,
//!                            memory_scope_work_item);   // ok
//!     float4 v = read_imagef(img, at);
//! }
//! ```
//!
//! **How to fix.** Apply the fix offered for each wrong argument
//! (`memory_scope_work_item` and `memory_order_acq_rel` for the fence,
//! `memory_scope_work_group` for the barrier). To fence images and global
//! or local memory, use two fences: one with `CLK_IMAGE_MEM_FENCE` alone,
//! and one with the other flags and a wider scope.
//!
//! **Spec.** OpenCL C 3.0 §6.15.15.6 (Reading and Writing to the Same Image
//! in a Kernel) and §6.15.8 (Synchronization Functions).

use super::support::{order_value, scope_value, section, see, FenceSite};
use oclc_diagnostics::{Code, Diagnostic, Level};
use oclc_ir::{FenceKind, MemoryOrder, MemoryScope, FENCE_IMAGE};

/// E0407.
pub static CODE: Code = Code {
    id: "E0407",
    name: "image-fence",
    default_level: Level::Deny,
    summary:
        "an image fence needs exactly `CLK_IMAGE_MEM_FENCE`, work-item scope and acq_rel order",
    spec: Some("OpenCL C 3.0 §6.15.15.6"),
    explanation: rule_doc!("image_fence"),
};

/// Reports image fences and image barriers with wrong arguments.
pub(super) fn check(site: &FenceSite<'_>, out: &mut Vec<Diagnostic>) {
    let Some(flags) = site.flags() else { return };
    if flags & FENCE_IMAGE == 0 {
        return;
    }
    match site.call.kind {
        FenceKind::AtomicWorkItemFence => check_fence(site, flags, out),
        FenceKind::WorkGroupBarrier => check_barrier(site, out),
        _ => {}
    }
}

fn check_fence(site: &FenceSite<'_>, flags: i64, out: &mut Vec<Diagnostic>) {
    let call = site.call;
    if flags != FENCE_IMAGE {
        out.push(
            Diagnostic::new(
                &CODE,
                "`CLK_IMAGE_MEM_FENCE` cannot be combined with other flags in `atomic_work_item_fence`",
            )
            .with_primary(call.flags.span, "image and non-image flags in one fence")
            .with_note(
                "an image fence needs `memory_scope_work_item`, which is invalid for global and local memory",
            )
            .with_note(see(section::IMAGE_FENCE))
            .with_help(
                "fence images in a separate call: \
                 `atomic_work_item_fence(CLK_IMAGE_MEM_FENCE, memory_order_acq_rel, memory_scope_work_item)`",
            ),
        );
        return;
    }
    if let Some(scope_arg) = call.scope.as_ref() {
        if let Some(scope) = scope_value(scope_arg) {
            if scope != MemoryScope::WorkItem {
                out.push(wrong_argument(
                    "scope",
                    scope.name(),
                    MemoryScope::WorkItem.name(),
                    scope_arg.span,
                ));
            }
        }
    }
    if let Some(order_arg) = call.order.as_ref() {
        if let Some(order) = order_value(order_arg) {
            if order != MemoryOrder::AcqRel {
                out.push(wrong_argument(
                    "order",
                    order.name(),
                    MemoryOrder::AcqRel.name(),
                    order_arg.span,
                ));
            }
        }
    }
}

fn wrong_argument(
    what: &str,
    found: &str,
    required: &str,
    span: oclc_diagnostics::Span,
) -> Diagnostic {
    Diagnostic::new(
        &CODE,
        format!("an image fence must have {what} `{required}`, not `{found}`"),
    )
    .with_primary(span, format!("invalid {what} for `CLK_IMAGE_MEM_FENCE`"))
    .with_note(
        "`atomic_work_item_fence(CLK_IMAGE_MEM_FENCE, ...)` is only valid with \
         `memory_order_acq_rel` and `memory_scope_work_item`",
    )
    .with_note(see(section::IMAGE_FENCE))
    .with_fix(format!("use `{required}`"), span, required)
}

fn check_barrier(site: &FenceSite<'_>, out: &mut Vec<Diagnostic>) {
    let Some(scope_arg) = site.call.scope.as_ref() else {
        return;
    };
    let Some(scope) = scope_value(scope_arg) else {
        return;
    };
    // Work-item scope is E0406's.
    if matches!(scope, MemoryScope::WorkGroup | MemoryScope::WorkItem) {
        return;
    }
    let required = MemoryScope::WorkGroup.name();
    out.push(
        Diagnostic::new(
            &CODE,
            format!(
                "a barrier on image memory must have scope `{required}`, not `{}`",
                scope.name()
            ),
        )
        .with_primary(scope_arg.span, "invalid scope for `CLK_IMAGE_MEM_FENCE`")
        .with_note(
            "`work_group_barrier` with `CLK_IMAGE_MEM_FENCE` requires `memory_scope_work_group`",
        )
        .with_note(see(section::SYNCHRONIZATION))
        .with_fix(format!("use `{required}`"), scope_arg.span, required),
    );
}
