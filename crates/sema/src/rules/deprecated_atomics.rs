//! W0406 `deprecated-atomics`: OpenCL 1.x atomics and fences under OpenCL C
//! 2.0 or later (off by default).
//!
//! **What it does.** When compiling for OpenCL C 2.0 or later, reports the
//! 1.x atomic functions (`atomic_add`, `atomic_sub`, `atomic_xchg`,
//! `atomic_inc`, `atomic_dec`, `atomic_cmpxchg`, `atomic_min`,
//! `atomic_max`, `atomic_and`, `atomic_or`, `atomic_xor`, and the
//! extension functions `atom_add`, …) and the fences `mem_fence`,
//! `read_mem_fence` and `write_mem_fence`, naming the C11-style
//! replacement. The lint is off by default; enable it with
//! `-Wdeprecated-atomics`.
//!
//! **Why is this bad?** OpenCL C 2.0 deprecates them. Their ordering is
//! implicit, which hides the intent: the 1.x atomics are relaxed, and the
//! fences are work-group-scope fences with acquire-release, acquire and
//! release ordering respectively. The C11 forms state order and scope
//! explicitly.
//!
//! **Example.**
//! ```c
//! kernel void count(global atomic_int *n, global int *legacy) {
//!     atomic_inc(legacy);                                       // warning[W0406]
//!     atomic_fetch_add_explicit(n, 1, memory_order_relaxed);    // ok
//!     mem_fence(CLK_GLOBAL_MEM_FENCE);                          // warning[W0406]
//!     atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acq_rel,
//!                            memory_scope_work_group);          // ok
//! }
//! ```
//!
//! **How to fix.** Use the C11 function the help names, with
//! `memory_order_relaxed`. The C11 functions need the object to have an
//! atomic type (`atomic_int`, …), so replacing an atomic call also means
//! changing the declaration. The fence replacement is mechanical
//! (`mem_fence(flags)` is `atomic_work_item_fence(flags,
//! memory_order_acq_rel, memory_scope_work_group)`) and offered as a fix.
//!
//! **Spec.** OpenCL C 3.0 §6.15.12.8 (OpenCL C 1.x Legacy Atomics) and
//! §6.15.9 (Legacy Explicit Memory Fence Functions).

use super::support::{section, see, spelled, AtomicSite, FenceSite};
use oclc_diagnostics::{Applicability, Code, Diagnostic, Edit, Help, Level};
use oclc_ir::{AtomicForm, AtomicOp, FenceKind, MemoryOrder};

/// W0406.
pub static CODE: Code = Code {
    id: "W0406",
    name: "deprecated-atomics",
    default_level: Level::Allow,
    summary: "OpenCL 1.x atomic and fence functions are deprecated by OpenCL C 2.0",
    spec: Some("OpenCL C 3.0 §6.15.12.8"),
    explanation: rule_doc!("deprecated_atomics"),
};

/// Reports a 1.x atomic function under OpenCL C 2.0 or later.
pub(super) fn check_atomic(site: &AtomicSite<'_>, out: &mut Vec<Diagnostic>) {
    if !site.cx.target.std.is_2_0_or_later()
        || !matches!(site.call.form, AtomicForm::Legacy | AtomicForm::LegacyAtom)
    {
        return;
    }
    let name = site.name();
    // The arguments as written (the lowered operands have lost their
    // `&`s and casts, and their spans inside macros are the invocation's).
    let argument = |index: usize, fallback: &'static str| {
        site.call
            .arg_spans
            .get(index)
            .map_or(fallback, |&span| spelled(site.cx, span, fallback))
    };
    let pointer = argument(0, "p");
    let operand = |index: usize, fallback: &'static str| argument(index + 1, fallback);
    let relaxed = MemoryOrder::Relaxed.name();
    let replacement = match site.call.op {
        AtomicOp::LegacyInc => format!("atomic_fetch_add_explicit({pointer}, 1, {relaxed})"),
        AtomicOp::LegacyDec => format!("atomic_fetch_sub_explicit({pointer}, 1, {relaxed})"),
        AtomicOp::LegacyCmpxchg => format!(
            "atomic_compare_exchange_strong_explicit({pointer}, &expected, {}, {relaxed}, {relaxed})",
            operand(1, "desired")
        ),
        op => format!(
            "{}_explicit({pointer}, {}, {relaxed})",
            c11_name(op),
            operand(0, "value")
        ),
    };
    let mut diagnostic =
        Diagnostic::new(&CODE, format!("`{name}` is deprecated since OpenCL C 2.0"))
            .with_primary(site.call.name_span, "OpenCL 1.x atomic function")
            .with_note("OpenCL 1.x atomics are relaxed operations on plain integers");
    if site.call.op == AtomicOp::LegacyCmpxchg {
        diagnostic = diagnostic.with_note(
            "`atomic_compare_exchange_strong_explicit` returns whether it succeeded and \
             stores the old value in `expected`",
        );
    }
    out.push(
        diagnostic
            .with_note(see(section::LEGACY_ATOMICS))
            .with_help(format!(
                "use `{replacement}` on an object of atomic type (such as `atomic_int`)"
            )),
    );
}

