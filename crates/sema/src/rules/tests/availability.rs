//! E0417: names under CL1.2/CL2.0/CL3.0 with and without features, and the
//! IR pass.

use super::{codes, single, target_without, Case};
use crate::requirement::check_name;
use oclc_diagnostics::Span;
use oclc_ir::{AddressSpace, AtomicForm, AtomicOp, MemoryOrder, Type};
use oclc_target::{ClStd, Feature, Target};

fn available(name: &str, target: &Target) -> bool {
    check_name(name, Span::default(), target).is_none()
}

#[test]
fn c11_names_need_opencl_c_2_0() {
    let cl12 = Target::new(ClStd::Cl12);
    let cl20 = Target::new(ClStd::Cl20);
    for name in [
        "atomic_store_explicit",
        "atomic_load",
        "atomic_init",
        "atomic_compare_exchange_weak_explicit",
        "atomic_flag_test_and_set",
        "atomic_flag_clear_explicit",
        "atomic_int",
        "atomic_flag",
        "memory_order",
        "memory_scope",
        "memory_order_relaxed",
        "memory_scope_work_group",
        "atomic_work_item_fence",
        "work_group_barrier",
    ] {
        assert!(!available(name, &cl12), "{name} under CL1.2");
        assert!(available(name, &cl20), "{name} under CL2.0");
    }
    let d = check_name("atomic_store_explicit", Span::default(), &cl12).expect("unavailable");
    assert_eq!(d.code.id, "E0417");
    assert_eq!(
        d.message,
        "`atomic_store_explicit` requires OpenCL C 2.0 or later"
    );
    assert_eq!(
        d.help.as_ref().map(|h| h.message.as_str()),
        Some("compile with `-cl-std=CL2.0`")
    );
}

#[test]
fn legacy_names() {
    let cl12 = Target::new(ClStd::Cl12);
    for name in [
        "atomic_add",
        "atomic_inc",
        "atomic_cmpxchg",
        "atom_add",
        "atom_xor",
        "barrier",
    ] {
        assert!(available(name, &cl12), "{name}");
    }
    assert!(!available("atomic_add", &Target::new(ClStd::Cl10)));
    let none = target_without(
        ClStd::Cl12,
        &[
            Feature::KhrGlobalInt32BaseAtomics,
            Feature::KhrLocalInt32BaseAtomics,
            Feature::KhrInt64BaseAtomics,
        ],
    );
    assert!(!available("atom_add", &none));
    assert!(
        available("atom_min", &none),
        "extended atomics are still there"
    );
    // Not atomics at all.
    for name in [
        "get_global_id",
        "atomic_foo",
        "atom_",
        "memory_order_consume",
    ] {
        assert!(available(name, &none), "{name}");
    }
}

#[test]
fn all_devices_scope() {
    let d = check_name(
        "memory_scope_all_devices",
        Span::default(),
        &Target::new(ClStd::Cl20),
    )
    .expect("unavailable in 2.0");
    assert_eq!(
        d.help.as_ref().map(|h| h.edits[0].replacement.as_str()),
        Some("memory_scope_all_svm_devices")
    );
    assert!(available(
        "memory_scope_all_svm_devices",
        &Target::new(ClStd::Cl20)
    ));
    assert!(!available(
        "memory_scope_all_devices",
        &Target::new(ClStd::Cl12)
    ));
    assert!(available(
        "memory_scope_all_devices",
        &Target::new(ClStd::Cl30)
    ));
    let without = target_without(ClStd::Cl30, &[Feature::AtomicScopeAllDevices]);
    assert!(!available("memory_scope_all_devices", &without));
    assert!(!available("memory_scope_all_svm_devices", &without));
}

#[test]
fn opencl_c_3_0_optional_orders_and_scopes() {
    let full = Target::new(ClStd::Cl30);
    for name in [
        "memory_order_seq_cst",
        "memory_scope_device",
        "memory_order_acq_rel",
    ] {
        assert!(available(name, &full), "{name}");
    }
    let lean = target_without(
        ClStd::Cl30,
        &[
            Feature::AtomicOrderSeqCst,
            Feature::AtomicScopeDevice,
            Feature::AtomicOrderAcqRel,
        ],
    );
    assert!(!available("memory_order_seq_cst", &lean));
    assert!(!available("memory_scope_device", &lean));
    // Valid on fences without the feature: judged by use (IR pass).
    assert!(available("memory_order_acq_rel", &lean));
    assert!(available("memory_order_relaxed", &lean));
    let d = check_name("memory_order_seq_cst", Span::default(), &lean).expect("unavailable");
    assert_eq!(
        d.message,
        "`memory_order_seq_cst` requires the `__opencl_c_atomic_order_seq_cst` feature"
    );
    assert!(d.help.as_ref().is_some_and(|h| h
        .message
        .contains("-cl-ext=+__opencl_c_atomic_order_seq_cst")));
}

