//! E0415 `atomic-var-init-placement`: `ATOMIC_VAR_INIT` or
//! `ATOMIC_FLAG_INIT` used other than to initialize a program-scope
//! `global` atomic variable.
//!
//! **What it does.** Finds every expansion of the macros `ATOMIC_VAR_INIT`
//! and `ATOMIC_FLAG_INIT` (in the preprocessor's record of expansions) and
//! reports those that are not inside the initializer of a program-scope
//! variable in the `global` address space, or that initialize an object
//! of the wrong type (`ATOMIC_FLAG_INIT` needs `atomic_flag`,
//! `ATOMIC_VAR_INIT` another atomic type). The object may be the variable
//! itself or an element or member of it (`atomic_int a[2] = {
//! ATOMIC_VAR_INIT(1), ATOMIC_VAR_INIT(2) }`). An initializer of a `local`
//! variable is reported by E0416 instead.
//!
//! **Why is this bad?** The specification allows these macros only there.
//! Atomic objects elsewhere (`local` variables, objects behind kernel
//! arguments, function-scope variables) must be initialized with
//! `atomic_init`, which is not itself atomic, before other work-items use
//! them.
//!
//! **Example.**
//! ```c
//! global atomic_int total = ATOMIC_VAR_INIT(0);    // ok
//! global atomic_flag lock = ATOMIC_FLAG_INIT;      // ok
//! kernel void k(global int *out) {
//!     local atomic_int n;
//!     if (get_local_id(0) == 0)
//!         atomic_init(&n, 0);                      // ok
//!     work_group_barrier(CLK_LOCAL_MEM_FENCE);
//!     atomic_int m = ATOMIC_VAR_INIT(0);           // error[E0415]
//! }
//! ```
//!
//! **How to fix.** Declare the object without an initializer and call
//! `atomic_init` on it, and make sure no other work-item uses the object
//! until a barrier (as for `n` above). For a program-scope variable, use
//! the macro that matches its type.
//!
//! **Spec.** OpenCL C 3.0 §6.15.12.1 (The `ATOMIC_VAR_INIT` Macro) and
//! §6.15.12.7.6 (Atomic Flag Type and Operations).

use super::support::{section, see};
use crate::Context;
use oclc_diagnostics::{Code, Diagnostic, Level, Span};
use oclc_ir::{AddressSpace, GlobalVariable, Module, Type};
use rustc_hash::FxHashSet;

/// E0415.
pub static CODE: Code = Code {
    id: "E0415",
    name: "atomic-var-init-placement",
    default_level: Level::Deny,
    summary:
        "`ATOMIC_VAR_INIT`/`ATOMIC_FLAG_INIT` may only initialize program-scope `global` atomics",
    spec: Some("OpenCL C 3.0 §6.15.12.1"),
    explanation: rule_doc!("atomic_var_init_placement"),
};

/// The two initialization macros.
#[derive(Clone, Copy, PartialEq, Eq)]
enum InitMacro {
    Var,
    Flag,
}

impl InitMacro {
    fn name(self) -> &'static str {
        match self {
            InitMacro::Var => "ATOMIC_VAR_INIT",
            InitMacro::Flag => "ATOMIC_FLAG_INIT",
        }
    }
}

/// Reports misplaced uses of the atomic initialization macros.
pub(super) fn check(module: &Module, cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    // Initializers of all globals, sorted so each use is found by binary
    // search: O((uses + globals) log globals).
    let mut initializers: Vec<(Span, &GlobalVariable)> = module
        .globals
        .iter()
        .filter_map(|g| Some((g.init_span?, g)))
        .collect();
    initializers.sort_by_key(|(span, _)| (span.file, span.start, span.end));
    let mut reported: FxHashSet<Span> = FxHashSet::default();
    for expansion in cx.expansions {
        let kind = match cx.symbols.get(expansion.name) {
            "ATOMIC_VAR_INIT" => InitMacro::Var,
            "ATOMIC_FLAG_INIT" => InitMacro::Flag,
            _ => continue,
        };
        // Expansions inside `#if` lines are recorded too but produce no
        // tokens; only expansions that reached the program count.
        if !expansion.produced_tokens {
            continue;
        }
        let span = expansion.use_span;
        // Expansions inside one outer macro share its use span; report
        // each use once.
        if !reported.insert(span) {
            continue;
        }
        if let Some(diagnostic) = judge(module, kind, span, containing(&initializers, span)) {
            out.push(diagnostic);
        }
    }
}

/// The global whose initializer contains `span`.
fn containing<'a>(
    initializers: &[(Span, &'a GlobalVariable)],
    span: Span,
) -> Option<&'a GlobalVariable> {
    let after = initializers
        .partition_point(|(init, _)| (init.file, init.start) <= (span.file, span.start));
    let (init, global) = initializers.get(after.checked_sub(1)?)?;
    init.contains(span).then_some(*global)
}

fn judge(
    module: &Module,
    kind: InitMacro,
    span: Span,
    global: Option<&GlobalVariable>,
) -> Option<Diagnostic> {
    let name = kind.name();
    if global.is_some_and(|g| g.space == AddressSpace::Local) {
        return None; // E0416 reports any initializer of a `local` variable.
    }
    let program_scope_global =
        global.filter(|g| g.space == AddressSpace::Global && g.kernel.is_none());
    let Some(global) = program_scope_global else {
        return Some(
            Diagnostic::new(
                &CODE,
                format!("`{name}` can only initialize a program-scope `global` variable"),
            )
            .with_primary(
                span,
                "not the initializer of a program-scope `global` variable",
            )
            .with_help("initialize the object with `atomic_init` before other work-items use it")
            .with_note(see(section::ATOMIC_VAR_INIT)),
        );
    };
    // An element of an array or a member of a struct is an atomic object
    // of its own: judge the sub-object the macro initializes.
    let target = global
        .init_leaves
        .iter()
        .find(|leaf| leaf.span.contains(span))
        .map_or(global.ty, |leaf| leaf.ty);
    let ty = module.types.get(target);
    let (fits, expected, section) = match kind {
        InitMacro::Var => (
            matches!(ty, Type::Atomic(_)),
            "an atomic type such as `atomic_int`",
            section::ATOMIC_VAR_INIT,
        ),
        InitMacro::Flag => (ty == Type::AtomicFlag, "`atomic_flag`", section::FLAG),
    };
    if fits {
        return None;
    }
    Some(
        Diagnostic::new(
            &CODE,
            if target == global.ty {
                format!(
                    "`{name}` initializes `{}`, which does not have {expected}",
                    global.name
                )
            } else {
                format!(
                    "`{name}` initializes an element of `{}` that does not have {expected}",
                    global.name
                )
            },
        )
        .with_primary(span, format!("`{name}` used here"))
        .with_secondary(global.span, "variable declared here")
        .with_note(see(section)),
    )
}
