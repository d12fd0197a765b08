//! The atomic mapping: opcodes, scope and semantics constants.

use oclc_ir::{AddressSpace, AtomicForm, AtomicOp, ExprId, FenceKind, TypeId};
use rspirv::spirv::{Capability, Op};

use super::{emit_valid, Decoded, FunctionBuilder, ModuleBuilder};

const RELAXED: i64 = 0;
const ACQUIRE: i64 = 2;
const RELEASE: i64 = 3;
const ACQ_REL: i64 = 4;
const SEQ_CST: i64 = 5;
const WORK_ITEM: i64 = 0;
const WORK_GROUP: i64 = 1;
const DEVICE: i64 = 2;
const ALL_DEVICES: i64 = 3;
const SUB_GROUP: i64 = 4;

/// A kernel with one parameter `p` of type `pointer to space atomic T`.
fn kernel_with_atomic_param(
    m: &mut ModuleBuilder,
    value: TypeId,
    space: AddressSpace,
) -> FunctionBuilder<'_> {
    let atomic = m.atomic(value);
    let ptr = m.ptr(atomic, space);
    let void = m.void();
    m.function("k", true, &[("p", ptr)], void)
}

/// `op_explicit(p, operands..., order, scope)` with result type `ty`.
fn explicit(
    f: &mut FunctionBuilder<'_>,
    op: AtomicOp,
    operands: Vec<ExprId>,
    order: i64,
    scope: i64,
    ty: TypeId,
) {
    let p = f.param(0);
    let order = f.mem(order);
    let scope = f.mem(scope);
    let e = f.atomic(
        op,
        AtomicForm::ExplicitScope,
        p,
        operands,
        Some(order),
        None,
        Some(scope),
        ty,
    );
    f.eval(e);
}

/// IR that bypassed the checker with an invalid constant combination (a
/// store with acquire order; a fetch-and at work-item scope) is an internal
/// error, never a module.
#[test]
fn an_unchecked_invalid_combination_is_a_bug_not_a_module() {
    for (op, order, scope) in [
        (AtomicOp::Store, ACQUIRE, DEVICE),
        (AtomicOp::FetchAnd, RELAXED, WORK_ITEM),
    ] {
        let mut m = ModuleBuilder::new();
        let int = m.int(32, true);
        let void = m.void();
        let mut f = kernel_with_atomic_param(&mut m, int, AddressSpace::Global);
        let one = f.int(1, int);
        let ty = if op == AtomicOp::Store { void } else { int };
        explicit(&mut f, op, vec![one], order, scope, ty);
        f.finish();
        let diagnostic = crate::emit(&super::checked(&m.module), &crate::Options::default())
            .expect_err("an invalid combination must not be emitted");
        assert_eq!(
            diagnostic.severity,
            oclc_diagnostics::Severity::Bug,
            "{op:?}"
        );
    }
}

