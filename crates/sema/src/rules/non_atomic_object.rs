//! E0411 `non-atomic-object`: a C11 atomic function on an object that does
//! not have the atomic type it requires.
//!
//! **What it does.** Reports a C11 atomic function (not the 1.x legacy
//! ones, which work on plain integers) whose pointer argument does not
//! point to an atomic type: `atomic_flag_test_and_set` and
//! `atomic_flag_clear` need a pointer to `atomic_flag`; every other one
//! (`atomic_init`, `atomic_store`, `atomic_load`, `atomic_exchange`,
//! `atomic_compare_exchange_*`, `atomic_fetch_*`) a pointer to `atomic_int`,
//! `atomic_uint`, `atomic_long`, `atomic_ulong`, `atomic_float`,
//! `atomic_double` or one of the pointer-sized atomic types
//! (`atomic_intptr_t`, `atomic_uintptr_t`, `atomic_size_t`,
//! `atomic_ptrdiff_t`). Passing an `atomic_flag` to `atomic_load` (or an
//! `atomic_int` to `atomic_flag_clear`) is reported too.
//!
//! **Why is this bad?** The C11 functions are only defined on the atomic
//! types; an ordinary object may be accessed non-atomically elsewhere,
//! which makes every access a data race.
//!
//! **Example.**
//! ```c
//! kernel void count(global int *plain, global atomic_int *counter) {
//!     atomic_fetch_add(plain, 1);    // error[E0411]
//!     atomic_fetch_add(counter, 1);  // ok
//!     atomic_add(plain, 1);          // ok: the OpenCL 1.x function takes `int *`
//! }
//! ```
//!
//! **How to fix.** Declare the object with the atomic type (kernel
//! arguments may be pointers to atomic types), or use the OpenCL 1.x
//! `atomic_*` functions on plain integers.
//!
//! **Spec.** OpenCL C 3.0 §6.15.12.7 (Operations on Atomic Types) and
//! §6.15.12.7.6 (Atomic Flag Type and Operations).

use super::support::{section, see, AtomicSite};
use crate::display::type_name;
use oclc_diagnostics::{Code, Diagnostic, Level};
use oclc_ir::{AtomicOp, Type};

/// E0411.
pub static CODE: Code = Code {
    id: "E0411",
    name: "non-atomic-object",
    default_level: Level::Deny,
    summary: "a C11 atomic function needs a pointer to an atomic type",
    spec: Some("OpenCL C 3.0 §6.15.12.7"),
    explanation: rule_doc!("non_atomic_object"),
};

/// Reports a C11 atomic call on the wrong kind of object.
pub(super) fn check(site: &AtomicSite<'_>, out: &mut Vec<Diagnostic>) {
    let op = site.call.op;
    // The GNU families work on plain objects.
    if op.is_legacy()
        || matches!(
            site.call.form,
            oclc_ir::AtomicForm::Gnu | oclc_ir::AtomicForm::Sync
        )
    {
        return;
    }
    let Some(pointer) = site.pointer else { return };
    let pointee = site.module.types.get(pointer.pointee);
    let wants_flag = matches!(op, AtomicOp::FlagTestAndSet | AtomicOp::FlagClear);
    let found = type_name(&site.module.types, pointer.pointee);
    let name = site.name();
    let diagnostic = match (wants_flag, pointee) {
        (true, Type::AtomicFlag) | (false, Type::Atomic(_)) => return,
        (true, _) => Diagnostic::new(
            &CODE,
            format!("`{name}` requires a pointer to `atomic_flag`, found a pointer to `{found}`"),
        )
        .with_primary(pointer.span, format!("points to `{found}`"))
        .with_note(see(section::FLAG)),
        (false, Type::AtomicFlag) => Diagnostic::new(
            &CODE,
            format!("`{name}` cannot be used on an `atomic_flag`"),
        )
        .with_primary(pointer.span, "points to `atomic_flag`")
        .with_help(
            "an `atomic_flag` supports only `atomic_flag_test_and_set` and `atomic_flag_clear`",
        )
        .with_note(see(section::FLAG)),
        (false, _) => Diagnostic::new(
            &CODE,
            format!("`{name}` requires a pointer to an atomic type, found a pointer to `{found}`"),
        )
        .with_primary(pointer.span, format!("points to `{found}`, not an atomic type"))
        .with_help(match pointee {
            Type::Int { bits: 32 | 64, .. } | Type::Float { bits: 32 | 64 } => format!(
                "declare the object as `atomic_{found}`, or use the OpenCL 1.x functions on plain integers"
            ),
            _ => "declare the object with an atomic type such as `atomic_int`".to_owned(),
        })
        .with_note(see(section::OPERATIONS)),
    };
    out.push(diagnostic);
}
