//! The exact IR produced for key constructs.

use oclc_ir::{
    AddressSpace, AtomicForm, AtomicOp, CaseLabel, ConstInit, Conversion, ExprKind, FenceKind,
    Literal, Stmt, Type,
};

use super::compile_ok;
use crate::type_name;

#[test]
fn explicit_fetch_add_keeps_the_global_pointer_and_folds_order_and_scope() {
    let c = compile_ok(
        "kernel void k(global atomic_int *g) {
            int i = get_global_id(0);
            atomic_fetch_add_explicit(&g[i], 1, memory_order_relaxed, memory_scope_device);
        }",
    );
    let f = c.function("k");
    let atomics = c.atomics(f);
    assert_eq!(atomics.len(), 1);
    let call = atomics[0];
    assert_eq!(call.op, AtomicOp::FetchAdd);
    assert_eq!(call.form, AtomicForm::ExplicitScope);
    let pointer_ty = f.expr(call.pointer).ty;
    assert_eq!(
        type_name(&c.module.types, pointer_ty),
        "global atomic_int *"
    );
    assert_eq!(call.order.map(|o| o.value), Some(Some(0)));
    assert_eq!(call.scope.map(|s| s.value), Some(Some(2)));
    assert_eq!(call.failure, None);
    assert_eq!(call.operands.len(), 1);
    assert_eq!(
        type_name(&c.module.types, f.expr(call.operands[0]).ty),
        "int"
    );
    let result = f
        .exprs
        .iter()
        .find(|e| matches!(e.kind, ExprKind::Atomic(_)));
    assert_eq!(
        result.map(|e| type_name(&c.module.types, e.ty)).as_deref(),
        Some("int")
    );
}

#[test]
fn compare_exchange_operands_and_orders() {
    let c = compile_ok(
        "kernel void k(global atomic_uint *p) {
            uint expected = 0;
            bool ok = atomic_compare_exchange_strong_explicit(p, &expected, 1, memory_order_acq_rel,
                                                              memory_order_acquire);
        }",
    );
    let f = c.function("k");
    let call = c.atomics(f)[0];
    assert_eq!(call.form, AtomicForm::Explicit);
    assert_eq!(call.order.and_then(|o| o.value), Some(4));
    assert_eq!(call.failure.and_then(|o| o.value), Some(2));
    assert_eq!(call.scope, None);
    let expected_ty = f.expr(call.operands[0]).ty;
    assert_eq!(type_name(&c.module.types, expected_ty), "private uint *");
    assert_eq!(
        type_name(&c.module.types, f.expr(call.operands[1]).ty),
        "uint"
    );
}

#[test]
fn plain_forms_have_no_memory_arguments_and_c_result_types() {
    let c = compile_ok(
        "kernel void k(global atomic_int *p, global atomic_flag *f) {
            atomic_store(p, 3);
            int v = atomic_load(p);
            bool was = atomic_flag_test_and_set(f);
        }",
    );
    let f = c.function("k");
    let atomics = c.atomics(f);
    assert_eq!(atomics.len(), 3);
    for call in &atomics {
        assert_eq!(call.form, AtomicForm::Plain);
        assert!(call.order.is_none() && call.scope.is_none());
    }
    let types: Vec<String> = f
        .exprs
        .iter()
        .filter(|e| matches!(e.kind, ExprKind::Atomic(_)))
        .map(|e| type_name(&c.module.types, e.ty))
        .collect();
    assert_eq!(types, ["void", "int", "bool"]);
}

