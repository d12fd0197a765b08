//! E0417 `unavailable`: atomic built-ins the target's OpenCL C version
//! (`-cl-std`) or extensions and optional features (`-cl-ext`) do not
//! provide.
//!
//! **What it does.** Reports an atomic built-in that does not exist for the
//! OpenCL C version selected with `-cl-std`, or that needs an extension or
//! optional feature the device lacks (the set is changed with
//! `-cl-ext=+name,-name`):
//!
//! * The C11-style functions (`atomic_store`, `atomic_fetch_add_explicit`,
//!   …), the atomic types, `memory_order`, `memory_scope` and their
//!   enumerators, `atomic_work_item_fence` and `work_group_barrier` need
//!   OpenCL C 2.0 or later; the OpenCL 1.1 `atomic_*` functions need
//!   OpenCL C 1.1 or later.
//! * In OpenCL C 3.0, `memory_order_seq_cst` needs
//!   `__opencl_c_atomic_order_seq_cst` and `memory_scope_device` needs
//!   `__opencl_c_atomic_scope_device`, whether written or implied: the
//!   functions without `_explicit` (except `atomic_init`) imply both,
//!   and `_explicit` calls without a scope imply `memory_scope_device`.
//!   Acquire, release and acq_rel orders on an atomic function need
//!   `__opencl_c_atomic_order_acq_rel`.
//! * `memory_scope_all_devices` needs OpenCL C 3.0 (OpenCL C 2.0 spells it
//!   `memory_scope_all_svm_devices`, offered as a fix), and in 3.0 both
//!   spellings need `__opencl_c_atomic_scope_all_devices`;
//!   `memory_scope_sub_group` needs `cl_khr_subgroups` or
//!   `__opencl_c_subgroups`.
//! * 64-bit atomics (`atomic_long`, `atomic_ulong`, `atomic_double`, and
//!   with 64-bit pointers `atomic_intptr_t`, `atomic_uintptr_t`,
//!   `atomic_size_t`, `atomic_ptrdiff_t`, and operations on them) need
//!   `cl_khr_int64_base_atomics` and `cl_khr_int64_extended_atomics`;
//!   `atomic_double` also needs fp64. The 1.x functions on 64-bit
//!   integers need `cl_khr_int64_base_atomics` (add, sub, xchg, inc, dec,
//!   cmpxchg) or `cl_khr_int64_extended_atomics` (min, max, and, or, xor).
//! * The `atom_*` functions need an extension providing them; on 32-bit
//!   integers, the `cl_khr_{global,local}_int32_{base,extended}_atomics`
//!   extension for the pointer's address space (both for a generic
//!   pointer).
//! * Floating-point `atomic_fetch_add`/`sub`/`min`/`max` need
//!   `cl_ext_float_atomics` and the matching
//!   `__opencl_c_ext_fp{16,32,64}_{global,local}_atomic_{add,min_max}`
//!   feature for the pointer's address space (both for a generic pointer).
//!   `atomic_half` needs `cl_khr_fp16` and `cl_ext_float_atomics`, and its
//!   load, store, exchange and `atomic_init` need
//!   `__opencl_c_ext_fp16_{global,local}_atomic_load_store`.
//!
//! Two checks share the code. Names are checked as lowering resolves each
//! built-in identifier ([`check_name`]); the same check also reports the
//! pipe built-ins, the `cl_khr_subgroup_*` functions and `to_global`,
//! `to_local`, `to_private` and `get_fence` when the version or feature
//! they need is missing. An IR pass then reports what a name cannot show:
//! the implied order and scope, the orders actually used, and the width,
//! type and address space an operation works on.
//!
//! Deliberate difference from a purely name-based check: the specification
//! requires `__opencl_c_atomic_order_acq_rel` only for *atomic functions*
//! using acquire, release or acq_rel orders, and allows those orders on
//! `atomic_work_item_fence` without it, so `memory_order_acq_rel` is judged
//! by use, not by name.
//!
//! **Why is this bad?** The built-in does not exist (or has no defined
//! behaviour) on such a device; a driver would reject the program.
//!
//! **Example.**
//! ```c
//! // oclc -cl-std=CL3.0 -cl-ext=-__opencl_c_atomic_order_seq_cst
//! kernel void k(global atomic_int *p) {
//!     atomic_store(p, 1);                                    // error[E0417]
//!     atomic_store_explicit(p, 1, memory_order_relaxed,
//!                           memory_scope_work_group);        // ok
//! }
//! ```
//! ```c
//! // oclc -cl-std=CL1.2
//! kernel void k(global int *q) {
//!     atomic_store_explicit(q, 1, memory_order_release);     // error[E0417]
//!     atomic_xchg(q, 1);                                     // ok
//! }
//! ```
//!
//! **How to fix.** Select the OpenCL C version the built-in needs with
//! `-cl-std`, or, if the device supports the missing extension or feature,
//! enable it with `-cl-ext=+name` (the help names it). Otherwise use what
//! the target provides: the `_explicit` form with explicit order and scope
//! instead of the implied `memory_order_seq_cst` and `memory_scope_device`,
//! or the OpenCL 1.x functions before OpenCL C 2.0.
//!
//! **Spec.** OpenCL C 3.0 §6.15.12 (Atomic Functions) and its subsections
//! on orders (§6.15.12.3), scopes (§6.15.12.4), types (§6.15.12.6),
//! operations (§6.15.12.7), legacy atomics (§6.15.12.8, §6.15.12.9) and
//! restrictions (§6.15.12.10); the `cl_ext_float_atomics` extension
//! specification.

