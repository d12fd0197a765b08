//! E0413 `const-atomic-store`: a modifying atomic operation through a
//! pointer to `const`.
//!
//! **What it does.** Reports every atomic function except `atomic_load`
//! (stores, exchanges, compare-exchanges, fetch-and-modify operations, the
//! flag functions, `atomic_init` and all OpenCL 1.x functions) whose
//! pointer argument points to a `const`-qualified object. Pointers into
//! `constant` memory are reported by E0412 instead.
//!
//! **Why is this bad?** All these functions write the object they point
//! to, and their pointer parameters are not `const`: the qualifier promises
//! that the object is not written through that pointer.
//!
//! **Example.**
//! ```c
//! kernel void publish(global const atomic_int *ready, global atomic_int *out) {
//!     atomic_store(ready, 1);        // error[E0413]
//!     int r = atomic_load(ready);    // ok: loads do not modify
//!     atomic_store(out, r);          // ok
//! }
//! ```
//!
//! **How to fix.** Drop `const` from the pointer (and from the kernel
//! argument it comes from) if the object is meant to be written, or only
//! load it.
//!
//! **Spec.** OpenCL C 3.0 §6.15.12.7 (Operations on Atomic Types): the
//! modifying functions take `volatile A *`, not `const volatile A *`.

use super::support::{section, see, AtomicSite};
use oclc_diagnostics::{Code, Diagnostic, Level};
use oclc_ir::{AddressSpace, AtomicOp};

/// E0413.
pub static CODE: Code = Code {
    id: "E0413",
    name: "const-atomic-store",
    default_level: Level::Deny,
    summary: "an atomic operation cannot modify a `const` object",
    spec: Some("OpenCL C 3.0 §6.15.12.7"),
    explanation: rule_doc!("const_atomic_store"),
};

/// Reports a modifying atomic through a pointer to const.
pub(super) fn check(site: &AtomicSite<'_>, out: &mut Vec<Diagnostic>) {
    let Some(pointer) = site.pointer else { return };
    if site.call.op == AtomicOp::Load
        || !pointer.quals.const_
        || pointer.space == AddressSpace::Constant
    {
        return;
    }
    out.push(
        Diagnostic::new(
            &CODE,
            format!("`{}` cannot modify a `const`-qualified object", site.name()),
        )
        .with_primary(pointer.span, "points to a `const` object")
        .with_note("only `atomic_load` accepts a pointer to `const`")
        .with_note(see(section::OPERATIONS)),
    );
}