#[test]
fn legacy_atomics_keep_volatile_local_pointers() {
    let c = compile_ok(
        "kernel void k(volatile local int *l) {
            atomic_inc(l);
            atom_cmpxchg(l, 1, 2);
        }",
    );
    let f = c.function("k");
    let atomics = c.atomics(f);
    assert_eq!(atomics[0].op, AtomicOp::LegacyInc);
    assert_eq!(atomics[0].form, AtomicForm::Legacy);
    assert!(atomics[0].operands.is_empty());
    assert_eq!(atomics[1].op, AtomicOp::LegacyCmpxchg);
    assert_eq!(atomics[1].form, AtomicForm::LegacyAtom);
    assert_eq!(atomics[1].operands.len(), 2);
    assert_eq!(
        type_name(&c.module.types, f.expr(atomics[0].pointer).ty),
        "local volatile int *"
    );
}

#[test]
fn non_atomic_pointee_still_lowers_for_the_rules() {
    let c = super::compile("kernel void k(global int *p) { atomic_fetch_add(p, 1); }");
    let f = c.function("k");
    let call = c.atomics(f)[0];
    assert_eq!(
        type_name(&c.module.types, f.expr(call.pointer).ty),
        "global int *"
    );
    assert!(
        c.error_ids().iter().all(|id| id.starts_with("E04")),
        "{:?}",
        c.error_ids()
    );
}

#[test]
fn fences_carry_folded_flags() {
    let c = compile_ok(
        "kernel void k(void) {
            barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
            atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acq_rel, memory_scope_work_group);
        }",
    );
    let f = c.function("k");
    let fences: Vec<_> = f
        .exprs
        .iter()
        .filter_map(|e| match &e.kind {
            ExprKind::Fence(call) => Some(call),
            _ => None,
        })
        .collect();
    assert_eq!(fences[0].kind, FenceKind::Barrier);
    assert_eq!(fences[0].flags.value, Some(3));
    assert_eq!(
        type_name(&c.module.types, f.expr(fences[0].flags.expr).ty),
        "uint"
    );
    assert_eq!(fences[1].kind, FenceKind::AtomicWorkItemFence);
    assert_eq!(fences[1].order.and_then(|o| o.value), Some(4));
    assert_eq!(fences[1].scope.and_then(|o| o.value), Some(1));
}

#[test]
fn comparisons_are_bool_in_conditions_and_int_in_values() {
    let c = compile_ok(
        "kernel void k(global int *p, int a) {
            if (a < 3) p[0] = a == 2;
        }",
    );
    let f = c.function("k");
    let Some(Stmt::If { cond, .. }) = f.body.0.first() else {
        panic!("expected an if: {:?}", f.body);
    };
    assert_eq!(c.module.types.get(f.expr(*cond).ty), Type::Bool);
    assert!(matches!(
        f.expr(*cond).kind,
        ExprKind::Binary(oclc_ir::BinaryOp::Lt, _, _)
    ));
    assert!(f
        .exprs
        .iter()
        .any(|e| matches!(e.kind, ExprKind::Convert(Conversion::BoolToInt, _))));
}

#[test]
fn named_pointers_convert_to_generic_for_helpers() {
    let c = compile_ok(
        "void set(int *p) { *p = 1; }
        kernel void k(global int *g) { set(g); }",
    );
    let f = c.function("k");
    let call_args = f.exprs.iter().find_map(|e| match &e.kind {
        ExprKind::Call(_, args) => Some(args.clone()),
        _ => None,
    });
    let arg = call_args
        .and_then(|a| a.first().copied())
        .map(|a| f.expr(a));
    assert!(matches!(
        arg.map(|a| &a.kind),
        Some(ExprKind::Convert(Conversion::ToGeneric, _))
    ));
    assert_eq!(
        type_name(&c.module.types, arg.map(|a| a.ty).expect("an argument")),
        "generic int *"
    );
}

