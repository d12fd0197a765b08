//! E0416 `local-initializer`: a `local` variable with an initializer.
//!
//! **What it does.** Reports a variable in the `local` address space
//! (declared in a kernel) that has an initializer, atomic or not.
//!
//! **Why is this bad?** `local` variables are allocated per work-group and
//! shared by its work-items; they cannot have an initializer, since every
//! work-item executing the declaration would otherwise race to write it.
//!
//! **Example.**
//! ```c
//! kernel void k(global int *out) {
//!     local atomic_int n = ATOMIC_VAR_INIT(0);  // error[E0416]
//!     local atomic_int m;                       // ok
//!     if (get_local_id(0) == 0)
//!         atomic_init(&m, 0);
//!     work_group_barrier(CLK_LOCAL_MEM_FENCE);
//!     atomic_fetch_add_explicit(&m, 1, memory_order_relaxed, memory_scope_work_group);
//! }
//! ```
//!
//! **How to fix.** Remove the initializer. Set the value from one
//! work-item (for an atomic object, with `atomic_init`) and make it visible
//! to the others with a barrier on local memory, as for `m` above.
//!
//! **Spec.** OpenCL C 3.0 §6.7.7 (Initialization).

use super::support::{section, see};
use oclc_diagnostics::{Code, Diagnostic, Level};
use oclc_ir::{AddressSpace, Module, Type};

/// E0416.
pub static CODE: Code = Code {
    id: "E0416",
    name: "local-initializer",
    default_level: Level::Deny,
    summary: "variables in the `local` address space cannot be initialized",
    spec: Some("OpenCL C 3.0 §6.7.7"),
    explanation: rule_doc!("local_initializer"),
};

/// Reports initialized `local` variables.
pub(super) fn check(module: &Module, out: &mut Vec<Diagnostic>) {
    for global in &module.globals {
        let Some(init_span) = global.init_span else {
            continue;
        };
        if global.space != AddressSpace::Local {
            continue;
        }
        let atomic = matches!(
            module.types.get(global.ty),
            Type::Atomic(_) | Type::AtomicFlag
        );
        let help = if atomic {
            "remove the initializer; call `atomic_init` from one work-item, then `work_group_barrier(CLK_LOCAL_MEM_FENCE)`"
        } else {
            "remove the initializer; assign the value from one work-item, then `barrier(CLK_LOCAL_MEM_FENCE)`"
        };
        out.push(
            Diagnostic::new(
                &CODE,
                format!(
                    "`local` variable `{}` cannot have an initializer",
                    global.name
                ),
            )
            .with_primary(init_span, "initializer not allowed")
            .with_secondary(global.span, "declared in the `local` address space here")
            .with_help(help)
            .with_note(see(section::INITIALIZATION)),
        );
    }
}
