//! The operand matrix: every valid combination of C11 atomic function ×
//! order (× failure order) × scope × object (global parameter, kernel-scope
//! `local`, generic pointer in a helper, program-scope variable), every
//! legacy atomic, fence and barrier is compiled (and validated), and the
//! opcode, Scope and Memory Semantics of each emitted instruction must
//! equal the mapping below, written from oclc's contract (docs/mapping.md):
//!
//! * Scope: all_svm_devices/all_devices → CrossDevice 0, device → Device
//!   1, work_group → Workgroup 2, sub_group → Subgroup 3, work_item →
//!   Invocation 4; device when no scope is written.
//! * Semantics: relaxed 0, acquire 0x2, release 0x4, acq_rel 0x8, seq_cst
//!   0x10 (seq_cst when no order is written); unless relaxed, OR the
//!   object's storage-class bit: global 0x200, local 0x100, generic 0x300.
//! * Legacy atomics: Device scope on global objects, Workgroup on local
//!   ones (Device for both before OpenCL C 2.0), semantics 0.
//! * Fences: `OpMemoryBarrier`, order bits | flag bits (local 0x100,
//!   global 0x200, image 0x800); barriers: `OpControlBarrier` Workgroup,
//!   SeqCst | flag bits (0 without flags).

use super::decode::{compile, MemoryOp};
use super::{
    allowed_failure_orders, allowed_orders, Order, Scope, Space, C11, FENCE_FLAGS, FENCE_IMAGE,
};
use rspirv::spirv::{Op, StorageClass};

/// The SPIR-V Scope of a `memory_scope` (SPIR-V §3.27 Scope, OpenCL SPIR-V
/// environment §2.2).
fn spirv_scope(scope: Scope) -> u32 {
    match scope {
        Scope::AllSvmDevices | Scope::AllDevices => 0,
        Scope::Device => 1,
        Scope::WorkGroup => 2,
        Scope::SubGroup => 3,
        Scope::WorkItem => 4,
    }
}

/// The Memory Semantics order bit of a `memory_order` (SPIR-V §3.25).
fn order_bits(order: Order) -> u32 {
    match order {
        Order::Relaxed => 0,
        Order::Acquire => 0x2,
        Order::Release => 0x4,
        Order::AcqRel => 0x8,
        Order::SeqCst => 0x10,
    }
}

/// The Memory Semantics storage bits of an object in `space`.
fn storage_bits(space: Space) -> u32 {
    match space {
        Space::Global | Space::ProgramScope => 0x200,
        Space::Local => 0x100,
        Space::Generic => 0x300,
    }
}

/// The semantics of an atomic with `order` on an object in `space`.
fn atomic_semantics(order: Order, space: Space) -> u32 {
    match order {
        Order::Relaxed => 0,
        _ => order_bits(order) | storage_bits(space),
    }
}

/// The storage class of the pointer an atomic on `space` uses.
fn storage_class(space: Space) -> StorageClass {
    match space {
        Space::Global | Space::ProgramScope => StorageClass::CrossWorkgroup,
        Space::Local => StorageClass::Workgroup,
        Space::Generic => StorageClass::Generic,
    }
}

/// The fence flag bits of a `cl_mem_fence_flags` value.
fn flag_bits(flags: u32) -> u32 {
    let mut bits = 0;
    if flags & 1 != 0 {
        bits |= 0x100;
    }
    if flags & 2 != 0 {
        bits |= 0x200;
    }
    if flags & FENCE_IMAGE != 0 {
        bits |= 0x800;
    }
    bits
}

/// The opcode of a C11 function on a signed (`atomic_int`) or unsigned
/// (`atomic_uint`) object.
fn c11_opcode(op: C11, signed: bool) -> Op {
    match op {
        C11::Store => Op::AtomicStore,
        C11::Load => Op::AtomicLoad,
        C11::Exchange => Op::AtomicExchange,
        C11::CompareExchangeStrong | C11::CompareExchangeWeak => Op::AtomicCompareExchange,
        C11::FetchAdd => Op::AtomicIAdd,
        C11::FetchSub => Op::AtomicISub,
        C11::FetchOr => Op::AtomicOr,
        C11::FetchXor => Op::AtomicXor,
        C11::FetchAnd => Op::AtomicAnd,
        C11::FetchMin if signed => Op::AtomicSMin,
        C11::FetchMin => Op::AtomicUMin,
        C11::FetchMax if signed => Op::AtomicSMax,
        C11::FetchMax => Op::AtomicUMax,
        C11::FlagTestAndSet => Op::AtomicFlagTestAndSet,
        C11::FlagClear => Op::AtomicFlagClear,
    }
}

