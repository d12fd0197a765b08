//! Order rules: E0401–E0405, E0408–E0410 and W0403.

use super::{codes, fix, primary_text, single, Case};
use oclc_ir::{AddressSpace, AtomicForm, AtomicOp, FenceKind, MemoryOrder, FENCE_LOCAL};

/// `op(p, ..., <order>)` on a global `atomic_int *` with the order written
/// as `order_text` and valued `value`.
fn ordered_call(op: AtomicOp, name: &str, order_text: &str, value: Option<i64>) -> Case {
    let source = format!("{name}(p, 1, {order_text});");
    let mut case = Case::new(&source);
    let atomic_int = case.atomic_int();
    let p = case.pointer(atomic_int, AddressSpace::Global, "p");
    let mut call = case.call(op, AtomicForm::Explicit, name, p);
    call.order = Some(case.arg(value, order_text));
    case.atomic_stmt(call);
    case
}

#[test]
fn store_with_acquire_is_an_error_with_a_release_fix() {
    let case = ordered_call(
        AtomicOp::Store,
        "atomic_store_explicit",
        "memory_order_acquire",
        Some(2),
    );
    let sources = case.sources.clone();
    let diagnostics = case.check();
    let d = single(&diagnostics, "E0401");
    assert_eq!(
        d.message,
        "atomic store cannot have `memory_order_acquire` ordering"
    );
    assert_eq!(primary_text(&sources, d), "memory_order_acquire");
    assert!(d.notes.iter().any(|n| n.contains("§6.15.12.7.1")));
    assert!(d.notes.iter().any(|n| n.contains("`memory_order_release`")));
    assert_eq!(
        fix(&sources, d),
        (
            "memory_order_acquire".to_owned(),
            "memory_order_release".to_owned()
        )
    );
}

#[test]
fn store_orders() {
    for order in MemoryOrder::ALL {
        let diagnostics = ordered_call(
            AtomicOp::Store,
            "atomic_store_explicit",
            order.name(),
            Some(order.value()),
        )
        .check();
        let bad = matches!(order, MemoryOrder::Acquire | MemoryOrder::AcqRel);
        assert_eq!(
            codes(&diagnostics),
            if bad { vec!["E0401"] } else { vec![] }
        );
    }
}

#[test]
fn load_orders() {
    for order in MemoryOrder::ALL {
        let diagnostics = ordered_call(
            AtomicOp::Load,
            "atomic_load_explicit",
            order.name(),
            Some(order.value()),
        )
        .check();
        let bad = matches!(order, MemoryOrder::Release | MemoryOrder::AcqRel);
        assert_eq!(
            codes(&diagnostics),
            if bad { vec!["E0402"] } else { vec![] }
        );
    }
}

#[test]
fn load_with_acq_rel_suggests_acquire() {
    let case = ordered_call(
        AtomicOp::Load,
        "atomic_load_explicit",
        "memory_order_acq_rel",
        Some(4),
    );
    let sources = case.sources.clone();
    let diagnostics = case.check();
    let d = single(&diagnostics, "E0402");
    assert_eq!(fix(&sources, d).1, "memory_order_acquire");
}

#[test]
fn flag_clear_orders() {
    for order in MemoryOrder::ALL {
        let source = format!("atomic_flag_clear_explicit(f, {});", order.name());
        let mut case = Case::new(&source);
        let flag = case.ty(oclc_ir::Type::AtomicFlag);
        let f = case.pointer(flag, AddressSpace::Global, "f");
        let mut call = case.call(
            AtomicOp::FlagClear,
            AtomicForm::Explicit,
            "atomic_flag_clear_explicit",
            f,
        );
        call.order = Some(case.arg(Some(order.value()), order.name()));
        case.atomic_stmt(call);
        let diagnostics = case.check();
        let bad = matches!(order, MemoryOrder::Acquire | MemoryOrder::AcqRel);
        assert_eq!(
            codes(&diagnostics),
            if bad { vec!["E0403"] } else { vec![] }
        );
    }
}

#[test]
fn exchange_and_fetch_accept_every_order() {
    for (op, name) in [
        (AtomicOp::Exchange, "atomic_exchange_explicit"),
        (AtomicOp::FetchAdd, "atomic_fetch_add_explicit"),
        (
            AtomicOp::FlagTestAndSet,
            "atomic_flag_test_and_set_explicit",
        ),
    ] {
        for order in MemoryOrder::ALL {
            let diagnostics = ordered_call(op, name, order.name(), Some(order.value())).check();
            let diagnostics: Vec<_> = diagnostics
                .into_iter()
                .filter(|d| d.code.id != "E0411")
                .collect();
            assert!(diagnostics.is_empty(), "{name} {order:?}: {diagnostics:#?}");
        }
    }
}

/// A strong compare-exchange with `success` and `failure`.
fn compare_exchange(success: MemoryOrder, failure: MemoryOrder) -> Case {
    let source = format!(
        "atomic_compare_exchange_strong_explicit(p, &e, 1, {}, {});",
        success.name(),
        failure.name()
    );
    let mut case = Case::new(&source);
    let atomic_int = case.atomic_int();
    let p = case.pointer(atomic_int, AddressSpace::Global, "p");
    let mut call = case.call(
        AtomicOp::CompareExchangeStrong,
        AtomicForm::Explicit,
        "atomic_compare_exchange_strong_explicit",
        p,
    );
    let success_span = case.span_nth(success.name(), 0);
    let failure_span = case.span_nth(failure.name(), usize::from(success == failure));
    call.order = Some(case.arg_at(Some(success.value()), success_span));
    call.failure = Some(case.arg_at(Some(failure.value()), failure_span));
    case.atomic(call);
    case
}