#[test]
fn every_c11_operation_on_a_global_int_maps_exactly() {
    let mut m = ModuleBuilder::new();
    let int = m.int(32, true);
    let void = m.void();
    let mut f = kernel_with_atomic_param(&mut m, int, AddressSpace::Global);
    let one = f.int(1, int);
    explicit(&mut f, AtomicOp::Store, vec![one], RELEASE, DEVICE, void);
    explicit(&mut f, AtomicOp::Load, vec![], ACQUIRE, WORK_GROUP, int);
    let one = f.int(1, int);
    explicit(
        &mut f,
        AtomicOp::Exchange,
        vec![one],
        ACQ_REL,
        ALL_DEVICES,
        int,
    );
    for (op, order, scope) in [
        (AtomicOp::FetchAdd, RELAXED, DEVICE),
        (AtomicOp::FetchSub, SEQ_CST, SUB_GROUP),
        (AtomicOp::FetchAnd, ACQUIRE, WORK_GROUP),
        (AtomicOp::FetchOr, RELEASE, WORK_GROUP),
        (AtomicOp::FetchXor, ACQ_REL, DEVICE),
        (AtomicOp::FetchMin, SEQ_CST, DEVICE),
        (AtomicOp::FetchMax, RELAXED, WORK_GROUP),
    ] {
        let two = f.int(2, int);
        explicit(&mut f, op, vec![two], order, scope, int);
    }
    // Plain forms: seq_cst, device.
    let p = f.param(0);
    let e = f.atomic(
        AtomicOp::Load,
        AtomicForm::Plain,
        p,
        vec![],
        None,
        None,
        None,
        int,
    );
    f.eval(e);
    // Explicit without scope: device.
    let p = f.param(0);
    let order = f.mem(ACQUIRE);
    let e = f.atomic(
        AtomicOp::Load,
        AtomicForm::Explicit,
        p,
        vec![],
        Some(order),
        None,
        None,
        int,
    );
    f.eval(e);
    // atomic_init is a plain store.
    let p = f.param(0);
    let zero = f.int(0, int);
    let e = f.atomic(
        AtomicOp::Init,
        AtomicForm::Plain,
        p,
        vec![zero],
        None,
        None,
        None,
        void,
    );
    f.eval(e);
    f.finish();
    let words = emit_valid(&m.module);
    let decoded = Decoded::new(&words);
    let g = 0x200;
    assert_eq!(
        decoded.memory_operations(),
        vec![
            (Op::AtomicStore, vec![1, 0x4 | g]),
            (Op::AtomicLoad, vec![2, 0x2 | g]),
            (Op::AtomicExchange, vec![0, 0x8 | g]),
            (Op::AtomicIAdd, vec![1, 0]),
            (Op::AtomicISub, vec![3, 0x10 | g]),
            (Op::AtomicAnd, vec![2, 0x2 | g]),
            (Op::AtomicOr, vec![2, 0x4 | g]),
            (Op::AtomicXor, vec![1, 0x8 | g]),
            (Op::AtomicSMin, vec![1, 0x10 | g]),
            (Op::AtomicSMax, vec![2, 0]),
            (Op::AtomicLoad, vec![1, 0x10 | g]),
            (Op::AtomicLoad, vec![1, 0x2 | g]),
        ]
    );
    assert_eq!(
        decoded.with_op(Op::Store).len(),
        1,
        "atomic_init is one OpStore"
    );
    assert!(!decoded.capabilities().contains(&Capability::GenericPointer));
    assert!(!decoded.capabilities().contains(&Capability::Int64Atomics));
}

#[test]
fn unsigned_min_max_and_storage_bits_follow_the_pointer() {
    for (space, bits) in [
        (AddressSpace::Global, 0x200),
        (AddressSpace::Local, 0x100),
        (AddressSpace::Generic, 0x300),
    ] {
        let mut m = ModuleBuilder::new();
        let uint = m.int(32, false);
        let mut f = kernel_with_atomic_param(&mut m, uint, space);
        let one = f.int(1, uint);
        explicit(&mut f, AtomicOp::FetchMin, vec![one], SEQ_CST, DEVICE, uint);
        let one = f.int(1, uint);
        explicit(
            &mut f,
            AtomicOp::FetchMax,
            vec![one],
            ACQUIRE,
            WORK_GROUP,
            uint,
        );
        f.finish();
        let decoded = Decoded::new(&emit_valid(&m.module));
        assert_eq!(
            decoded.memory_operations(),
            vec![
                (Op::AtomicUMin, vec![1, 0x10 | bits]),
                (Op::AtomicUMax, vec![2, 0x2 | bits]),
            ],
            "{space:?}"
        );
        assert_eq!(
            decoded.capabilities().contains(&Capability::GenericPointer),
            space == AddressSpace::Generic
        );
    }
}

