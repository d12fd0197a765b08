//! Orders, scopes and flags that are not compile-time constants (one
//! `OpSwitch` arm per valid value, each arm's operands checked), and two
//! properties of whole modules: the output is deterministic, and the
//! `GenericPointer` capability is declared exactly when a generic pointer
//! exists.

use super::decode::{compile, MemoryOp};
use super::{allowed_failure_orders, allowed_orders, Order, Scope, C11};
use rspirv::spirv::{Capability, Op, StorageClass};
use std::collections::BTreeMap;

/// Arms of one switch: literal (`None` for the default) → instructions.
type Arms = BTreeMap<Option<u32>, Vec<MemoryOp>>;

/// The SPIR-V scope of a `memory_scope` value (see operands.rs).
fn spirv_scope(scope: Scope) -> u32 {
    match scope {
        Scope::AllSvmDevices | Scope::AllDevices => 0,
        Scope::Device => 1,
        Scope::WorkGroup => 2,
        Scope::SubGroup => 3,
        Scope::WorkItem => 4,
    }
}

/// Semantics of an atomic on a global object.
fn global_semantics(order: Order) -> u32 {
    match order {
        Order::Relaxed => 0,
        Order::Acquire => 0x202,
        Order::Release => 0x204,
        Order::AcqRel => 0x208,
        Order::SeqCst => 0x210,
    }
}

/// The valid scopes of atomics and barriers (no work-item).
const SCOPES: [Scope; 4] = [
    Scope::WorkGroup,
    Scope::Device,
    Scope::AllSvmDevices,
    Scope::SubGroup,
];

fn atomic(op: Op, scope: Scope, semantics: Vec<u32>, storage: StorageClass) -> MemoryOp {
    MemoryOp {
        op,
        scope: spirv_scope(scope),
        semantics,
        storage: Some(storage),
    }
}

/// Compiles a kernel with `body` (which may use `object`, `flag` and the
/// `int arg` parameter) and returns the arms of each switch.
fn switches(body: &str) -> Vec<Arms> {
    let source = format!(
        "kernel void k(global atomic_int *object, global atomic_flag *flag, int arg) {{\n\
         local atomic_int local_object; int expected = 0;\n{body}}}\n"
    );
    compile(&source, "-cl-std=CL2.0")
        .switch_arms()
        .into_iter()
        .map(|arms| arms.into_iter().collect())
        .collect()
}

#[test]
fn runtime_order_of_every_function() {
    let global = StorageClass::CrossWorkgroup;
    for op in C11::ALL.into_iter().filter(|op| !op.is_compare_exchange()) {
        let target = if op.is_flag() { "flag" } else { "object" };
        let body = op.statement(target, "expected", &["(memory_order)arg"]);
        let opcode = match op {
            C11::Store => Op::AtomicStore,
            C11::Load => Op::AtomicLoad,
            C11::Exchange => Op::AtomicExchange,
            C11::FetchAdd => Op::AtomicIAdd,
            C11::FetchSub => Op::AtomicISub,
            C11::FetchOr => Op::AtomicOr,
            C11::FetchXor => Op::AtomicXor,
            C11::FetchAnd => Op::AtomicAnd,
            C11::FetchMin => Op::AtomicSMin,
            C11::FetchMax => Op::AtomicSMax,
            C11::FlagTestAndSet => Op::AtomicFlagTestAndSet,
            _ => Op::AtomicFlagClear,
        };
        let with = |order: Order| {
            vec![atomic(
                opcode,
                Scope::Device,
                vec![global_semantics(order)],
                global,
            )]
        };
        let mut expected: Arms = allowed_orders(op)
            .iter()
            .map(|&o| (Some(o.value()), with(o)))
            .collect();
        expected.insert(None, with(Order::SeqCst));
        assert_eq!(switches(&body), [expected], "{op:?}");
    }
}

#[test]
fn runtime_scope_has_no_work_item_arm() {
    let body = "atomic_fetch_add_explicit(&local_object, 1, memory_order_acq_rel, (memory_scope)arg);\n\
                work_group_barrier(CLK_GLOBAL_MEM_FENCE, (memory_scope)arg);\n\
                atomic_work_item_fence(CLK_LOCAL_MEM_FENCE, memory_order_release, (memory_scope)arg);\n";
    let rmw = |scope| {
        vec![atomic(
            Op::AtomicIAdd,
            scope,
            vec![0x108],
            StorageClass::Workgroup,
        )]
    };
    let barrier = |scope| {
        vec![MemoryOp {
            op: Op::ControlBarrier,
            scope: spirv_scope(scope),
            semantics: vec![0x210],
            storage: None,
        }]
    };
    let fence = |scope| {
        vec![MemoryOp {
            op: Op::MemoryBarrier,
            scope: spirv_scope(scope),
            semantics: vec![0x104],
            storage: None,
        }]
    };
    let arms = |f: &dyn Fn(Scope) -> Vec<MemoryOp>, default: Scope| -> Arms {
        let mut arms: Arms = SCOPES.iter().map(|&s| (Some(s.value()), f(s))).collect();
        arms.insert(None, f(default));
        arms
    };
    let expected = vec![
        arms(&rmw, Scope::Device),
        arms(&barrier, Scope::Device),
        arms(&fence, Scope::Device),
    ];
    assert_eq!(switches(body), expected);
}