#[test]
fn sub_group_scope_needs_sub_groups() {
    assert!(available(
        "memory_scope_sub_group",
        &Target::new(ClStd::Cl20)
    ));
    assert!(!available(
        "memory_scope_sub_group",
        &target_without(ClStd::Cl20, &[Feature::KhrSubgroups])
    ));
    assert!(available(
        "memory_scope_sub_group",
        &target_without(ClStd::Cl30, &[Feature::KhrSubgroups])
    ));
    assert!(!available(
        "memory_scope_sub_group",
        &target_without(ClStd::Cl30, &[Feature::KhrSubgroups, Feature::Subgroups])
    ));
}

#[test]
fn suggestions_name_what_the_version_can_enable() {
    let help = |name: &str, target: &Target| {
        check_name(name, Span::default(), target)
            .and_then(|d| d.help)
            .map(|h| h.message)
            .unwrap_or_default()
    };
    let no_subgroups_20 = target_without(ClStd::Cl20, &[Feature::KhrSubgroups]);
    assert!(help("memory_scope_sub_group", &no_subgroups_20).contains("+cl_khr_subgroups`"));
    let no_subgroups_30 = target_without(ClStd::Cl30, &[Feature::KhrSubgroups, Feature::Subgroups]);
    assert!(help("memory_scope_sub_group", &no_subgroups_30).contains("+__opencl_c_subgroups`"));
    let no_atom = target_without(
        ClStd::Cl12,
        &[
            Feature::KhrGlobalInt32BaseAtomics,
            Feature::KhrLocalInt32BaseAtomics,
            Feature::KhrInt64BaseAtomics,
        ],
    );
    assert!(help("atom_inc", &no_atom).contains("+cl_khr_global_int32_base_atomics`"));
}

#[test]
fn sixty_four_bit_atomic_types() {
    let no_int64 = target_without(ClStd::Cl20, &[Feature::KhrInt64ExtendedAtomics]);
    for name in [
        "atomic_long",
        "atomic_ulong",
        "atomic_double",
        "atomic_size_t",
        "atomic_intptr_t",
    ] {
        assert!(available(name, &Target::new(ClStd::Cl20)), "{name}");
        assert!(!available(name, &no_int64), "{name}");
    }
    let mut thirty_two = no_int64;
    thirty_two.pointer_bits = 32;
    assert!(available("atomic_size_t", &thirty_two));
    assert!(available("atomic_int", &thirty_two));
    let no_fp64 = target_without(ClStd::Cl20, &[Feature::KhrFp64]);
    assert!(!available("atomic_double", &no_fp64));
    assert!(available("atomic_long", &no_fp64));
}

/// An atomic call of `op`/`form` on a pointer to `pointee` in `space`.
fn call_on(
    op: AtomicOp,
    form: AtomicForm,
    name: &str,
    pointee: Type,
    space: AddressSpace,
    order: Option<MemoryOrder>,
) -> Case {
    let mut case = Case::new(&format!("{name}(p, 1, ORDER);"));
    let pointee = case.ty(pointee);
    let p = case.pointer(pointee, space, "p");
    let mut call = case.call(op, form, name, p);
    if let Some(order) = order {
        call.order = Some(case.arg(Some(order.value()), "ORDER"));
    }
    case.atomic_stmt(call);
    case
}

#[test]
fn implicit_orders_and_scopes_under_opencl_c_3_0() {
    let lean = target_without(ClStd::Cl30, &[Feature::AtomicOrderSeqCst]);
    let run = |form: AtomicForm, order: Option<MemoryOrder>, target: &Target| {
        let mut case = Case::new("atomic_store(p, 1, ORDER);");
        let atomic_int = case.atomic_int();
        let p = case.pointer(atomic_int, AddressSpace::Global, "p");
        let mut call = case.call(AtomicOp::Store, form, "atomic_store", p);
        if let Some(order) = order {
            call.order = Some(case.arg(Some(order.value()), "ORDER"));
        }
        case.atomic_stmt(call);
        case.check_default_levels(target)
    };
    let diagnostics = run(AtomicForm::Plain, None, &lean);
    let d = single(&diagnostics, "E0417");
    assert!(d
        .message
        .contains("implies `memory_order_seq_cst` and `memory_scope_device`"));
    assert!(d.message.contains("__opencl_c_atomic_order_seq_cst"));
    assert!(run(AtomicForm::Plain, None, &Target::new(ClStd::Cl30)).is_empty());
    assert!(run(
        AtomicForm::Plain,
        None,
        &target_without(ClStd::Cl20, &[Feature::AtomicOrderSeqCst])
    )
    .is_empty());
    // `_explicit` without a scope implies device scope.
    let no_device = target_without(ClStd::Cl30, &[Feature::AtomicScopeDevice]);
    let diagnostics = run(AtomicForm::Explicit, Some(MemoryOrder::Relaxed), &no_device);
    single(&diagnostics, "E0417");
    assert!(run(AtomicForm::Explicit, Some(MemoryOrder::Relaxed), &lean).is_empty());
    // Acquire/release on atomic functions need the acq_rel feature.
    let no_acq_rel = target_without(ClStd::Cl30, &[Feature::AtomicOrderAcqRel]);
    let diagnostics = run(
        AtomicForm::Explicit,
        Some(MemoryOrder::Release),
        &no_acq_rel,
    );
    assert!(single(&diagnostics, "E0417")
        .message
        .contains("__opencl_c_atomic_order_acq_rel"));
    assert!(run(
        AtomicForm::Explicit,
        Some(MemoryOrder::Relaxed),
        &no_acq_rel
    )
    .is_empty());
}