/// The C11 function replacing a 1.x read-modify-write function.
fn c11_name(op: AtomicOp) -> &'static str {
    match op {
        AtomicOp::LegacyAdd => AtomicOp::FetchAdd.base_name(),
        AtomicOp::LegacySub => AtomicOp::FetchSub.base_name(),
        AtomicOp::LegacyXchg => AtomicOp::Exchange.base_name(),
        AtomicOp::LegacyMin => AtomicOp::FetchMin.base_name(),
        AtomicOp::LegacyMax => AtomicOp::FetchMax.base_name(),
        AtomicOp::LegacyAnd => AtomicOp::FetchAnd.base_name(),
        AtomicOp::LegacyOr => AtomicOp::FetchOr.base_name(),
        AtomicOp::LegacyXor => AtomicOp::FetchXor.base_name(),
        other => other.base_name(),
    }
}

/// Reports `mem_fence`, `read_mem_fence` and `write_mem_fence` under
/// OpenCL C 2.0 or later, with a fix to `atomic_work_item_fence`.
pub(super) fn check_fence(site: &FenceSite<'_>, out: &mut Vec<Diagnostic>) {
    if !site.cx.target.std.is_2_0_or_later() {
        return;
    }
    let order = match site.call.kind {
        FenceKind::MemFence => MemoryOrder::AcqRel,
        FenceKind::ReadMemFence => MemoryOrder::Acquire,
        FenceKind::WriteMemFence => MemoryOrder::Release,
        _ => return,
    };
    let call = site.call;
    let name = call.kind.name();
    let flags = spelled(site.cx, call.flags.span, "flags");
    let arguments = format!(", {}, memory_scope_work_group", order.name());
    let message = format!("use `atomic_work_item_fence({flags}{arguments})`");
    let diagnostic = Diagnostic::new(&CODE, format!("`{name}` is deprecated since OpenCL C 2.0"))
        .with_primary(call.name_span, "OpenCL 1.x fence")
        .with_note(format!(
            "`{name}` is a work-group-scope fence with `{}` ordering",
            order.name()
        ))
        .with_note(see(section::LEGACY_FENCES));
    // The rewrite renames the function and appends the order and scope
    // after the flags; both places must be real source text in order.
    let editable = !call.name_span.is_empty()
        && !call.flags.span.is_empty()
        && call.name_span.file == call.flags.span.file
        && call.name_span.end <= call.flags.span.start;
    if !editable {
        out.push(diagnostic.with_help(message));
        return;
    }
    out.push(Diagnostic {
        // `mem_fence(flags)` is specified as exactly this call (§6.15.9).
        help: Some(Help {
            applicability: Applicability::MachineApplicable,
            message,
            edits: vec![
                Edit {
                    span: call.name_span,
                    replacement: FenceKind::AtomicWorkItemFence.name().to_owned(),
                },
                Edit {
                    span: call.flags.span.end_point(),
                    replacement: arguments,
                },
            ],
        }),
        ..diagnostic
    });
}