use super::support::{order_value, scope_value, section, AtomicSite};
use crate::requirement::{all_of, any_of, check_name, report, Missing, INT64_ATOMICS};
use oclc_diagnostics::Diagnostic;
use oclc_ir::{AddressSpace, AtomicForm, AtomicOp, MemoryOrder, MemoryScope, Spelling, Type};
use oclc_target::{ClStd, Feature};

pub use crate::requirement::CODE;

/// The IR pass: requirements that depend on how a built-in is used.
pub(super) fn check_atomic(site: &AtomicSite<'_>, out: &mut Vec<Diagnostic>) {
    let call = site.call;
    if call.op.is_legacy() {
        check_legacy(site, out);
        return;
    }
    let target = site.cx.target;
    let name = site.name();
    if target.std >= ClStd::Cl30 {
        check_implicit_order_and_scope(site, out);
        check_macro_order_and_scope(site, out);
        if !target.supports(Feature::AtomicOrderAcqRel) {
            for arg in [call.order.as_ref(), call.failure.as_ref()]
                .into_iter()
                .flatten()
            {
                let Some(order) = order_value(arg) else {
                    continue;
                };
                if matches!(
                    order,
                    MemoryOrder::Acquire | MemoryOrder::Release | MemoryOrder::AcqRel
                ) {
                    out.push(report(
                        &format!(
                            "`{}` on an atomic function",
                            order.spelled(site.spelling())
                        ),
                        arg.span,
                        &Missing::AllOf(vec![Feature::AtomicOrderAcqRel]),
                        section::RESTRICTIONS,
                    ));
                }
            }
        }
    }
    // The GNU families work on plain objects.
    let value = match site.pointee() {
        Some(Type::Atomic(inner)) => site.module.types.get(inner),
        Some(_) if matches!(call.form, AtomicForm::Gnu | AtomicForm::Sync) => {
            match site.value_type() {
                Some(value) => value,
                None => return,
            }
        }
        _ => return,
    };
    match value {
        Type::Int { bits: 64, .. } => {
            if let Some(missing) = all_of(target, &INT64_ATOMICS) {
                out.push(report(
                    &format!("`{name}` on a 64-bit integer"),
                    call.name_span,
                    &missing,
                    section::ATOMIC_TYPES,
                ));
            }
        }
        Type::Float { bits } => check_float(site, bits, out),
        _ => {}
    }
}