/// The expected instruction of one C11 call.
fn c11_expected(
    op: C11,
    signed: bool,
    order: Order,
    failure: Option<Order>,
    scope: Scope,
    space: Space,
) -> MemoryOp {
    let mut semantics = vec![atomic_semantics(order, space)];
    if let Some(failure) = failure {
        semantics.push(atomic_semantics(failure, space));
    }
    MemoryOp {
        op: c11_opcode(op, signed),
        scope: spirv_scope(scope),
        semantics,
        storage: Some(storage_class(space)),
    }
}

/// A source whose only atomics are `body`, on objects `object` (of type
/// `atomic_<value>`) and `flag` in `space`; the body may use `expected`.
fn object_source(space: Space, value: &str, body: &str) -> String {
    let decls = format!("int expected_int = 0; {value} expected = 0; (void)expected_int;");
    match space {
        Space::Global => format!(
            "kernel void k(global atomic_{value} *object, global atomic_flag *flag) {{\n{decls}\n{body}}}\n"
        ),
        Space::Local => format!(
            "kernel void k(void) {{\nlocal atomic_{value} object_var; local atomic_flag flag_var;\n\
             {decls}\n#define object (&object_var)\n#define flag (&flag_var)\n{body}}}\n"
        ),
        Space::Generic => format!(
            "void helper(atomic_{value} *object, atomic_flag *flag) {{\n{decls}\n{body}}}\n\
             kernel void k(global atomic_{value} *object, global atomic_flag *flag) {{ helper(object, flag); }}\n"
        ),
        Space::ProgramScope => format!(
            "global atomic_{value} object_var; global atomic_flag flag_var;\n\
             kernel void k(void) {{\n{decls}\n#define object (&object_var)\n#define flag (&flag_var)\n{body}}}\n"
        ),
    }
}

/// The calls of `op` on one object with every valid order, failure order
/// and scope (and the forms without them), with their expected
/// instructions.
fn c11_calls(op: C11, signed: bool, space: Space, scopes: &[Scope]) -> (String, Vec<MemoryOp>) {
    let object = if op.is_flag() { "flag" } else { "object" };
    let mut body = String::new();
    let mut expected = Vec::new();
    let mut add = |memory_args: &[&str], e: MemoryOp| {
        body.push_str(&op.statement(object, "expected", memory_args));
        body.push('\n');
        expected.push(e);
    };
    // The form without orders: seq_cst (both orders), device scope.
    let seq_cst_failure = op.is_compare_exchange().then_some(Order::SeqCst);
    add(
        &[],
        c11_expected(
            op,
            signed,
            Order::SeqCst,
            seq_cst_failure,
            Scope::Device,
            space,
        ),
    );
    for &order in allowed_orders(op) {
        let failures: Vec<Option<Order>> = if op.is_compare_exchange() {
            allowed_failure_orders(order)
                .iter()
                .copied()
                .map(Some)
                .collect()
        } else {
            vec![None]
        };
        for failure in failures {
            let mut args = vec![order.name()];
            args.extend(failure.map(Order::name));
            add(
                &args,
                c11_expected(op, signed, order, failure, Scope::Device, space),
            );
            for &scope in scopes {
                let mut scoped = args.clone();
                scoped.push(scope.name());
                add(
                    &scoped,
                    c11_expected(op, signed, order, failure, scope, space),
                );
            }
        }
    }
    (body, expected)
}

/// Compares decoded instructions with the expected ones; returns a
/// description of the first difference.
fn compare(what: &str, body: &str, actual: &[MemoryOp], expected: &[MemoryOp]) -> Option<String> {
    let lines: Vec<&str> = body.lines().filter(|l| !l.trim().is_empty()).collect();
    for (i, (a, e)) in actual.iter().zip(expected).enumerate() {
        if a != e {
            let line = lines.get(i).copied().unwrap_or("?");
            return Some(format!(
                "{what}: `{line}`\n    expected {e:?}\n    actual   {a:?}"
            ));
        }
    }
    (actual.len() != expected.len()).then(|| {
        format!(
            "{what}: {} memory instructions, expected {}",
            actual.len(),
            expected.len()
        )
    })
}

