//! Scope and fence rules: E0406, E0407, W0401 and W0402.

use super::{codes, fix, primary_text, single, Case};
use oclc_ir::{
    AddressSpace, AtomicForm, AtomicOp, FenceKind, MemoryOrder, MemoryScope, FENCE_GLOBAL,
    FENCE_IMAGE, FENCE_LOCAL,
};

/// `atomic_fetch_add_explicit(p, 1, memory_order_relaxed, <scope>)` on a
/// pointer into `space`.
fn scoped_add(space: AddressSpace, scope: MemoryScope, form: AtomicForm) -> Case {
    let source = format!(
        "atomic_fetch_add_explicit(p, 1, memory_order_relaxed, {});",
        scope.name()
    );
    let mut case = Case::new(&source);
    let atomic_int = case.atomic_int();
    let p = case.pointer(atomic_int, space, "p");
    let mut call = case.call(AtomicOp::FetchAdd, form, "atomic_fetch_add_explicit", p);
    call.order = Some(case.arg(Some(0), "memory_order_relaxed"));
    if form == AtomicForm::ExplicitScope {
        call.scope = Some(case.arg(Some(scope.value()), scope.name()));
    }
    case.atomic_stmt(call);
    case
}

#[test]
fn work_item_scope_on_atomics_suggests_by_address_space() {
    for (space, replacement) in [
        (AddressSpace::Global, "memory_scope_device"),
        (AddressSpace::Generic, "memory_scope_device"),
        (AddressSpace::Local, "memory_scope_work_group"),
    ] {
        let case = scoped_add(space, MemoryScope::WorkItem, AtomicForm::ExplicitScope);
        let sources = case.sources.clone();
        let diagnostics = case.check();
        let d = single(&diagnostics, "E0406");
        assert_eq!(primary_text(&sources, d), "memory_scope_work_item");
        assert_eq!(fix(&sources, d).1, replacement);
        assert!(d.notes.iter().any(|n| n.contains("§6.15.12.4")));
    }
}

#[test]
fn other_scopes_on_global_atomics_are_fine() {
    for scope in [
        MemoryScope::WorkGroup,
        MemoryScope::Device,
        MemoryScope::AllSvmDevices,
        MemoryScope::SubGroup,
    ] {
        let diagnostics =
            scoped_add(AddressSpace::Global, scope, AtomicForm::ExplicitScope).check();
        assert!(diagnostics.is_empty(), "{scope:?}: {diagnostics:#?}");
    }
}

#[test]
fn local_atomics_with_wide_explicit_scopes_warn() {
    for scope in MemoryScope::ALL {
        let diagnostics = scoped_add(AddressSpace::Local, scope, AtomicForm::ExplicitScope).check();
        let expected: &[&str] = match scope {
            MemoryScope::Device | MemoryScope::AllSvmDevices => &["W0402"],
            MemoryScope::WorkItem => &["E0406"],
            MemoryScope::WorkGroup | MemoryScope::SubGroup => &[],
        };
        assert_eq!(codes(&diagnostics), expected, "{scope:?}");
    }
    // Not written: the implied device scope is not reported.
    let diagnostics = scoped_add(
        AddressSpace::Local,
        MemoryScope::Device,
        AtomicForm::Explicit,
    )
    .check();
    assert!(diagnostics.is_empty());
}

#[test]
fn local_scope_warning_fixes_to_work_group() {
    let case = scoped_add(
        AddressSpace::Local,
        MemoryScope::Device,
        AtomicForm::ExplicitScope,
    );
    let sources = case.sources.clone();
    let diagnostics = case.check();
    let d = single(&diagnostics, "W0402");
    assert_eq!(
        fix(&sources, d),
        (
            "memory_scope_device".to_owned(),
            "memory_scope_work_group".to_owned()
        )
    );
}

/// `atomic_work_item_fence(<flags>, <order>, <scope>)`.
fn fence(flags: i64, order: MemoryOrder, scope: MemoryScope) -> Case {
    let source = format!(
        "atomic_work_item_fence(FLAGS, {}, {});",
        order.name(),
        scope.name()
    );
    let mut case = Case::new(&source);
    let flags = case.arg(Some(flags), "FLAGS");
    let order = case.arg(Some(order.value()), order.name());
    let scope = case.arg(Some(scope.value()), scope.name());
    case.fence(
        FenceKind::AtomicWorkItemFence,
        "atomic_work_item_fence",
        flags,
        Some(order),
        Some(scope),
    );
    case
}

