//! W0404 `private-atomic`: an atomic operation on `private` memory.
//!
//! **What it does.** Reports an atomic function whose pointer argument
//! points into the `private` address space (a function-scope variable, or
//! a pointer the compiler knows to be private).
//!
//! **Why is this bad?** The specification leaves atomic operations on
//! private objects undefined. Private objects are visible only to the
//! work-item that owns them, so there is nothing to synchronise with
//! anyway.
//!
//! **Example.**
//! ```c
//! kernel void k(global atomic_int *shared) {
//!     atomic_int mine;
//!     atomic_init(&mine, 0);               // warning[W0404]
//!     atomic_fetch_add(shared, 1);         // ok
//! }
//! ```
//!
//! **How to fix.** Use an ordinary variable, or put the atomic object in
//! `global` or `local` memory if other work-items must see it.
//!
//! **Spec.** OpenCL C 3.0 §6.15.12.10 (Restrictions).

use super::support::{section, see, AtomicSite};
use oclc_diagnostics::{Code, Diagnostic, Level};
use oclc_ir::AddressSpace;

/// W0404.
pub static CODE: Code = Code {
    id: "W0404",
    name: "private-atomic",
    default_level: Level::Warn,
    summary: "an atomic operation on `private` memory has undefined behaviour",
    spec: Some("OpenCL C 3.0 §6.15.12.10"),
    explanation: rule_doc!("private_atomic"),
};

/// Reports an atomic on private memory.
pub(super) fn check(site: &AtomicSite<'_>, out: &mut Vec<Diagnostic>) {
    let Some(pointer) = site.pointer else { return };
    if pointer.space != AddressSpace::Private {
        return;
    }
    out.push(
        Diagnostic::new(
            &CODE,
            format!(
                "`{}` on an object in `private` memory has undefined behaviour",
                site.name()
            ),
        )
        .with_primary(pointer.span, "points to `private` memory")
        .with_note("private memory is visible to one work-item only")
        .with_help("use a plain variable, or put the object in `global` or `local` memory")
        .with_note(see(section::RESTRICTIONS)),
    );
}