/// The valid scopes of an atomic function: every one but work-item
/// (OpenCL C 3.0 §6.15.12.4).
const ATOMIC_SCOPES: [Scope; 4] = [
    Scope::WorkGroup,
    Scope::Device,
    Scope::AllSvmDevices,
    Scope::SubGroup,
];

/// The spaces of the objects.
const SPACES: [Space; 4] = [
    Space::Global,
    Space::Local,
    Space::Generic,
    Space::ProgramScope,
];

#[test]
fn c11_functions_on_every_object() {
    let mut failures = Vec::new();
    let mut count = 0;
    for op in C11::ALL {
        let signs: &[bool] = if matches!(op, C11::FetchMin | C11::FetchMax) {
            &[true, false]
        } else {
            &[true]
        };
        for &signed in signs {
            let value = if signed { "int" } else { "uint" };
            for space in SPACES {
                let (body, expected) = c11_calls(op, signed, space, &ATOMIC_SCOPES);
                let decoded = compile(&object_source(space, value, &body), "-cl-std=CL2.0");
                count += expected.len();
                let what = format!("{op:?} on {value} in {space:?}");
                failures.extend(compare(&what, &body, &decoded.memory_ops(), &expected));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(count > 1000, "only {count} calls");
}

#[test]
fn all_devices_scope_is_cross_device() {
    let body =
        "atomic_fetch_add_explicit(object, 1, memory_order_acq_rel, memory_scope_all_devices);\n";
    let decoded = compile(&object_source(Space::Global, "int", body), "-cl-std=CL3.0");
    let expected = [c11_expected(
        C11::FetchAdd,
        true,
        Order::AcqRel,
        None,
        Scope::AllDevices,
        Space::Global,
    )];
    assert_eq!(decoded.memory_ops(), expected);
    assert_eq!(spirv_scope(Scope::AllDevices), 0);
}

#[test]
fn floating_point_atomics() {
    for space in [Space::Global, Space::Local] {
        let body = "\
            float e = 1.0f;\n\
            atomic_compare_exchange_strong(object, &e, 2.0f);\n\
            atomic_exchange_explicit(object, 3.0f, memory_order_relaxed);\n\
            atomic_fetch_add_explicit(object, 1.0f, memory_order_acq_rel, memory_scope_work_group);\n\
            atomic_fetch_sub(object, 1.0f);\n\
            atomic_fetch_min_explicit(object, 1.0f, memory_order_release);\n\
            atomic_fetch_max_explicit(object, 1.0f, memory_order_acquire);\n";
        let decoded = compile(&object_source(space, "float", body), "-cl-std=CL2.0");
        let storage = Some(storage_class(space));
        let op = |op, scope, semantics: Vec<u32>| MemoryOp {
            op,
            scope,
            semantics,
            storage,
        };
        let seq_cst = atomic_semantics(Order::SeqCst, space);
        let expected = vec![
            op(Op::AtomicCompareExchange, 1, vec![seq_cst, seq_cst]),
            op(Op::AtomicExchange, 1, vec![0]),
            op(
                Op::AtomicFAddEXT,
                2,
                vec![atomic_semantics(Order::AcqRel, space)],
            ),
            op(Op::AtomicFAddEXT, 1, vec![seq_cst]),
            op(
                Op::AtomicFMinEXT,
                1,
                vec![atomic_semantics(Order::Release, space)],
            ),
            op(
                Op::AtomicFMaxEXT,
                1,
                vec![atomic_semantics(Order::Acquire, space)],
            ),
        ];
        assert_eq!(decoded.memory_ops(), expected, "{space:?}");
        let instructions: Vec<&rspirv::dr::Instruction> = decoded
            .module
            .functions
            .iter()
            .flat_map(|f| &f.blocks)
            .flat_map(|b| &b.instructions)
            .collect();
        // The compare-exchange works on integers: the pointer is bitcast,
        // and its result type is a 32-bit integer.
        assert!(instructions.iter().any(|i| i.class.opcode == Op::Bitcast));
        let cas = instructions
            .iter()
            .find(|i| i.class.opcode == Op::AtomicCompareExchange)
            .unwrap();
        let int_type = decoded
            .module
            .types_global_values
            .iter()
            .find(|t| t.result_id.is_some() && t.result_id == cas.result_type)
            .unwrap();
        assert_eq!(int_type.class.opcode, Op::TypeInt);
        // Subtraction adds the negated operand.
        assert!(instructions.iter().any(|i| i.class.opcode == Op::FNegate));
    }
}

#[test]
fn atomic_init_is_a_plain_store() {
    for space in [Space::Global, Space::Local, Space::ProgramScope] {
        let decoded = compile(
            &object_source(space, "int", "atomic_init(object, 7);\n"),
            "",
        );
        assert_eq!(decoded.memory_ops(), [], "{space:?}");
        let stores: Vec<_> = decoded
            .module
            .functions
            .iter()
            .flat_map(|f| &f.blocks)
            .flat_map(|b| &b.instructions)
            .filter(|i| i.class.opcode == Op::Store)
            .filter(|i| {
                decoded.storage_of(i.operands[0].id_ref_any().unwrap())
                    == Some(storage_class(space))
            })
            .collect();
        assert_eq!(stores.len(), 1, "{space:?}: one OpStore to the object");
    }
}

/// The 1.x atomics: name suffix, operands after the pointer, opcode for
/// signed and for unsigned objects.
const LEGACY: [(&str, &str, Op, Op); 11] = [
    ("add", ", 1", Op::AtomicIAdd, Op::AtomicIAdd),
    ("sub", ", 1", Op::AtomicISub, Op::AtomicISub),
    ("xchg", ", 1", Op::AtomicExchange, Op::AtomicExchange),
    ("inc", "", Op::AtomicIIncrement, Op::AtomicIIncrement),
    ("dec", "", Op::AtomicIDecrement, Op::AtomicIDecrement),
    (
        "cmpxchg",
        ", 1, 2",
        Op::AtomicCompareExchange,
        Op::AtomicCompareExchange,
    ),
    ("min", ", 1", Op::AtomicSMin, Op::AtomicUMin),
    ("max", ", 1", Op::AtomicSMax, Op::AtomicUMax),
    ("and", ", 1", Op::AtomicAnd, Op::AtomicAnd),
    ("or", ", 1", Op::AtomicOr, Op::AtomicOr),
    ("xor", ", 1", Op::AtomicXor, Op::AtomicXor),
];

/// Every legacy atomic on `volatile <space> <ty> *p`, under `std`.
fn check_legacy(std: &str, prefixes: &[&str], space: &str, ty: &str) -> Option<String> {
    let signed = !ty.starts_with('u');
    let (storage, scope) = match (space, std) {
        ("local", "CL2.0") => (StorageClass::Workgroup, 2),
        ("local", _) => (StorageClass::Workgroup, 1),
        _ => (StorageClass::CrossWorkgroup, 1),
    };
    let mut body = String::new();
    let mut expected = Vec::new();
    for prefix in prefixes {
        for (name, args, signed_op, unsigned_op) in LEGACY {
            body.push_str(&format!("{prefix}{name}(p{args});\n"));
            let op = if signed { signed_op } else { unsigned_op };
            let semantics = if op == Op::AtomicCompareExchange {
                vec![0, 0]
            } else {
                vec![0]
            };
            expected.push(MemoryOp {
                op,
                scope,
                semantics,
                storage: Some(storage),
            });
        }
    }
    let source = if space == "local" {
        format!("kernel void k(void) {{ local {ty} v; volatile local {ty} *p = &v;\n{body}}}\n")
    } else {
        format!("kernel void k(volatile global {ty} *p) {{\n{body}}}\n")
    };
    let decoded = compile(&source, &format!("-cl-std={std}"));
    compare(
        &format!("{ty} in {space} under {std}"),
        &body,
        &decoded.memory_ops(),
        &expected,
    )
}

#[test]
fn legacy_atomics() {
    let mut failures = Vec::new();
    for std in ["CL2.0", "CL1.2"] {
        for space in ["global", "local"] {
            for ty in ["int", "uint"] {
                failures.extend(check_legacy(std, &["atomic_", "atom_"], space, ty));
            }
        }
        for ty in ["long", "ulong"] {
            failures.extend(check_legacy(std, &["atom_"], "global", ty));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn legacy_exchange_of_a_float() {
    let decoded = compile(
        "kernel void k(volatile global float *p) { atomic_xchg(p, 1.0f); }",
        "",
    );
    let expected = MemoryOp {
        op: Op::AtomicExchange,
        scope: 1,
        semantics: vec![0],
        storage: Some(StorageClass::CrossWorkgroup),
    };
    assert_eq!(decoded.memory_ops(), [expected]);
}

/// A fence or barrier expectation.
fn barrier_op(op: Op, scope: u32, semantics: u32) -> MemoryOp {
    MemoryOp {
        op,
        scope,
        semantics: vec![semantics],
        storage: None,
    }
}

#[test]
fn fences_and_barriers() {
    let mut body = String::new();
    let mut expected = Vec::new();
    let mut add = |call: String, e: Option<MemoryOp>| {
        body.push_str(&call);
        body.push('\n');
        expected.extend(e);
    };
    let non_image = &FENCE_FLAGS[..3];
    for &(flags_name, flags) in non_image {
        for order in Order::ALL {
            for scope in ATOMIC_SCOPES {
                let call = format!(
                    "atomic_work_item_fence({flags_name}, {}, {});",
                    order.name(),
                    scope.name()
                );
                // A relaxed fence has no effect and emits nothing.
                let e = (order != Order::Relaxed).then(|| {
                    barrier_op(
                        Op::MemoryBarrier,
                        spirv_scope(scope),
                        order_bits(order) | flag_bits(flags),
                    )
                });
                add(call, e);
            }
        }
    }
    add(
        "atomic_work_item_fence(CLK_IMAGE_MEM_FENCE, memory_order_acq_rel, memory_scope_work_item);".into(),
        Some(barrier_op(Op::MemoryBarrier, 4, 0x8 | 0x800)),
    );
    for (flags_name, flags) in FENCE_FLAGS.iter().take(4) {
        for (fence, order) in [
            ("mem_fence", Order::AcqRel),
            ("read_mem_fence", Order::Acquire),
            ("write_mem_fence", Order::Release),
        ] {
            let e = barrier_op(Op::MemoryBarrier, 2, order_bits(order) | flag_bits(*flags));
            add(format!("{fence}({flags_name});"), Some(e));
        }
    }
    let barrier_semantics = |flags: u32| {
        if flags == 0 {
            0
        } else {
            0x10 | flag_bits(flags)
        }
    };
    let all_flags = std::iter::once(("0", 0)).chain(FENCE_FLAGS.iter().take(4).copied());
    for (flags_name, flags) in all_flags {
        let e = barrier_op(Op::ControlBarrier, 2, barrier_semantics(flags));
        add(format!("barrier({flags_name});"), Some(e.clone()));
        add(format!("work_group_barrier({flags_name});"), Some(e));
        for scope in ATOMIC_SCOPES {
            if flags & FENCE_IMAGE != 0 && scope != Scope::WorkGroup {
                continue; // §6.15.8: image barriers need work-group scope.
            }
            let e = barrier_op(
                Op::ControlBarrier,
                spirv_scope(scope),
                barrier_semantics(flags),
            );
            add(
                format!("work_group_barrier({flags_name}, {});", scope.name()),
                Some(e),
            );
        }
    }
    let decoded = compile(
        &format!("kernel void k(void) {{\n{body}}}\n"),
        "-cl-std=CL2.0",
    );
    // Relaxed fences emit nothing, so compare the non-empty lines only.
    let emitting: String = body
        .lines()
        .filter(|l| !l.contains("memory_order_relaxed"))
        .map(|l| format!("{l}\n"))
        .collect();
    let failure = compare("fences", &emitting, &decoded.memory_ops(), &expected);
    assert!(failure.is_none(), "{}", failure.unwrap_or_default());
}

#[test]
fn fences_and_barriers_under_opencl_c_1_2() {
    // The OpenCL 1.2 SPIR-V environment (validation rules) requires
    // Workgroup scope and SequentiallyConsistent on every OpControlBarrier
    // and OpMemoryBarrier, so the 1.x fences are seq_cst there.
    let body = "barrier(0);\nbarrier(CLK_LOCAL_MEM_FENCE);\nmem_fence(CLK_GLOBAL_MEM_FENCE);\n\
                read_mem_fence(CLK_LOCAL_MEM_FENCE);\n\
                write_mem_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);\n";
    let decoded = compile(
        &format!("kernel void k(void) {{\n{body}}}\n"),
        "-cl-std=CL1.2",
    );
    let expected = [
        barrier_op(Op::ControlBarrier, 2, 0x10),
        barrier_op(Op::ControlBarrier, 2, 0x110),
        barrier_op(Op::MemoryBarrier, 2, 0x210),
        barrier_op(Op::MemoryBarrier, 2, 0x110),
        barrier_op(Op::MemoryBarrier, 2, 0x310),
    ];
    assert_eq!(decoded.memory_ops(), expected);
}