#[test]
fn compare_exchange_uses_success_and_failure_orders_and_writes_back() {
    let mut m = ModuleBuilder::new();
    let int = m.int(32, true);
    let bool_ty = m.bool();
    let mut f = kernel_with_atomic_param(&mut m, int, AddressSpace::Global);
    let expected = f.local("expected", int);
    for (op, success, failure) in [
        (AtomicOp::CompareExchangeStrong, ACQ_REL, ACQUIRE),
        (AtomicOp::CompareExchangeWeak, SEQ_CST, RELAXED),
    ] {
        let p = f.param(0);
        let e = f.local_ptr(expected);
        let desired = f.int(7, int);
        let success = f.mem(success);
        let failure = f.mem(failure);
        let scope = f.mem(WORK_GROUP);
        let call = f.atomic(
            op,
            AtomicForm::ExplicitScope,
            p,
            vec![e, desired],
            Some(success),
            Some(failure),
            Some(scope),
            bool_ty,
        );
        f.eval(call);
    }
    f.finish();
    let decoded = Decoded::new(&emit_valid(&m.module));
    assert_eq!(
        decoded.memory_operations(),
        vec![
            (Op::AtomicCompareExchange, vec![2, 0x8 | 0x200, 0x2 | 0x200]),
            (Op::AtomicCompareExchange, vec![2, 0x10 | 0x200, 0]),
        ]
    );
    // Each compare-exchange loads `expected`, compares and stores back.
    assert_eq!(decoded.with_op(Op::IEqual).len(), 2);
    assert_eq!(decoded.with_op(Op::Store).len(), 2);
    assert!(decoded.with_op(Op::AtomicCompareExchangeWeak).is_empty());
}

#[test]
fn float_atomics_use_the_ext_instructions_and_integer_compare_exchange() {
    let mut m = ModuleBuilder::new();
    let float = m.float(32);
    let bool_ty = m.bool();
    let mut f = kernel_with_atomic_param(&mut m, float, AddressSpace::Global);
    for op in [
        AtomicOp::FetchAdd,
        AtomicOp::FetchSub,
        AtomicOp::FetchMin,
        AtomicOp::FetchMax,
        AtomicOp::Exchange,
    ] {
        let x = f.float(1.5, float);
        explicit(&mut f, op, vec![x], RELAXED, DEVICE, float);
    }
    let expected = f.local("expected", float);
    let p = f.param(0);
    let e = f.local_ptr(expected);
    let desired = f.float(2.0, float);
    let call = f.atomic(
        AtomicOp::CompareExchangeStrong,
        AtomicForm::Plain,
        p,
        vec![e, desired],
        None,
        None,
        None,
        bool_ty,
    );
    f.eval(call);
    f.finish();
    let decoded = Decoded::new(&emit_valid(&m.module));
    assert_eq!(
        decoded.memory_operations(),
        vec![
            (Op::AtomicFAddEXT, vec![1, 0]),
            (Op::AtomicFAddEXT, vec![1, 0]),
            (Op::AtomicFMinEXT, vec![1, 0]),
            (Op::AtomicFMaxEXT, vec![1, 0]),
            (Op::AtomicExchange, vec![1, 0]),
            (Op::AtomicCompareExchange, vec![1, 0x210, 0x210]),
        ]
    );
    assert_eq!(
        decoded.with_op(Op::FNegate).len(),
        1,
        "fetch_sub adds the negation"
    );
    // Pointer, expected pointer and desired value are bitcast to int.
    assert_eq!(decoded.with_op(Op::Bitcast).len(), 3);
    let capabilities = decoded.capabilities();
    assert!(capabilities.contains(&Capability::AtomicFloat32AddEXT));
    assert!(capabilities.contains(&Capability::AtomicFloat32MinMaxEXT));
    assert_eq!(decoded.with_op(Op::Extension).len(), 2);
}

#[test]
fn flags_use_test_and_set_and_clear() {
    let mut m = ModuleBuilder::new();
    let flag = m.ty(oclc_ir::Type::AtomicFlag);
    let ptr = m.ptr(flag, AddressSpace::Local);
    let void = m.void();
    let bool_ty = m.bool();
    let mut f = m.function("k", true, &[("f", ptr)], void);
    explicit(
        &mut f,
        AtomicOp::FlagTestAndSet,
        vec![],
        ACQUIRE,
        WORK_GROUP,
        bool_ty,
    );
    explicit(
        &mut f,
        AtomicOp::FlagClear,
        vec![],
        RELEASE,
        WORK_GROUP,
        void,
    );
    f.finish();
    let decoded = Decoded::new(&emit_valid(&m.module));
    assert_eq!(
        decoded.memory_operations(),
        vec![
            (Op::AtomicFlagTestAndSet, vec![2, 0x102]),
            (Op::AtomicFlagClear, vec![2, 0x104]),
        ]
    );
}