/// Orders and scopes written as clang's macros (`__ATOMIC_SEQ_CST`,
/// `__OPENCL_MEMORY_SCOPE_DEVICE`): they are plain integers, so the
/// availability of `memory_order_seq_cst`, `memory_scope_device` and
/// `memory_scope_all_svm_devices` (checked where those names are used)
/// is checked here on their values instead.
fn check_macro_order_and_scope(site: &AtomicSite<'_>, out: &mut Vec<Diagnostic>) {
    let call = site.call;
    if !matches!(
        call.form,
        AtomicForm::Gnu | AtomicForm::ClangC11 | AtomicForm::ClangOpenCl
    ) {
        return;
    }
    let target = site.cx.target;
    let orders = [call.order.as_ref(), call.failure.as_ref()];
    for arg in orders.into_iter().flatten() {
        if order_value(arg) == Some(MemoryOrder::SeqCst)
            && !target.supports(Feature::AtomicOrderSeqCst)
        {
            out.push(report(
                &format!("`{}`", MemoryOrder::SeqCst.spelled(site.spelling())),
                arg.span,
                &Missing::AllOf(vec![Feature::AtomicOrderSeqCst]),
                section::RESTRICTIONS,
            ));
        }
    }
    let Some(arg) = call.scope.as_ref() else {
        return;
    };
    let Some(scope) = scope_value(arg) else {
        return;
    };
    let missing = match scope {
        MemoryScope::Device => all_of(target, &[Feature::AtomicScopeDevice]),
        MemoryScope::AllSvmDevices => all_of(target, &[Feature::AtomicScopeAllDevices]),
        MemoryScope::SubGroup => any_of(
            target,
            &[Feature::Subgroups, Feature::KhrSubgroups],
            Feature::Subgroups,
        ),
        _ => None,
    };
    if let Some(missing) = missing {
        out.push(report(
            &format!("`{}`", scope.spelled(site.spelling())),
            arg.span,
            &missing,
            section::SCOPE,
        ));
    }
}

/// The implicit `seq_cst` order and `device` scope of the short forms.
fn check_implicit_order_and_scope(site: &AtomicSite<'_>, out: &mut Vec<Diagnostic>) {
    let call = site.call;
    let needed: &[Feature] = match call.form {
        _ if call.op == AtomicOp::Init => return,
        AtomicForm::Plain | AtomicForm::Sync => {
            &[Feature::AtomicOrderSeqCst, Feature::AtomicScopeDevice]
        }
        AtomicForm::Explicit | AtomicForm::Gnu | AtomicForm::ClangC11 => {
            &[Feature::AtomicScopeDevice]
        }
        _ => return,
    };
    let Some(missing) = all_of(site.cx.target, needed) else {
        return;
    };
    let sp = site.spelling();
    let implied = if call.form.is_implicitly_seq_cst() {
        format!(
            "`{}` and `{}`",
            MemoryOrder::SeqCst.spelled(sp),
            MemoryScope::Device.spelled(sp)
        )
    } else {
        format!("`{}`", MemoryScope::Device.spelled(sp))
    };
    let diagnostic = report(
        &format!("`{}` (which implies {implied})", site.name()),
        call.name_span,
        &missing,
        section::OPERATIONS,
    );
    out.push(if sp == Spelling::OpenCl {
        diagnostic.with_note(
            "the `_explicit` form with an explicit `memory_scope` argument avoids the implied order and scope",
        )
    } else {
        diagnostic.with_note(
            "`__opencl_atomic_*` with an explicit scope argument avoids the implied scope",
        )
    });
}

