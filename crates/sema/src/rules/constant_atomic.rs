//! E0412 `constant-atomic`: an atomic operation on `constant` memory.
//!
//! **What it does.** Reports any atomic function, C11 or legacy (the
//! OpenCL 1.x `atomic_*` and `atom_*` ones), whose pointer argument points
//! into the `constant` address space.
//!
//! **Why is this bad?** Objects in `constant` memory are read-only for the
//! kernel, and the atomic functions accept only pointers to `global`,
//! `local` or (OpenCL C 2.0 and later) generic memory; even an atomic load
//! cannot be applied there.
//!
//! **Example.**
//! ```c
//! kernel void read(constant atomic_int *table, global atomic_int *counter) {
//!     int a = atomic_load(table);    // error[E0412]
//!     int b = atomic_load(counter);  // ok
//! }
//! ```
//!
//! **How to fix.** Pass the object through a `global` pointer instead.
//!
//! **Spec.** OpenCL C 3.0 §6.7.3 (`constant`) and §6.15.12.7 (Operations on
//! Atomic Types).

use super::support::{section, see, AtomicSite};
use oclc_diagnostics::{Code, Diagnostic, Level};
use oclc_ir::AddressSpace;

/// E0412.
pub static CODE: Code = Code {
    id: "E0412",
    name: "constant-atomic",
    default_level: Level::Deny,
    summary: "atomic operations cannot be applied to `constant` memory",
    spec: Some("OpenCL C 3.0 §6.7.3"),
    explanation: rule_doc!("constant_atomic"),
};

/// Reports an atomic on constant memory.
pub(super) fn check(site: &AtomicSite<'_>, out: &mut Vec<Diagnostic>) {
    let Some(pointer) = site.pointer else { return };
    if pointer.space != AddressSpace::Constant {
        return;
    }
    out.push(
        Diagnostic::new(
            &CODE,
            format!("`{}` cannot be applied to `constant` memory", site.name()),
        )
        .with_primary(pointer.span, "points to `constant` memory")
        .with_note("atomic functions accept pointers to `global`, `local` or generic memory")
        .with_help("pass the object in `global` memory instead")
        .with_note(format!(
            "{} and §{}",
            see(section::CONSTANT),
            section::OPERATIONS
        )),
    );
}