/// A kernel applying legacy atomics to an `int *` in `space`.
fn legacy_module(space: AddressSpace, source_version: u32) -> Vec<(Op, Vec<u64>)> {
    let mut m = ModuleBuilder::new();
    m.module.source_version = source_version;
    let int = m.int(32, true);
    let ptr = m.ptr(int, space);
    let void = m.void();
    let mut f = m.function("k", true, &[("p", ptr)], void);
    for op in [
        AtomicOp::LegacyAdd,
        AtomicOp::LegacyInc,
        AtomicOp::LegacyDec,
        AtomicOp::LegacyXchg,
        AtomicOp::LegacyMin,
        AtomicOp::LegacyCmpxchg,
    ] {
        let p = f.param(0);
        let mut operands = Vec::new();
        if !matches!(op, AtomicOp::LegacyInc | AtomicOp::LegacyDec) {
            operands.push(f.int(3, int));
        }
        if op == AtomicOp::LegacyCmpxchg {
            operands.push(f.int(4, int));
        }
        let e = f.atomic(op, AtomicForm::Legacy, p, operands, None, None, None, int);
        f.eval(e);
    }
    f.finish();
    Decoded::new(&emit_valid(&m.module)).memory_operations()
}

#[test]
fn legacy_atomics_are_relaxed_with_scope_by_address_space() {
    let expected = |scope: u64| {
        vec![
            (Op::AtomicIAdd, vec![scope, 0]),
            (Op::AtomicIIncrement, vec![scope, 0]),
            (Op::AtomicIDecrement, vec![scope, 0]),
            (Op::AtomicExchange, vec![scope, 0]),
            (Op::AtomicSMin, vec![scope, 0]),
            (Op::AtomicCompareExchange, vec![scope, 0, 0]),
        ]
    };
    assert_eq!(legacy_module(AddressSpace::Global, 200), expected(1));
    assert_eq!(legacy_module(AddressSpace::Local, 200), expected(2));
    assert_eq!(legacy_module(AddressSpace::Local, 120), expected(1));
}

#[test]
fn legacy_cmpxchg_passes_value_before_comparator() {
    let mut m = ModuleBuilder::new();
    let int = m.int(32, true);
    let ptr = m.ptr(int, AddressSpace::Global);
    let void = m.void();
    let mut f = m.function("k", true, &[("p", ptr)], void);
    let p = f.param(0);
    let compare = f.int(10, int);
    let value = f.int(20, int);
    let e = f.atomic(
        AtomicOp::LegacyCmpxchg,
        AtomicForm::Legacy,
        p,
        vec![compare, value],
        None,
        None,
        None,
        int,
    );
    f.eval(e);
    f.finish();
    let decoded = Decoded::new(&emit_valid(&m.module));
    let cas = decoded.with_op(Op::AtomicCompareExchange);
    assert_eq!(decoded.constant(&cas[0].operands[4]), 20, "value");
    assert_eq!(decoded.constant(&cas[0].operands[5]), 10, "comparator");
}

#[test]
fn sixty_four_bit_atomics_declare_int64_atomics_and_validate_universally() {
    let mut m = ModuleBuilder::new();
    let long = m.int(64, true);
    let mut f = kernel_with_atomic_param(&mut m, long, AddressSpace::Global);
    let one = f.int(1, long);
    explicit(&mut f, AtomicOp::FetchAdd, vec![one], RELAXED, DEVICE, long);
    f.finish();
    let words = emit_valid(&m.module);
    let decoded = Decoded::new(&words);
    assert!(decoded.capabilities().contains(&Capability::Int64Atomics));
    assert_eq!(
        crate::required_validation_env(&words),
        crate::ValidationEnv::Universal(0)
    );
}