#[test]
fn kernel_local_variables_become_globals_and_program_scope_initializers_fold() {
    let c = compile_ok(
        "global int table[3] = {1, 2 + 3};
        constant uint mask = 0xffu;
        kernel void k(void) { local int scratch[8]; scratch[0] = table[1]; }",
    );
    let globals: &[oclc_ir::GlobalVariable] = &c.module.globals;
    assert_eq!(globals.len(), 3);
    assert_eq!(globals[0].space, AddressSpace::Global);
    assert_eq!(
        globals[0].init,
        Some(ConstInit::Composite(vec![
            ConstInit::Scalar(Literal::Int(1)),
            ConstInit::Scalar(Literal::Int(5)),
            ConstInit::Zero
        ]))
    );
    assert!(globals[0].init_span.is_some());
    assert_eq!(globals[1].space, AddressSpace::Constant);
    assert_eq!(globals[1].init, Some(ConstInit::Scalar(Literal::Int(0xff))));
    assert_eq!(globals[2].space, AddressSpace::Local);
    assert_eq!(globals[2].kernel, c.module.functions.handles().next());
    assert_eq!(globals[2].init_span, None);
}

#[test]
fn switch_segments_and_for_loops() {
    let c = compile_ok(
        "kernel void k(global int *p, int x) {
            switch (x) { case 1: case 2: p[0] = 1; break; default: p[0] = 2; }
            for (int i = 0; i < 4; i++) p[i] = i;
        }",
    );
    let f = c.function("k");
    let Some(Stmt::Switch { segments, .. }) = f.body.0.first() else {
        panic!("expected a switch: {:?}", f.body);
    };
    assert_eq!(segments.len(), 2);
    assert_eq!(
        segments[0].labels,
        vec![CaseLabel::Value(1), CaseLabel::Value(2)]
    );
    assert_eq!(segments[1].labels, vec![CaseLabel::Default]);
    let Some(Stmt::Block(block)) = f.body.0.get(1) else {
        panic!("expected the for loop's block: {:?}", f.body);
    };
    assert!(
        matches!(block.0.last(), Some(Stmt::Loop { test_first: true, continuing, .. }) if continuing.0.len() == 1)
    );
}

#[test]
fn atomic_object_arithmetic_lowers_to_ordinary_nodes() {
    let c = super::compile(
        "kernel void k(global atomic_int *p) { p[0]++; p[0] += 2; int v = p[0] + 1; }",
    );
    let f = c.function("k");
    let incdec = f
        .exprs
        .iter()
        .find(|e| matches!(e.kind, ExprKind::IncDec { .. }));
    assert_eq!(
        incdec.map(|e| type_name(&c.module.types, e.ty)).as_deref(),
        Some("int")
    );
    assert!(f
        .exprs
        .iter()
        .any(|e| matches!(e.kind, ExprKind::CompoundAssign { .. })));
    let load = f.exprs.iter().find(|e| matches!(e.kind, ExprKind::Load(_)));
    assert_eq!(
        load.map(|e| type_name(&c.module.types, e.ty)).as_deref(),
        Some("int")
    );
    assert!(
        c.error_ids().iter().all(|id| id.starts_with("E04")),
        "{:?}",
        c.error_ids()
    );
}

#[test]
fn module_records_the_target() {
    let c = super::compile_for(
        "kernel void k(global int *p) { size_t s = sizeof(size_t); p[0] = (int)s; }",
        oclc_target::Target {
            pointer_bits: 32,
            ..oclc_target::Target::new(oclc_target::ClStd::Cl12)
        },
    );
    assert!(c.errors().is_empty(), "{:?}", c.error_ids());
    assert_eq!(c.module.source_version, 120);
    assert_eq!(c.module.pointer_bits, 32);
    let f = c.function("k");
    assert!(f
        .exprs
        .iter()
        .any(|e| e.kind == ExprKind::Literal(Literal::Int(4))
            && type_name(&c.module.types, e.ty) == "uint"));
}

#[test]
fn reqd_work_group_size_is_recorded() {
    let c = compile_ok("kernel __attribute__((reqd_work_group_size(64, 2, 1))) void k(void) {}");
    let info = c.function("k").kernel.clone();
    assert_eq!(info.and_then(|k| k.reqd_work_group_size), Some([64, 2, 1]));
}