/// Written independently of the rule's table, from the conformance
/// suite's filter (OpenCL-CTS c11_atomics): release/acq_rel failures are
/// E0404; otherwise a failure is too strong (E0405) when success is
/// relaxed and failure is not, or failure is seq_cst and success is not.
fn expected_compare_exchange_code(
    success: MemoryOrder,
    failure: MemoryOrder,
) -> Option<&'static str> {
    use MemoryOrder::*;
    if matches!(failure, Release | AcqRel) {
        return Some("E0404");
    }
    let too_strong =
        (success == Relaxed && failure != Relaxed) || (success != SeqCst && failure == SeqCst);
    too_strong.then_some("E0405")
}

#[test]
fn release_success_with_acquire_failure_is_valid() {
    // The conformance suite runs exactly this pair (912 of its kernels).
    let diagnostics = compare_exchange(MemoryOrder::Release, MemoryOrder::Acquire).check();
    assert_eq!(codes(&diagnostics), Vec::<&str>::new());
}

#[test]
fn compare_exchange_failure_table_is_exhaustively_right() {
    for success in MemoryOrder::ALL {
        for failure in MemoryOrder::ALL {
            let case = compare_exchange(success, failure);
            let sources = case.sources.clone();
            let diagnostics = case.check();
            let expected: Vec<&str> = expected_compare_exchange_code(success, failure)
                .into_iter()
                .collect();
            assert_eq!(codes(&diagnostics), expected, "{success:?}/{failure:?}");
            if let Some(d) = diagnostics.first() {
                // The fix is always a failure order the table accepts.
                let (replaced, replacement) = fix(&sources, d);
                assert_eq!(replaced, failure.name());
                let replacement = MemoryOrder::ALL
                    .into_iter()
                    .find(|o| o.name() == replacement)
                    .expect("an order name");
                assert_eq!(expected_compare_exchange_code(success, replacement), None);
            }
        }
    }
}

#[test]
fn stronger_failure_points_at_both_orders() {
    let case = compare_exchange(MemoryOrder::Relaxed, MemoryOrder::SeqCst);
    let sources = case.sources.clone();
    let diagnostics = case.check();
    let d = single(&diagnostics, "E0405");
    assert_eq!(primary_text(&sources, d), "memory_order_seq_cst");
    assert_eq!(sources.snippet(d.secondary[0].span), "memory_order_relaxed");
    assert_eq!(fix(&sources, d).1, "memory_order_relaxed");
    assert!(d.notes.iter().any(|n| n.contains("§6.15.12.7.4")));
}

#[test]
fn failure_release_with_seq_cst_success_suggests_seq_cst() {
    let case = compare_exchange(MemoryOrder::SeqCst, MemoryOrder::Release);
    let sources = case.sources.clone();
    let diagnostics = case.check();
    let d = single(&diagnostics, "E0404");
    assert_eq!(fix(&sources, d).1, "memory_order_seq_cst");
}

#[test]
fn invalid_constant_orders_and_consume() {
    for (value, consume) in [(1, true), (7, false), (-1, false)] {
        let case = ordered_call(
            AtomicOp::Load,
            "atomic_load_explicit",
            "(memory_order)X",
            Some(value),
        );
        let diagnostics = case.check();
        let d = single(&diagnostics, "E0408");
        assert_eq!(d.message, format!("`{value}` is not a valid memory order"));
        assert_eq!(d.notes.iter().any(|n| n.contains("consume")), consume);
    }
}

#[test]
fn non_constant_order_warns_once_and_nothing_else() {
    let diagnostics = ordered_call(AtomicOp::Store, "atomic_store_explicit", "order", None).check();
    let d = single(&diagnostics, "W0403");
    assert_eq!(
        d.message,
        "memory order argument is not a compile-time constant"
    );
}

#[test]
fn fence_flags_validity_and_non_constant_flags() {
    let mut case = Case::new("barrier(8); barrier(CLK_LOCAL_MEM_FENCE); barrier(f);");
    let eight = case.arg(Some(8), "8");
    case.fence(FenceKind::Barrier, "barrier", eight, None, None);
    let local = case.arg(Some(FENCE_LOCAL), "CLK_LOCAL_MEM_FENCE");
    case.fence(FenceKind::Barrier, "barrier", local, None, None);
    let unknown = case.arg(None, "f)");
    case.fence(FenceKind::Barrier, "barrier", unknown, None, None);
    let sources = case.sources.clone();
    let diagnostics = case.check();
    assert_eq!(codes(&diagnostics), ["E0410", "W0403"]);
    assert_eq!(primary_text(&sources, &diagnostics[0]), "8");
    assert_eq!(
        diagnostics[1].message,
        "fence flags argument is not a compile-time constant"
    );
}

#[test]
fn invalid_scope_value() {
    let mut case = Case::new("atomic_fetch_add_explicit(p, 1, memory_order_relaxed, 9);");
    let atomic_int = case.atomic_int();
    let p = case.pointer(atomic_int, AddressSpace::Global, "p");
    let mut call = case.call(
        AtomicOp::FetchAdd,
        AtomicForm::ExplicitScope,
        "atomic_fetch_add_explicit",
        p,
    );
    call.order = Some(case.arg(Some(0), "memory_order_relaxed"));
    call.scope = Some(case.arg(Some(9), "9"));
    case.atomic_stmt(call);
    let diagnostics = case.check();
    let d = single(&diagnostics, "E0409");
    assert_eq!(d.message, "`9` is not a valid memory scope");
}
