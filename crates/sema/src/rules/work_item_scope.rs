//! E0406 `work-item-scope`: `memory_scope_work_item` where it is not
//! allowed.
//!
//! **What it does.** Reports `memory_scope_work_item` as the scope of an
//! atomic operation, of `work_group_barrier`, or of an
//! `atomic_work_item_fence` whose flags do not include
//! `CLK_IMAGE_MEM_FENCE` (a fence on global or local memory). A fence whose
//! flags combine the image flag with others is reported by E0407 instead.
//!
//! **Why is this bad?** Work-item scope synchronises a work-item with
//! itself. The specification allows it only for the image fence,
//! `atomic_work_item_fence(CLK_IMAGE_MEM_FENCE, ...)`, which makes a
//! work-item's own image writes visible to its later image reads; atomic
//! operations, fences on global or local memory and barriers are about
//! other work-items.
//!
//! **Example.**
//! ```c
//! kernel void count(global atomic_int *hits, local atomic_int *tile) {
//!     atomic_fetch_add_explicit(hits, 1, memory_order_relaxed,
//!                               memory_scope_work_item);   // error[E0406]
//!     atomic_fetch_add_explicit(hits, 1, memory_order_relaxed,
//!                               memory_scope_device);      // ok
//!     atomic_fetch_add_explicit(tile, 1, memory_order_relaxed,
//!                               memory_scope_work_group);  // ok
//! }
//! ```
//!
//! **How to fix.** Name the work-items that must see the operation. The
//! suggested scope is `memory_scope_work_group` for an atomic object in
//! `local` memory, for a barrier and for a fence on local memory only, and
//! `memory_scope_device` otherwise.
//!
//! **Spec.** OpenCL C 3.0 §6.15.12.4 (Memory Scope).

use super::support::{scope_value, section, see, AtomicSite, FenceSite};
use oclc_diagnostics::{Code, Diagnostic, Level, Span};
use oclc_ir::{AddressSpace, FenceKind, MemoryScope, Spelling, FENCE_GLOBAL, FENCE_IMAGE};

/// E0406.
pub static CODE: Code = Code {
    id: "E0406",
    name: "work-item-scope",
    default_level: Level::Deny,
    summary: "`memory_scope_work_item` is only valid for image fences",
    spec: Some("OpenCL C 3.0 §6.15.12.4"),
    explanation: rule_doc!("work_item_scope"),
};

/// Reports a work-item scope on an atomic operation.
pub(super) fn check_atomic(site: &AtomicSite<'_>, out: &mut Vec<Diagnostic>) {
    let Some(scope) = site.call.scope.as_ref() else {
        return;
    };
    if scope_value(scope) != Some(MemoryScope::WorkItem) {
        return;
    }
    let local = site.pointer.is_some_and(|p| p.space == AddressSpace::Local);
    let replacement = if local {
        MemoryScope::WorkGroup
    } else {
        MemoryScope::Device
    };
    out.push(report(
        "an atomic operation",
        scope.span,
        replacement,
        site.spelling(),
        if local {
            "the object is in `local` memory, shared by the work-group"
        } else {
            "atomic operations on global memory are usually device-wide"
        },
    ));
}

/// Reports a work-item scope on a barrier or a non-image fence.
pub(super) fn check_fence(site: &FenceSite<'_>, out: &mut Vec<Diagnostic>) {
    let Some(scope) = site.call.scope.as_ref() else {
        return;
    };
    if scope_value(scope) != Some(MemoryScope::WorkItem) {
        return;
    }
    match site.call.kind {
        FenceKind::AtomicWorkItemFence => {
            // Image fences (alone or combined) are E0407's business; flags
            // that are not a valid constant cannot be judged.
            let Some(flags) = site.flags() else { return };
            if flags & FENCE_IMAGE != 0 {
                return;
            }
            let replacement = if flags & FENCE_GLOBAL != 0 {
                MemoryScope::Device
            } else {
                MemoryScope::WorkGroup
            };
            out.push(report(
                "a fence on global or local memory",
                scope.span,
                replacement,
                site.spelling(),
                "a fence orders memory operations between work-items",
            ));
        }
        _ => out.push(report(
            &format!("`{}`", site.call.kind.name()),
            scope.span,
            MemoryScope::WorkGroup,
            site.spelling(),
            "a barrier synchronises the work-items of a work-group",
        )),
    }
}

fn report(
    what: &str,
    span: Span,
    replacement: MemoryScope,
    spelling: Spelling,
    why: &str,
) -> Diagnostic {
    Diagnostic::new(
        &CODE,
        format!(
            "`{}` cannot be used with {what}",
            MemoryScope::WorkItem.spelled(spelling)
        ),
    )
    .with_primary(span, "work-item scope is only valid for image fences")
    .with_note(
        "`memory_scope_work_item` is only allowed in \
         `atomic_work_item_fence(CLK_IMAGE_MEM_FENCE, memory_order_acq_rel, memory_scope_work_item)`",
    )
    .with_note(see(section::SCOPE))
    .with_suggestion(
        format!("use `{}`: {why}", replacement.spelled(spelling)),
        span,
        replacement.spelled(spelling),
    )
}