#[test]
fn a_runtime_order_becomes_a_switch_over_the_valid_orders() {
    let mut m = ModuleBuilder::new();
    let int = m.int(32, true);
    let atomic = m.atomic(int);
    let ptr = m.ptr(atomic, AddressSpace::Global);
    let void = m.void();
    let mut f = m.function("k", true, &[("p", ptr), ("order", int)], void);
    let p = f.param(0);
    let order = f.param(1);
    let order = f.runtime_mem(order);
    let scope = f.mem(WORK_GROUP);
    let e = f.atomic(
        AtomicOp::Load,
        AtomicForm::ExplicitScope,
        p,
        vec![],
        Some(order),
        None,
        Some(scope),
        int,
    );
    let local = f.local("x", int);
    let x = f.local_ptr(local);
    let store = f.store(x, e);
    f.eval(store);
    f.finish();
    let decoded = Decoded::new(&emit_valid(&m.module));
    // Relaxed, acquire, seq_cst, then the seq_cst default arm.
    assert_eq!(
        decoded.memory_operations(),
        vec![
            (Op::AtomicLoad, vec![2, 0]),
            (Op::AtomicLoad, vec![2, 0x202]),
            (Op::AtomicLoad, vec![2, 0x210]),
            (Op::AtomicLoad, vec![2, 0x210]),
        ]
    );
    let switch = decoded.with_op(Op::Switch);
    assert_eq!(switch.len(), 1);
    // Selector, default, then (literal, label) pairs for 0, 2, 5.
    let literals: Vec<String> = switch[0].operands[2..]
        .iter()
        .step_by(2)
        .map(|o| o.to_string())
        .collect();
    assert_eq!(literals, ["0", "2", "5"]);
    let phi = decoded.with_op(Op::Phi);
    assert_eq!(phi.len(), 1);
    assert_eq!(phi[0].operands.len(), 8, "four incoming values");
}

#[test]
fn runtime_success_and_failure_orders_switch_over_valid_pairs() {
    let mut m = ModuleBuilder::new();
    let int = m.int(32, true);
    let bool_ty = m.bool();
    let atomic = m.atomic(int);
    let ptr = m.ptr(atomic, AddressSpace::Local);
    let void = m.void();
    let mut f = m.function(
        "k",
        true,
        &[("p", ptr), ("s", int), ("f", int), ("scope", int)],
        void,
    );
    let expected = f.local("expected", int);
    let p = f.param(0);
    let e = f.local_ptr(expected);
    let desired = f.int(1, int);
    let success = f.param(1);
    let success = f.runtime_mem(success);
    let failure = f.param(2);
    let failure = f.runtime_mem(failure);
    let scope = f.param(3);
    let scope = f.runtime_mem(scope);
    let call = f.atomic(
        AtomicOp::CompareExchangeStrong,
        AtomicForm::ExplicitScope,
        p,
        vec![e, desired],
        Some(success),
        Some(failure),
        Some(scope),
        bool_ty,
    );
    f.eval(call);
    f.finish();
    let decoded = Decoded::new(&emit_valid(&m.module));
    let operations = decoded.memory_operations();
    // 10 valid (success, failure) pairs × 4 scopes (work-item scope is
    // invalid for atomics), plus the default.
    assert_eq!(operations.len(), 10 * 4 + 1);
    for (op, values) in &operations {
        assert_eq!(*op, Op::AtomicCompareExchange);
        // Unequal never carries Release or AcqRel, and never more order
        // bits than Equal.
        assert_eq!(values[2] & 0xc, 0);
        assert!(values[2] & 0x1f <= values[1] & 0x1f || values[1] & 0x1f == 0x8);
    }
    assert_eq!(
        operations.last(),
        Some(&(Op::AtomicCompareExchange, vec![1, 0x110, 0x110]))
    );
}

