//! E0409 `invalid-scope-value`: a constant memory scope that is not a
//! `memory_scope` enumerator.
//!
//! **What it does.** Reports a scope argument (of an atomic function,
//! `atomic_work_item_fence` or `work_group_barrier`) whose compile-time
//! value is none of `memory_scope_work_item` (0),
//! `memory_scope_work_group` (1), `memory_scope_device` (2),
//! `memory_scope_all_svm_devices` or its alias `memory_scope_all_devices`
//! (3) and `memory_scope_sub_group` (4).
//!
//! **Why is this bad?** The set of work-items the operation synchronises
//! with would be undefined; the generated code has no encoding for it.
//!
//! **Example.**
//! ```c
//! kernel void count(global atomic_int *p) {
//!     atomic_fetch_add_explicit(p, 1, memory_order_relaxed, (memory_scope)9);      // error[E0409]
//!     atomic_fetch_add_explicit(p, 1, memory_order_relaxed, memory_scope_device);  // ok
//! }
//! ```
//!
//! **How to fix.** Write one of the `memory_scope` enumerators by name.
//!
//! **Spec.** OpenCL C 3.0 §6.15.12.4 (Memory Scope).

use super::support::{atomic_args, fence_args, list, section, see, ArgRole};
use super::support::{AtomicSite, FenceSite};
use oclc_diagnostics::{Code, Diagnostic, Level};
use oclc_ir::{MemArg, MemoryScope, Spelling};

/// E0409.
pub static CODE: Code = Code {
    id: "E0409",
    name: "invalid-scope-value",
    default_level: Level::Deny,
    summary: "a memory scope argument is not a valid `memory_scope` value",
    spec: Some("OpenCL C 3.0 §6.15.12.4"),
    explanation: rule_doc!("invalid_scope_value"),
};

/// Reports invalid constant scopes of an atomic call.
pub(super) fn check_atomic(site: &AtomicSite<'_>, out: &mut Vec<Diagnostic>) {
    for (role, arg) in atomic_args(site.call) {
        check_arg(role, arg, site.spelling(), out);
    }
}

/// Reports an invalid constant scope of a fence or barrier.
pub(super) fn check_fence(site: &FenceSite<'_>, out: &mut Vec<Diagnostic>) {
    for (role, arg) in fence_args(site.call) {
        check_arg(role, arg, site.spelling(), out);
    }
}

fn check_arg(role: ArgRole, arg: &MemArg, spelling: Spelling, out: &mut Vec<Diagnostic>) {
    if role != ArgRole::Scope {
        return;
    }
    let Some(value) = arg.value else { return };
    if MemoryScope::from_value(value).is_some() {
        return;
    }
    out.push(
        Diagnostic::new(&CODE, format!("`{value}` is not a valid memory scope"))
            .with_primary(arg.span, "not a `memory_scope` enumerator value")
            .with_note(format!(
                "the memory scopes are {}",
                list(MemoryScope::ALL.iter().map(|s| s.spelled(spelling)))
            ))
            .with_note(see(section::SCOPE)),
    );
}
