//! W0408 `seq-cst-scope`: seq_cst operations whose scopes give no single
//! total order.
//!
//! **What it does.** Looks at every `memory_order_seq_cst` operation of the
//! translation unit: atomic operations and fences
//! (`atomic_work_item_fence`, `__atomic_thread_fence`, …) whose order is
//! seq_cst, written or implied (the functions without an order argument,
//! `atomic_fetch_add(p, 1)` or `__sync_fetch_and_add(p, 1)`, are seq_cst at
//! `memory_scope_device`). When they do not all have `memory_scope_device`,
//! and do not all have `memory_scope_all_svm_devices`, it reports each one
//! whose scope is not `memory_scope_device`, pointing at seq_cst operations
//! of other scopes. The default forms alone are all seq_cst at device scope
//! and are never reported; operations whose order or scope is not a
//! constant are left out, and so are work-item scopes (E0406).
//!
//! **Why is this bad?** Programmers write seq_cst for its promise: one total
//! order *S* of all seq_cst operations that every work-item agrees on. The
//! memory model makes that promise only when all seq_cst operations have
//! `memory_scope_device` (and touch no fine-grained SVM buffer with
//! atomics), or all have `memory_scope_all_svm_devices`. A seq_cst
//! operation at work-group or sub-group scope, or a mix of scopes, is still
//! an acquire-release operation at its scope, but the total order is gone:
//! two work-groups may observe two seq_cst stores in opposite orders, and
//! algorithms that rely on it (Dekker-style mutual exclusion, store
//! buffering) fail without any diagnostic from other compilers.
//!
//! **Example.**
//! ```c
//! kernel void k(global atomic_int *x, local atomic_int *turn) {
//!     atomic_store(x, 1);                                // ok (device)
//!     atomic_store_explicit(x, 2, memory_order_seq_cst,
//!                           memory_scope_work_group);    // warning[W0408]
//!     atomic_fetch_add_explicit(turn, 1, memory_order_seq_cst,
//!                               memory_scope_work_group); // warning[W0408]
//! }
//! ```
//!
//! **How to fix.** Use `memory_scope_device` for every seq_cst operation
//! (or `memory_scope_all_svm_devices` for all of them), or use
//! acquire/release orders where the total order is not needed. The fix
//! widens the scope argument; it is machine-applicable only on an object
//! in `global` memory, or a fence on global memory alone, where a wider
//! scope only adds synchronisation the program already allowed. It is never
//! machine-applicable for an operation on a `local` object (or a fence on
//! local memory, or a generic pointer that may point there): `local` memory
//! is shared by one work-group only, so device scope synchronises with no
//! one more (W0402 reports it as too wide), and a program that mixes
//! work-group scope on `local` objects with device scope elsewhere cannot
//! get the total order by widening — it needs a change of algorithm or of
//! orders, which only its author can choose. Narrowing
//! `memory_scope_all_svm_devices` to device scope is never automatic
//! either: it drops the ordering with the host and other devices.
//!
//! **Spec.** OpenCL C 3.0 §6.15.12.3 (Order and Consistency: seq_cst) and
//! §6.15.12.4 (Memory Scope); the memory ordering rules for seq_cst in the
//! OpenCL 2.0 API specification §3.3.4, which state the two conditions under
//! which the total order *S* exists, and in the OpenCL 3.0 API
//! specification §3.3.6 (Memory Consistency Model for OpenCL 2.x), whose
//! guidelines ask for sequential consistency "only
//! `memory_order_seq_cst` operations with the scope `memory_scope_device`
//! or `memory_scope_all_svm_devices`" (only the latter with fine-grained
//! SVM).

use super::support::{order_value, scope_value, section, see, AtomicSite, FenceSite};
use oclc_diagnostics::{Code, Diagnostic, Level, Span};
use oclc_ir::{
    AddressSpace, AtomicOp, FenceKind, MemoryOrder, MemoryScope, Spelling, FENCE_GLOBAL,
    FENCE_IMAGE,
};

/// W0408.
pub static CODE: Code = Code {
    id: "W0408",
    name: "seq-cst-scope",
    default_level: Level::Warn,
    summary: "seq_cst operations with different or narrower-than-device scopes have no single total order",
    spec: Some("OpenCL C 3.0 §6.15.12.3"),
    explanation: rule_doc!("seq_cst_scope"),
};

/// How many other operations one report points at.
const OTHERS_SHOWN: usize = 3;

/// One seq_cst operation with a constant scope.
#[derive(Clone, Copy, Debug)]
struct SeqCstOp {
    /// The function name as written.
    name_span: Span,
    /// The scope argument, when written.
    scope_span: Option<Span>,
    scope: MemoryScope,
    /// Whether widening its scope cannot change what it orders beyond
    /// global memory (an object in global memory, a fence on global memory
    /// alone).
    global_only: bool,
    spelling: Spelling,
    fence: bool,
}

/// The seq_cst operations of a translation unit, gathered while the rules
/// walk it; [`SeqCstOps::report`] judges them together.
#[derive(Default)]
pub(super) struct SeqCstOps {
    ops: Vec<SeqCstOp>,
}

