//! E0410 `invalid-fence-flags`: constant fence flags with unknown bits.
//!
//! **What it does.** Reports the `cl_mem_fence_flags` argument of
//! `barrier`, `work_group_barrier`, `mem_fence`, `read_mem_fence`,
//! `write_mem_fence` or `atomic_work_item_fence` when its compile-time value
//! has bits other than `CLK_LOCAL_MEM_FENCE` (1), `CLK_GLOBAL_MEM_FENCE`
//! (2) and `CLK_IMAGE_MEM_FENCE` (4).
//!
//! **Why is this bad?** The flags must be 0 or a bitwise OR of those
//! values; anything else has undefined behaviour.
//!
//! **Example.**
//! ```c
//! kernel void sync(local int *tile) {
//!     barrier(8);                    // error[E0410]
//!     barrier(CLK_LOCAL_MEM_FENCE);  // ok
//! }
//! ```
//!
//! **How to fix.** Combine the named flags with `|`, for example
//! `CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE`.
//!
//! **Spec.** OpenCL C 3.0 §6.15.12.5 (Fences) and §6.15.8
//! (Synchronization Functions).

use super::support::{section, see, valid_fence_flags, FenceSite};
use oclc_diagnostics::{Code, Diagnostic, Level};

/// E0410.
pub static CODE: Code = Code {
    id: "E0410",
    name: "invalid-fence-flags",
    default_level: Level::Deny,
    summary: "fence flags must combine `CLK_LOCAL_MEM_FENCE`, `CLK_GLOBAL_MEM_FENCE` and `CLK_IMAGE_MEM_FENCE`",
    spec: Some("OpenCL C 3.0 §6.15.12.5"),
    explanation: rule_doc!("invalid_fence_flags"),
};

/// Reports constant flags with unknown bits.
pub(super) fn check(site: &FenceSite<'_>, out: &mut Vec<Diagnostic>) {
    let flags = &site.call.flags;
    let Some(value) = flags.value else { return };
    if valid_fence_flags(value) {
        return;
    }
    let section = if site.call.kind == oclc_ir::FenceKind::AtomicWorkItemFence {
        section::FENCES
    } else {
        section::SYNCHRONIZATION
    };
    out.push(
        Diagnostic::new(
            &CODE,
            format!("`{value}` is not a valid combination of memory fence flags"),
        )
        .with_primary(flags.span, "unknown fence flag bits")
        .with_note(
            "fence flags combine `CLK_LOCAL_MEM_FENCE` (1), `CLK_GLOBAL_MEM_FENCE` (2) \
             and `CLK_IMAGE_MEM_FENCE` (4)",
        )
        .with_note(see(section)),
    );
}
