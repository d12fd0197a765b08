//! W0403 `non-constant-order`: an order, scope or fence-flags argument
//! that is not a compile-time constant.
//!
//! **What it does.** Reports each memory order, failure order, memory scope
//! or fence flags argument (of an atomic function, a fence or a barrier)
//! whose value the compiler cannot fold to a constant: a variable, a kernel
//! argument, a function result.
//!
//! **Why is this bad?** oclc checks memory orders, scopes and fence flags
//! at compile time; for such an argument none of those checks can run, and
//! the generated code must select the ordering at run time, which is
//! slower. The call still compiles.
//!
//! **Example.**
//! ```c
//! kernel void store(global atomic_int *p, int order) {
//!     atomic_store_explicit(p, 1, order);                 // warning[W0403]
//!     atomic_store_explicit(p, 1, memory_order_release);  // ok
//! }
//! ```
//!
//! **How to fix.** Prefer a constant, or a `switch` over the few orders you
//! need, with a constant in each case.
//!
//! **Spec.** OpenCL C 3.0 §6.15.12.3 (Order and Consistency),
//! §6.15.12.4 (Memory Scope) and §6.15.12.5 (Fences) list the values each
//! argument may take.

use super::support::{atomic_args, fence_args, section, see, ArgRole};
use super::support::{AtomicSite, FenceSite};
use oclc_diagnostics::{Code, Diagnostic, Level};
use oclc_ir::MemArg;

/// W0403.
pub static CODE: Code = Code {
    id: "W0403",
    name: "non-constant-order",
    default_level: Level::Warn,
    summary: "an order, scope or fence flags argument is not a compile-time constant",
    spec: Some("OpenCL C 3.0 §6.15.12.3"),
    explanation: rule_doc!("non_constant_order"),
};

/// Reports non-constant arguments of an atomic call.
pub(super) fn check_atomic(site: &AtomicSite<'_>, out: &mut Vec<Diagnostic>) {
    for (role, arg) in atomic_args(site.call) {
        check_arg(role, arg, out);
    }
}

/// Reports non-constant arguments of a fence or barrier.
pub(super) fn check_fence(site: &FenceSite<'_>, out: &mut Vec<Diagnostic>) {
    for (role, arg) in fence_args(site.call) {
        check_arg(role, arg, out);
    }
}

fn check_arg(role: ArgRole, arg: &MemArg, out: &mut Vec<Diagnostic>) {
    if arg.value.is_some() {
        return;
    }
    let section = match role {
        ArgRole::Order | ArgRole::FailureOrder => section::ORDER,
        ArgRole::Scope => section::SCOPE,
        ArgRole::Flags => section::FENCES,
    };
    out.push(
        Diagnostic::new(
            &CODE,
            format!("{} is not a compile-time constant", role.describe()),
        )
        .with_primary(arg.span, "not a constant expression")
        .with_note("its validity cannot be checked at compile time")
        .with_note("the generated code selects the behaviour at run time")
        .with_note(see(section)),
    );
}