#[test]
fn sixty_four_bit_operations() {
    let long = Type::Int {
        bits: 64,
        signed: true,
    };
    let no_int64 = target_without(ClStd::Cl20, &[Feature::KhrInt64BaseAtomics]);
    // Legacy atom_add on a long needs the base extension only.
    let case = call_on(
        AtomicOp::LegacyAdd,
        AtomicForm::LegacyAtom,
        "atom_add",
        long,
        AddressSpace::Global,
        None,
    );
    let diagnostics = case.check_default_levels(&no_int64);
    assert!(single(&diagnostics, "E0417").message.contains("64-bit"));
    let no_extended = target_without(ClStd::Cl20, &[Feature::KhrInt64ExtendedAtomics]);
    let case = call_on(
        AtomicOp::LegacyAdd,
        AtomicForm::LegacyAtom,
        "atom_add",
        long,
        AddressSpace::Global,
        None,
    );
    assert!(case.check_default_levels(&no_extended).is_empty());
    // C11 operations on atomic_long need both.
    let mut case = Case::new("atomic_fetch_add(p, 1);");
    let atomic_long = case.atomic_of(long);
    let p = case.pointer(atomic_long, AddressSpace::Global, "p");
    let call = case.call(AtomicOp::FetchAdd, AtomicForm::Plain, "atomic_fetch_add", p);
    case.atomic_stmt(call);
    assert_eq!(codes(&case.check_default_levels(&no_extended)), ["E0417"]);
}

#[test]
fn thirty_two_bit_atom_functions_by_address_space() {
    let int = Type::Int {
        bits: 32,
        signed: true,
    };
    let no_local = target_without(ClStd::Cl12, &[Feature::KhrLocalInt32BaseAtomics]);
    let local = call_on(
        AtomicOp::LegacyInc,
        AtomicForm::LegacyAtom,
        "atom_inc",
        int,
        AddressSpace::Local,
        None,
    );
    let diagnostics = local.check_default_levels(&no_local);
    let d = single(&diagnostics, "E0417");
    assert!(d.message.contains("`local` memory"));
    assert!(d.message.contains("cl_khr_local_int32_base_atomics"));
    let global = call_on(
        AtomicOp::LegacyInc,
        AtomicForm::LegacyAtom,
        "atom_inc",
        int,
        AddressSpace::Global,
        None,
    );
    assert!(global.check_default_levels(&no_local).is_empty());
    // The 1.1 spelling is core: no extension needed.
    let core = call_on(
        AtomicOp::LegacyInc,
        AtomicForm::Legacy,
        "atomic_inc",
        int,
        AddressSpace::Local,
        None,
    );
    assert!(core.check_default_levels(&no_local).is_empty());
}

#[test]
fn float_atomics_need_the_extension_and_the_space_feature() {
    let float = Type::Float { bits: 32 };
    let run = |op: AtomicOp, space: AddressSpace, target: &Target| {
        let mut case = Case::new("atomic_fetch_add(p, 1);");
        let atomic_float = case.atomic_of(float);
        let p = case.pointer(atomic_float, space, "p");
        let call = case.call(op, AtomicForm::Plain, "atomic_fetch_add", p);
        case.atomic_stmt(call);
        codes(&case.check_default_levels(target))
    };
    let full = Target::new(ClStd::Cl20);
    assert!(run(AtomicOp::FetchAdd, AddressSpace::Global, &full).is_empty());
    assert!(run(
        AtomicOp::Exchange,
        AddressSpace::Global,
        &target_without(ClStd::Cl20, &[Feature::ExtFloatAtomics])
    )
    .is_empty());
    assert_eq!(
        run(
            AtomicOp::FetchAdd,
            AddressSpace::Global,
            &target_without(ClStd::Cl20, &[Feature::ExtFloatAtomics])
        ),
        ["E0417"]
    );
    let no_local_add = target_without(ClStd::Cl20, &[Feature::ExtFp32LocalAtomicAdd]);
    assert!(run(AtomicOp::FetchAdd, AddressSpace::Global, &no_local_add).is_empty());
    assert_eq!(
        run(AtomicOp::FetchAdd, AddressSpace::Local, &no_local_add),
        ["E0417"]
    );
    assert_eq!(
        run(AtomicOp::FetchAdd, AddressSpace::Generic, &no_local_add),
        ["E0417"]
    );
    assert!(run(AtomicOp::FetchMin, AddressSpace::Local, &no_local_add).is_empty());
}