/// Floating-point operations of `cl_ext_float_atomics`: fetch-and-modify
/// on every width, and for `atomic_half` also load, store and exchange.
fn check_float(site: &AtomicSite<'_>, bits: u8, out: &mut Vec<Diagnostic>) {
    let call = site.call;
    let add = matches!(call.op, AtomicOp::FetchAdd | AtomicOp::FetchSub);
    let min_max = matches!(call.op, AtomicOp::FetchMin | AtomicOp::FetchMax);
    let load_store = bits == 16
        && matches!(
            call.op,
            AtomicOp::Load | AtomicOp::Store | AtomicOp::Exchange | AtomicOp::Init
        );
    let (global, local) = match (bits, add) {
        _ if load_store => (
            Feature::ExtFp16GlobalAtomicLoadStore,
            Feature::ExtFp16LocalAtomicLoadStore,
        ),
        _ if !add && !min_max => return,
        (16, true) => (
            Feature::ExtFp16GlobalAtomicAdd,
            Feature::ExtFp16LocalAtomicAdd,
        ),
        (16, false) => (
            Feature::ExtFp16GlobalAtomicMinMax,
            Feature::ExtFp16LocalAtomicMinMax,
        ),
        (32, true) => (
            Feature::ExtFp32GlobalAtomicAdd,
            Feature::ExtFp32LocalAtomicAdd,
        ),
        (32, false) => (
            Feature::ExtFp32GlobalAtomicMinMax,
            Feature::ExtFp32LocalAtomicMinMax,
        ),
        (64, true) => (
            Feature::ExtFp64GlobalAtomicAdd,
            Feature::ExtFp64LocalAtomicAdd,
        ),
        (64, false) => (
            Feature::ExtFp64GlobalAtomicMinMax,
            Feature::ExtFp64LocalAtomicMinMax,
        ),
        _ => return,
    };
    let mut needed = vec![Feature::ExtFloatAtomics];
    match site.pointer.map(|p| p.space) {
        Some(AddressSpace::Global) => needed.push(global),
        Some(AddressSpace::Local) => needed.push(local),
        Some(AddressSpace::Generic) => needed.extend([global, local]),
        // Other spaces are reported by E0412 and W0404.
        _ => {}
    }
    if let Some(missing) = all_of(site.cx.target, &needed) {
        let ty = match bits {
            16 => "half",
            32 => "float",
            _ => "double",
        };
        out.push(
            report(
                &format!("`{}` on `atomic_{ty}`", site.name()),
                call.name_span,
                &missing,
                section::OPERATIONS,
            )
            .with_note("floating-point atomic operations are the `cl_ext_float_atomics` extension"),
        );
    }
}

/// 1.x functions: `atom_*` needs the extension for the address space and
/// width actually used; 64-bit operations need the int64 extensions.
fn check_legacy(site: &AtomicSite<'_>, out: &mut Vec<Diagnostic>) {
    let call = site.call;
    let target = site.cx.target;
    // When the name itself is unavailable, lowering already reported it.
    if check_name(site.name(), call.name_span, target).is_some() {
        return;
    }
    let extended = call.op.is_legacy_extended();
    let needed: Vec<Feature> = match site.value_type() {
        Some(Type::Int { bits: 64, .. }) => vec![if extended {
            Feature::KhrInt64ExtendedAtomics
        } else {
            Feature::KhrInt64BaseAtomics
        }],
        Some(Type::Int { bits: 32, .. }) if call.form == AtomicForm::LegacyAtom => {
            let (global, local) = if extended {
                (
                    Feature::KhrGlobalInt32ExtendedAtomics,
                    Feature::KhrLocalInt32ExtendedAtomics,
                )
            } else {
                (
                    Feature::KhrGlobalInt32BaseAtomics,
                    Feature::KhrLocalInt32BaseAtomics,
                )
            };
            match site.pointer.map(|p| p.space) {
                Some(AddressSpace::Global) => vec![global],
                Some(AddressSpace::Local) => vec![local],
                Some(AddressSpace::Generic) => vec![global, local],
                _ => Vec::new(),
            }
        }
        _ => Vec::new(),
    };
    if let Some(missing) = all_of(target, &needed) {
        let (subject, section) = match (site.value_type(), site.pointer) {
            (Some(Type::Int { bits: 64, .. }), _) => (
                format!("`{}` on a 64-bit integer", site.name()),
                section::LEGACY_INT64,
            ),
            (_, Some(pointer)) => (
                format!(
                    "`{}` on `{}` memory",
                    site.name(),
                    crate::display::space_name(pointer.space)
                ),
                section::LEGACY_ATOMICS,
            ),
            _ => (format!("`{}`", site.name()), section::LEGACY_ATOMICS),
        };
        out.push(report(&subject, call.name_span, &missing, section));
    }
}
