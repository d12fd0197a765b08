//! W0402 `local-scope-too-wide`: an explicit scope wider than the
//! work-group on an atomic in local memory.
//!
//! **What it does.** Reports an atomic operation on a pointer into `local`
//! memory whose explicitly written scope is `memory_scope_device` or
//! `memory_scope_all_svm_devices`/`memory_scope_all_devices`. Only scopes
//! written explicitly are reported, not the device scope implied by a call
//! without a scope argument.
//!
//! **Why is this bad?** Objects in `local` memory are shared by the
//! work-items of one work-group only, so a wider scope synchronises with no
//! one more. It suggests a misunderstanding, and `memory_scope_work_group`
//! gives the same guarantees and may be cheaper.
//!
//! **Example.**
//! ```c
//! kernel void histogram(global const uchar *in, local atomic_int *bins) {
//!     uchar v = in[get_global_id(0)];
//!     atomic_fetch_add_explicit(&bins[v], 1, memory_order_relaxed,
//!                               memory_scope_device);      // warning[W0402]
//!     atomic_fetch_add_explicit(&bins[v], 1, memory_order_relaxed,
//!                               memory_scope_work_group);  // ok
//! }
//! ```
//!
//! **How to fix.** Use `memory_scope_work_group` (offered as a fix).
//!
//! **Spec.** OpenCL C 3.0 §6.7.2 (`local`) and §6.15.12.4 (Memory Scope).

use super::support::{scope_value, section, see, AtomicSite};
use oclc_diagnostics::{Code, Diagnostic, Level};
use oclc_ir::{AddressSpace, MemoryScope};

/// W0402.
pub static CODE: Code = Code {
    id: "W0402",
    name: "local-scope-too-wide",
    default_level: Level::Warn,
    summary: "an atomic on local memory has a scope wider than the work-group",
    spec: Some("OpenCL C 3.0 §6.15.12.4"),
    explanation: rule_doc!("local_scope_too_wide"),
};

/// Reports a device-or-wider scope on a local atomic.
pub(super) fn check(site: &AtomicSite<'_>, out: &mut Vec<Diagnostic>) {
    let Some(scope_arg) = site.call.scope.as_ref() else {
        return;
    };
    if site.pointer.map(|p| p.space) != Some(AddressSpace::Local) {
        return;
    }
    let Some(scope) = scope_value(scope_arg) else {
        return;
    };
    if !matches!(scope, MemoryScope::Device | MemoryScope::AllSvmDevices) {
        return;
    }
    let replacement = MemoryScope::WorkGroup.spelled(site.spelling());
    out.push(
        Diagnostic::new(
            &CODE,
            format!(
                "scope `{}` is wider than needed for an atomic on `local` memory",
                scope.spelled(site.spelling())
            ),
        )
        .with_primary(scope_arg.span, "wider than the work-group")
        .with_note("`local` memory is shared only by the work-items of one work-group")
        .with_note(format!("{} and §{}", see(section::LOCAL), section::SCOPE))
        .with_fix(format!("use `{replacement}`"), scope_arg.span, replacement),
    );
}