#[test]
fn fences_and_barriers_map_flags_orders_and_scopes() {
    let mut m = ModuleBuilder::new();
    let void = m.void();
    let mut f = m.function("k", true, &[], void);
    let fences = [
        (FenceKind::Barrier, 1, None, None),
        (FenceKind::Barrier, 0, None, None),
        (FenceKind::WorkGroupBarrier, 3, None, Some(DEVICE)),
        (FenceKind::MemFence, 2, None, None),
        (FenceKind::ReadMemFence, 1, None, None),
        (FenceKind::WriteMemFence, 4, None, None),
        (
            FenceKind::AtomicWorkItemFence,
            2,
            Some(ACQ_REL),
            Some(WORK_GROUP),
        ),
        (
            FenceKind::AtomicWorkItemFence,
            1,
            Some(RELAXED),
            Some(WORK_GROUP),
        ),
    ];
    for (kind, flags, order, scope) in fences {
        let flags = f.mem(flags);
        let order = order.map(|o| f.mem(o));
        let scope = scope.map(|s| f.mem(s));
        let e = f.fence(kind, flags, order, scope);
        f.eval(e);
    }
    f.finish();
    let decoded = Decoded::new(&emit_valid(&m.module));
    assert_eq!(
        decoded.memory_operations(),
        vec![
            (Op::ControlBarrier, vec![2, 2, 0x110]),
            (Op::ControlBarrier, vec![2, 2, 0]),
            (Op::ControlBarrier, vec![2, 1, 0x310]),
            (Op::MemoryBarrier, vec![2, 0x208]),
            (Op::MemoryBarrier, vec![2, 0x102]),
            (Op::MemoryBarrier, vec![2, 0x804]),
            (Op::MemoryBarrier, vec![2, 0x208]),
        ],
        "a relaxed atomic_work_item_fence emits nothing"
    );
}

#[test]
fn runtime_barrier_flags_switch_over_all_flag_combinations() {
    let mut m = ModuleBuilder::new();
    let void = m.void();
    let uint = m.int(32, false);
    let mut f = m.function("k", true, &[("flags", uint)], void);
    let flags = f.param(0);
    let flags = f.runtime_mem(flags);
    let e = f.fence(FenceKind::Barrier, flags, None, None);
    f.eval(e);
    f.finish();
    let decoded = Decoded::new(&emit_valid(&m.module));
    let operations = decoded.memory_operations();
    assert_eq!(operations.len(), 9);
    assert_eq!(operations[0], (Op::ControlBarrier, vec![2, 2, 0]));
    assert_eq!(operations[7], (Op::ControlBarrier, vec![2, 2, 0xb10]));
    assert!(decoded.with_op(Op::Phi).is_empty());
}

/// The run-time dispatch of an order argument has one arm per order the
/// IR allows the operation (`AtomicOp::allowed_orders`, the one statement
/// of the rule that the `load-order`, `store-order` and `flag-clear-order`
/// rules also read), in the IR's value order.
#[test]
fn runtime_order_arms_are_the_orders_the_ir_allows() {
    for op in [
        AtomicOp::Load,
        AtomicOp::Store,
        AtomicOp::Exchange,
        AtomicOp::FetchAdd,
    ] {
        let mut m = ModuleBuilder::new();
        let int = m.int(32, true);
        let atomic = m.atomic(int);
        let ptr = m.ptr(atomic, AddressSpace::Global);
        let void = m.void();
        let mut f = m.function("k", true, &[("p", ptr), ("order", int)], void);
        let p = f.param(0);
        let order = f.param(1);
        let order = f.runtime_mem(order);
        let scope = f.mem(WORK_GROUP);
        let operands = if op == AtomicOp::Load {
            vec![]
        } else {
            vec![f.int(1, int)]
        };
        let ty = if op == AtomicOp::Store { void } else { int };
        let e = f.atomic(
            op,
            AtomicForm::ExplicitScope,
            p,
            operands,
            Some(order),
            None,
            Some(scope),
            ty,
        );
        f.eval(e);
        f.finish();
        let decoded = Decoded::new(&emit_valid(&m.module));
        let switch = decoded.with_op(Op::Switch);
        assert_eq!(switch.len(), 1, "{op:?}");
        let literals: Vec<String> = switch[0].operands[2..]
            .iter()
            .step_by(2)
            .map(|o| o.to_string())
            .collect();
        let allowed: Vec<String> = op
            .allowed_orders()
            .iter()
            .map(|o| o.value().to_string())
            .collect();
        assert_eq!(literals, allowed, "{op:?}");
    }
}