#[test]
fn the_image_fence_is_valid() {
    let diagnostics = fence(FENCE_IMAGE, MemoryOrder::AcqRel, MemoryScope::WorkItem).check();
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
}

#[test]
fn work_item_scope_on_memory_fences() {
    for (flags, replacement) in [
        (FENCE_LOCAL, "memory_scope_work_group"),
        (FENCE_GLOBAL, "memory_scope_device"),
        (FENCE_GLOBAL | FENCE_LOCAL, "memory_scope_device"),
    ] {
        let case = fence(flags, MemoryOrder::AcqRel, MemoryScope::WorkItem);
        let sources = case.sources.clone();
        let diagnostics = case.check();
        let d = single(&diagnostics, "E0406");
        assert_eq!(fix(&sources, d).1, replacement);
    }
}

#[test]
fn image_fence_with_wrong_order_or_scope() {
    let case = fence(FENCE_IMAGE, MemoryOrder::SeqCst, MemoryScope::Device);
    let sources = case.sources.clone();
    let diagnostics = case.check();
    assert_eq!(codes(&diagnostics), ["E0407", "E0407"]);
    assert_eq!(
        primary_text(&sources, &diagnostics[0]),
        "memory_scope_device"
    );
    assert_eq!(fix(&sources, &diagnostics[0]).1, "memory_scope_work_item");
    assert_eq!(
        primary_text(&sources, &diagnostics[1]),
        "memory_order_seq_cst"
    );
    assert_eq!(fix(&sources, &diagnostics[1]).1, "memory_order_acq_rel");
    assert!(diagnostics[0]
        .notes
        .iter()
        .any(|n| n.contains("§6.15.15.6")));
}

#[test]
fn image_fence_combined_with_other_flags_reports_only_the_flags() {
    for scope in [MemoryScope::WorkItem, MemoryScope::Device] {
        let case = fence(FENCE_IMAGE | FENCE_GLOBAL, MemoryOrder::AcqRel, scope);
        let sources = case.sources.clone();
        let diagnostics = case.check();
        let d = single(&diagnostics, "E0407");
        assert_eq!(primary_text(&sources, d), "FLAGS");
        assert!(d.message.contains("cannot be combined"));
    }
}

#[test]
fn relaxed_fences_warn_except_image_fences() {
    let diagnostics = fence(FENCE_GLOBAL, MemoryOrder::Relaxed, MemoryScope::Device).check();
    single(&diagnostics, "W0401");
    let diagnostics = fence(FENCE_IMAGE, MemoryOrder::Relaxed, MemoryScope::WorkItem).check();
    let d = single(&diagnostics, "E0407");
    assert!(d.message.contains("memory_order_acq_rel"));
    let diagnostics = fence(FENCE_GLOBAL, MemoryOrder::Acquire, MemoryScope::Device).check();
    assert!(diagnostics.is_empty());
}

/// `work_group_barrier(<flags>, <scope>)`.
fn barrier(flags: i64, scope: MemoryScope) -> Case {
    let source = format!("work_group_barrier(FLAGS, {});", scope.name());
    let mut case = Case::new(&source);
    let flags = case.arg(Some(flags), "FLAGS");
    let scope = case.arg(Some(scope.value()), scope.name());
    case.fence(
        FenceKind::WorkGroupBarrier,
        "work_group_barrier",
        flags,
        None,
        Some(scope),
    );
    case
}

#[test]
fn barrier_scopes() {
    let case = barrier(FENCE_LOCAL, MemoryScope::WorkItem);
    let sources = case.sources.clone();
    let diagnostics = case.check();
    let d = single(&diagnostics, "E0406");
    assert_eq!(fix(&sources, d).1, "memory_scope_work_group");
    assert!(barrier(FENCE_GLOBAL, MemoryScope::Device)
        .check()
        .is_empty());
    let diagnostics = barrier(FENCE_IMAGE, MemoryScope::Device).check();
    single(&diagnostics, "E0407");
    assert!(barrier(FENCE_IMAGE, MemoryScope::WorkGroup)
        .check()
        .is_empty());
}
