//! E0418 `vulkan-all-devices-scope`: `memory_scope_all_svm_devices` (or
//! `memory_scope_all_devices`) in a module for Vulkan.
//!
//! **What it does.** With `-target vulkan1.2` or `vulkan1.3`, reports every
//! atomic operation, fence and barrier whose scope is all SVM devices
//! (`memory_scope_all_svm_devices`, or its OpenCL C 3.0 spelling
//! `memory_scope_all_devices`).
//!
//! **Why is this bad?** The scope asks for ordering with the host and every
//! other device sharing shared-virtual-memory allocations. Vulkan has no
//! such scope: the widest scope a Vulkan compute shader can use is the
//! device (oclc maps `memory_scope_device` to `QueueFamily`, every
//! invocation of the dispatch). Mapping all-devices silently to device
//! scope would drop the guarantee the kernel asked for, so oclc reports an
//! error instead.
//!
//! **Example.**
//! ```c
//! kernel void count(global atomic_int *c) {
//!     atomic_fetch_add_explicit(c, 1, memory_order_relaxed,
//!                               memory_scope_all_svm_devices);  // error[E0418] on Vulkan
//!     atomic_fetch_add_explicit(c, 1, memory_order_relaxed,
//!                               memory_scope_device);           // ok
//! }
//! ```
//!
//! **How to fix.** If the kernel only synchronizes with other work-items of
//! the same dispatch, `memory_scope_device` (the suggestion) is what it
//! needs. A kernel that really synchronizes with the host or other devices
//! cannot be compiled for Vulkan.
//!
//! **Spec.** OpenCL C 3.0 §6.15.12.4 (Memory Scope); the scopes of the
//! Vulkan memory model.

use super::support::{scope_value, section, see, AtomicSite, FenceSite};
use oclc_diagnostics::{Code, Diagnostic, Level};
use oclc_ir::{MemArg, MemoryScope};

/// E0418.
pub static CODE: Code = Code {
    id: "E0418",
    name: "vulkan-all-devices-scope",
    default_level: Level::Deny,
    summary: "`memory_scope_all_svm_devices` has no meaning on the Vulkan target",
    spec: Some("OpenCL C 3.0 §6.15.12.4"),
    explanation: rule_doc!("vulkan_all_devices_scope"),
};

/// Reports an all-devices scope on an atomic call.
pub(super) fn check_atomic(site: &AtomicSite<'_>, out: &mut Vec<Diagnostic>) {
    if site.cx.target.env.is_vulkan() {
        report(site.call.scope.as_ref(), out);
    }
}

/// Reports an all-devices scope on a fence or barrier.
pub(super) fn check_fence(site: &FenceSite<'_>, out: &mut Vec<Diagnostic>) {
    if site.cx.target.env.is_vulkan() {
        report(site.call.scope.as_ref(), out);
    }
}

fn report(scope: Option<&MemArg>, out: &mut Vec<Diagnostic>) {
    let Some(arg) = scope else {
        return;
    };
    if scope_value(arg) != Some(MemoryScope::AllSvmDevices) {
        return;
    }
    out.push(
        Diagnostic::new(
            &CODE,
            "`memory_scope_all_svm_devices` has no meaning on the Vulkan target",
        )
        .with_primary(
            arg.span,
            "no Vulkan scope includes the host and other devices",
        )
        .with_note("the widest Vulkan scope is the device (`QueueFamily`)")
        .with_note(see(section::SCOPE))
        .with_suggestion(
            "use `memory_scope_device` if only this dispatch's work-items synchronize",
            arg.span,
            MemoryScope::Device.name(),
        ),
    );
}