impl SeqCstOps {
    /// Records `site` if it is a seq_cst atomic operation.
    pub fn atomic(&mut self, site: &AtomicSite<'_>) {
        let call = site.call;
        if call.form.is_legacy() || call.op == AtomicOp::Init {
            return;
        }
        let seq_cst = match &call.order {
            None => call.form.is_implicitly_seq_cst(),
            Some(order) => order_value(order) == Some(MemoryOrder::SeqCst),
        };
        if !seq_cst {
            return;
        }
        let Some(scope) = call.scope.as_ref().map_or(Some(MemoryScope::Device), scope_value)
        else {
            return;
        };
        self.push(SeqCstOp {
            name_span: call.name_span,
            scope_span: call.scope.as_ref().map(|s| s.span),
            scope,
            global_only: site.pointer.is_some_and(|p| p.space == AddressSpace::Global),
            spelling: site.spelling(),
            fence: false,
        });
    }

    /// Records `site` if it is a seq_cst fence.
    pub fn fence(&mut self, site: &FenceSite<'_>) {
        let call = site.call;
        if !matches!(
            call.kind,
            FenceKind::AtomicWorkItemFence | FenceKind::ThreadFence
        ) {
            return;
        }
        let Some(flags) = site.flags() else { return };
        if flags & FENCE_IMAGE != 0 || call.order.as_ref().and_then(order_value) != Some(MemoryOrder::SeqCst) {
            return;
        }
        let Some(scope) = call.scope.as_ref().map_or(Some(MemoryScope::Device), scope_value)
        else {
            return;
        };
        self.push(SeqCstOp {
            name_span: call.name_span,
            scope_span: call.scope.as_ref().map(|s| s.span),
            scope,
            global_only: flags == FENCE_GLOBAL,
            spelling: site.spelling(),
            fence: true,
        });
    }

    fn push(&mut self, op: SeqCstOp) {
        // Work-item scope on these is an error of its own (E0406).
        if op.scope != MemoryScope::WorkItem {
            self.ops.push(op);
        }
    }

    /// Reports every seq_cst operation that keeps the total order from
    /// existing: when the scopes are not all device and not all
    /// all_svm_devices, each operation whose scope is not device.
    pub fn report(&self, out: &mut Vec<Diagnostic>) {
        let Some(first) = self.ops.first() else {
            return;
        };
        let uniform = self.ops.iter().all(|op| op.scope == first.scope);
        if uniform && matches!(first.scope, MemoryScope::Device | MemoryScope::AllSvmDevices) {
            return;
        }
        for (index, op) in self.ops.iter().enumerate() {
            if op.scope != MemoryScope::Device {
                out.push(self.diagnostic(index, op));
            }
        }
    }

    fn diagnostic(&self, index: usize, op: &SeqCstOp) -> Diagnostic {
        let sp = op.spelling;
        let scope = op.scope.spelled(sp);
        let device = MemoryScope::Device.spelled(sp);
        let what = if op.fence {
            "seq_cst fence"
        } else {
            "seq_cst atomic operation"
        };
        let narrower = matches!(op.scope, MemoryScope::WorkGroup | MemoryScope::SubGroup);
        let message = if narrower {
            format!("{what} at `{scope}` is outside any single total order of seq_cst operations")
        } else {
            format!("{what} at `{scope}` while other seq_cst operations use other scopes")
        };
        let primary = op.scope_span.unwrap_or(op.name_span);
        let mut diagnostic = Diagnostic::new(&CODE, message).with_primary(
            primary,
            if narrower {
                "narrower than device scope"
            } else {
                "a different scope"
            },
        );
        let others: Vec<&SeqCstOp> = self
            .ops
            .iter()
            .enumerate()
            .filter(|&(i, other)| i != index && other.scope != op.scope)
            .map(|(_, other)| other)
            .collect();
        for other in others.iter().take(OTHERS_SHOWN) {
            diagnostic = diagnostic.with_secondary(
                other.scope_span.unwrap_or(other.name_span),
                format!("seq_cst at `{}`", other.scope.spelled(other.spelling)),
            );
        }
        if others.len() > OTHERS_SHOWN {
            diagnostic = diagnostic.with_note(format!(
                "and {} more seq_cst operations at other scopes",
                others.len() - OTHERS_SHOWN
            ));
        }
        diagnostic = diagnostic
            .with_note(format!(
                "a single total order of seq_cst operations exists only when all of them have \
                 `{device}`, or all have `{}`",
                MemoryScope::AllSvmDevices.spelled(sp)
            ))
            .with_note(format!("{} and §{}", see(section::ORDER), section::SCOPE));
        let message = format!(
            "use `{device}` (or `{}` for all of them)",
            MemoryScope::AllSvmDevices.spelled(sp)
        );
        match op.scope_span {
            // Widening a global-only operation only rules out behaviours
            // the program allowed; anything that may touch local memory,
            // or a narrowing, is the author's choice.
            Some(span) if narrower && op.global_only => diagnostic.with_fix(message, span, device),
            Some(span) => diagnostic.with_suggestion(message, span, device),
            None => diagnostic.with_help(message),
        }
    }
}