#[test]
fn runtime_compare_exchange_orders() {
    let global = StorageClass::CrossWorkgroup;
    let cas = |success: Order, failure: Order| {
        vec![atomic(
            Op::AtomicCompareExchange,
            Scope::Device,
            vec![global_semantics(success), global_semantics(failure)],
            global,
        )]
    };
    // A runtime failure order with each constant success order: one arm per
    // failure order the success order allows; the default is the strongest.
    for success in Order::ALL {
        let body = format!(
            "atomic_compare_exchange_strong_explicit(object, &expected, 1, {}, (memory_order)arg);\n",
            success.name()
        );
        let allowed = allowed_failure_orders(success);
        let mut expected: Arms = allowed
            .iter()
            .map(|&f| (Some(f.value()), cas(success, f)))
            .collect();
        expected.insert(None, cas(success, *allowed.last().unwrap()));
        assert_eq!(switches(&body), [expected], "{success:?}");
    }
    // Both at run time: the selector packs the success order in bits 0-2
    // and the failure order in bits 3-5.
    let body = "atomic_compare_exchange_weak_explicit(object, &expected, 1, (memory_order)arg, (memory_order)arg);\n";
    let mut expected = Arms::new();
    for success in Order::ALL {
        for failure in allowed_failure_orders(success) {
            let literal = success.value() | failure.value() << 3;
            expected.insert(Some(literal), cas(success, failure));
        }
    }
    expected.insert(None, cas(Order::SeqCst, Order::SeqCst));
    assert_eq!(switches(body), [expected]);
}

#[test]
fn runtime_fence_order_and_barrier_flags() {
    let body =
        "atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, (memory_order)arg, memory_scope_device);\n\
                work_group_barrier((cl_mem_fence_flags)arg);\n";
    let fence = |order: Order| match order {
        // A relaxed fence is no instruction at all.
        Order::Relaxed => vec![],
        _ => vec![MemoryOp {
            op: Op::MemoryBarrier,
            scope: 1,
            semantics: vec![global_semantics(order)],
            storage: None,
        }],
    };
    let mut fences: Arms = Order::ALL
        .iter()
        .map(|&o| (Some(o.value()), fence(o)))
        .collect();
    fences.insert(None, fence(Order::SeqCst));
    let barrier = |flags: u32| {
        let mut bits = 0;
        for (flag, bit) in [(1, 0x100), (2, 0x200), (4, 0x800)] {
            if flags & flag != 0 {
                bits |= bit;
            }
        }
        let semantics = if flags == 0 { 0 } else { 0x10 | bits };
        vec![MemoryOp {
            op: Op::ControlBarrier,
            scope: 2,
            semantics: vec![semantics],
            storage: None,
        }]
    };
    let mut barriers: Arms = (0..8).map(|f| (Some(f), barrier(f))).collect();
    barriers.insert(None, barrier(3));
    assert_eq!(switches(body), [fences, barriers]);
}

#[test]
fn output_is_deterministic() {
    let text = "#ifndef A\n#error A\n#endif\n\
                kernel void k(global atomic_int *p, local atomic_int *l) {\n\
                  atomic_fetch_add_explicit(p, A, memory_order_acq_rel, memory_scope_device);\n\
                  atomic_store_explicit(l, B, memory_order_release, memory_scope_work_group);\n\
                  work_group_barrier(CLK_LOCAL_MEM_FENCE);\n}\n";
    let source = oclc::Source::new("k.cl", text);
    let words = |options: &str| {
        let options = oclc::Options::from_build_options(options).unwrap();
        oclc::compile(&source, &options).expect("compiles").words
    };
    let first = words("-DA=1 -DB=2 -cl-std=CL2.0");
    assert_eq!(first, words("-DA=1 -DB=2 -cl-std=CL2.0"));
    assert_eq!(first, words("-cl-std=CL2.0 -DB=2 -DA=1"));
    assert_ne!(
        first,
        words("-DA=3 -DB=2"),
        "the macros do reach the module"
    );
}

#[test]
fn generic_pointer_capability_only_when_needed() {
    let cases = [
        ("kernel void k(global atomic_int *p) { atomic_fetch_add(p, 1); }", false),
        (
            "kernel void k(local atomic_int *p, global int *q) { atomic_store(p, *q); barrier(CLK_LOCAL_MEM_FENCE); }",
            false,
        ),
        ("void f(atomic_int *p) { atomic_fetch_add(p, 1); }\n\
          kernel void k(global atomic_int *p) { f(p); }", true),
        ("kernel void k(global int *p) { int *g = p; *g = 1; }", true),
    ];
    for (source, generic) in cases {
        let decoded = compile(source, "-cl-std=CL2.0");
        assert_eq!(
            decoded.has_capability(Capability::GenericPointer),
            generic,
            "{source}"
        );
        let generic_types = decoded.module.types_global_values.iter().any(|t| {
            t.class.opcode == Op::TypePointer
                && t.operands[0] == rspirv::dr::Operand::StorageClass(StorageClass::Generic)
        });
        assert_eq!(generic_types, generic, "{source}");
    }
}
