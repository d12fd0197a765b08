//! Module structure: globals, entry points, work-item built-ins, names,
//! capabilities, determinism and the error paths.

use oclc_ir::{
    AddressSpace, BuiltinFn, ConstInit, ExprKind, KernelInfo, LibFn, Literal, Quals, Stmt,
    StructDef, Type,
};
use rspirv::dr::Operand;
use rspirv::spirv::{Capability, Op, StorageClass};

use super::{emit_valid, emit_valid_with, Decoded, ModuleBuilder};
use crate::Options;

/// A module with globals of every storage class, a helper `id(d)`
/// returning `get_global_id(d)`, and a kernel `k(global size_t *out)` with
/// `reqd_work_group_size(64, 1, 1)` that writes `counter + lut[1]` to
/// `scratch[0]` and `id(0) + get_local_size(5)` to `*out`.
fn sample() -> oclc_ir::Module {
    let mut m = ModuleBuilder::new();
    let int = m.int(32, true);
    let size = m.int(64, false);
    let uint = m.int(32, false);
    let void = m.void();
    let table = m.ty(Type::Array {
        elem: int,
        len: Some(4),
    });
    let five = ConstInit::Scalar(Literal::Int(5));
    let counter = m.global("counter", int, AddressSpace::Global, Some(five), None);
    let lut_init = ConstInit::Composite(vec![
        ConstInit::Scalar(Literal::Int(1)),
        ConstInit::Scalar(Literal::Int(2)),
    ]);
    let lut = m.global("lut", table, AddressSpace::Constant, Some(lut_init), None);
    // The kernel is added second; its local variable names it once added.
    let scratch = m.global("scratch", table, AddressSpace::Local, None, None);

    let mut h = m.function("id", false, &[("d", uint)], size);
    let d = h.param(0);
    let gid = h.expr(ExprKind::Builtin(BuiltinFn::GetGlobalId, vec![d]), size);
    h.push(Stmt::Return(Some(gid)));
    let helper = h.finish();

    let gptr = m.ptr(size, AddressSpace::Global);
    let cptr = m.ty(Type::Pointer {
        pointee: int,
        space: AddressSpace::Constant,
        quals: Quals {
            const_: true,
            volatile: false,
        },
    });
    let lptr = m.ptr(int, AddressSpace::Local);
    let mut k = m.function("k", true, &[("out", gptr)], void);
    let c = k.global_ptr(counter);
    let c = k.load(c);
    let table_ptr = k.global_ptr(lut);
    let one = k.int(1, int);
    let element = k.expr(
        ExprKind::ElementPtr {
            pointer: table_ptr,
            index: one,
        },
        cptr,
    );
    let l = k.load(element);
    let sum = k.binary(oclc_ir::BinaryOp::Add, c, l);
    let scratch_ptr = k.global_ptr(scratch);
    let zero = k.int(0, int);
    let slot = k.expr(
        ExprKind::ElementPtr {
            pointer: scratch_ptr,
            index: zero,
        },
        lptr,
    );
    let st = k.store(slot, sum);
    k.eval(st);
    let zero = k.int(0, uint);
    let id = k.expr(ExprKind::Call(helper, vec![zero]), size);
    let five = k.int(5, uint);
    let local_size = k.expr(ExprKind::Builtin(BuiltinFn::GetLocalSize, vec![five]), size);
    let total = k.binary(oclc_ir::BinaryOp::Add, id, local_size);
    let out = k.param(0);
    let st = k.store(out, total);
    k.eval(st);
    k.function.kernel = Some(KernelInfo {
        work_group_size_hint: None,
        sub_group_size: None,
        vec_type_hint: None,
        reqd_work_group_size: Some([64, 1, 1]),
    });
    let kernel_id = k.finish();
    m.module.globals[scratch].kernel = Some(kernel_id);
    m.module
}

#[test]
fn globals_get_their_storage_classes_and_initializers() {
    let module = sample();
    let decoded = Decoded::new(&emit_valid(&module));
    let variables: Vec<(StorageClass, usize)> = decoded
        .with_op(Op::Variable)
        .iter()
        .map(|v| match v.operands[0] {
            Operand::StorageClass(class) => (class, v.operands.len()),
            _ => panic!("storage class"),
        })
        .collect();
    assert_eq!(
        variables,
        vec![
            (StorageClass::CrossWorkgroup, 2),
            (StorageClass::UniformConstant, 2),
            (StorageClass::Workgroup, 1),
            (StorageClass::Input, 1),
            (StorageClass::Input, 1),
        ]
    );
    // The constant table is padded with zeros: {1, 2, 0, 0}.
    let composite = decoded.with_op(Op::ConstantComposite);
    assert_eq!(composite.len(), 1);
    let values: Vec<u64> = composite[0]
        .operands
        .iter()
        .map(|o| decoded.constant(o))
        .collect();
    assert_eq!(values, [1, 2, 0, 0]);
}

#[test]
fn entry_points_list_the_builtins_their_callees_read() {
    let module = sample();
    let decoded = Decoded::new(&emit_valid(&module));
    let entry = decoded.with_op(Op::EntryPoint);
    assert_eq!(entry.len(), 1);
    assert_eq!(entry[0].operands[2], Operand::LiteralString("k".into()));
    assert_eq!(
        entry[0].operands.len(),
        5,
        "GlobalInvocationId and WorkgroupSize"
    );
    let modes = decoded.with_op(Op::ExecutionMode);
    assert_eq!(modes.len(), 1);
    assert_eq!(
        modes[0].operands[2..],
        [
            Operand::LiteralBit32(64),
            Operand::LiteralBit32(1),
            Operand::LiteralBit32(1)
        ]
    );
    // A dynamic dimension selects; a constant one out of range is 1.
    assert_eq!(decoded.with_op(Op::VectorExtractDynamic).len(), 1);
    assert_eq!(decoded.with_op(Op::Select).len(), 1);
    let decorations = decoded.with_op(Op::Decorate);
    assert!(decorations.iter().any(|d| d.operands[1]
        == Operand::Decoration(rspirv::spirv::Decoration::BuiltIn)
        && d.operands[2] == Operand::BuiltIn(rspirv::spirv::BuiltIn::GlobalInvocationId)));
}

#[test]
fn module_header_and_capabilities() {
    let words = emit_valid(&sample());
    assert_eq!(words[0], 0x0723_0203);
    assert_eq!(words[1], 0x0001_0000, "SPIR-V 1.0");
    let decoded = Decoded::new(&words);
    assert_eq!(
        decoded.capabilities(),
        vec![Capability::Addresses, Capability::Kernel, Capability::Int64]
    );
    let model = &decoded.with_op(Op::MemoryModel)[0];
    assert_eq!(
        model.operands[0],
        Operand::AddressingModel(rspirv::spirv::AddressingModel::Physical64)
    );
    let source = &decoded.with_op(Op::Source)[0];
    assert_eq!(source.operands[1], Operand::LiteralBit32(200_000));
    assert!(decoded.with_op(Op::ExtInstImport).is_empty());
    assert_eq!(
        crate::required_validation_env(&words),
        crate::ValidationEnv::OpenCl2_0
    );
}

#[test]
fn emission_is_deterministic() {
    let first = emit_valid(&sample());
    for _ in 0..3 {
        assert_eq!(emit_valid(&sample()), first);
    }
}

#[test]
fn names_cover_kernels_params_and_globals_and_locals_with_debug_info() {
    let mut m = ModuleBuilder::new();
    let int = m.int(32, true);
    let void = m.void();
    let mut f = m.function("kern", true, &[("arg", int)], void);
    let x = f.local("x", int);
    let xp = f.local_ptr(x);
    let a = f.param(0);
    let s = f.store(xp, a);
    f.eval(s);
    f.finish();
    let names = |options: &Options| -> Vec<String> {
        let decoded = Decoded::new(&emit_valid_with(&m.module, options));
        decoded
            .with_op(Op::Name)
            .iter()
            .map(|n| match &n.operands[1] {
                Operand::LiteralString(s) => s.clone(),
                _ => panic!("name"),
            })
            .collect()
    };
    assert_eq!(names(&Options::default()), ["kern", "arg"]);
    let debug = Options {
        debug_info: true,
        ..Options::default()
    };
    assert_eq!(names(&debug), ["kern", "arg", "x"]);
}

#[test]
fn thirty_two_bit_pointers_use_physical32_and_32_bit_sizes() {
    let mut m = ModuleBuilder::new();
    m.module.pointer_bits = 32;
    let size = m.int(32, false);
    let gptr = m.ptr(size, AddressSpace::Global);
    let void = m.void();
    let mut f = m.function("k", true, &[("out", gptr)], void);
    let zero = f.int(0, size);
    let gid = f.expr(ExprKind::Builtin(BuiltinFn::GetGlobalId, vec![zero]), size);
    let out = f.param(0);
    let st = f.store(out, gid);
    f.eval(st);
    f.finish();
    let decoded = Decoded::new(&emit_valid(&m.module));
    let model = &decoded.with_op(Op::MemoryModel)[0];
    assert_eq!(
        model.operands[0],
        Operand::AddressingModel(rspirv::spirv::AddressingModel::Physical32)
    );
    assert!(!decoded.capabilities().contains(&Capability::Int64));
}

#[test]
fn integer_builtins_use_opencl_std() {
    let mut m = ModuleBuilder::new();
    let int = m.int(32, true);
    let uint = m.int(32, false);
    let float = m.float(32);
    let void = m.void();
    let mut f = m.function("k", true, &[("a", int), ("b", uint), ("c", float)], void);
    let sink = f.local("s", int);
    let usink = f.local("u", uint);
    let fsink = f.local("f", float);
    let a = f.param(0);
    let a2 = f.param(0);
    let min = f.expr(
        ExprKind::Builtin(BuiltinFn::Lib(LibFn::Min), vec![a, a2]),
        int,
    );
    let p = f.local_ptr(sink);
    let st = f.store(p, min);
    f.eval(st);
    let b = f.param(1);
    let b2 = f.param(1);
    let b3 = f.param(1);
    let clamp = f.expr(
        ExprKind::Builtin(BuiltinFn::Lib(LibFn::Clamp), vec![b, b2, b3]),
        uint,
    );
    let p = f.local_ptr(usink);
    let st = f.store(p, clamp);
    f.eval(st);
    let c = f.param(2);
    let c2 = f.param(2);
    let fmax = f.expr(
        ExprKind::Builtin(BuiltinFn::Lib(LibFn::Fmax), vec![c, c2]),
        float,
    );
    let p = f.local_ptr(fsink);
    let st = f.store(p, fmax);
    f.eval(st);
    f.finish();
    let words = emit_valid(&m.module);
    let decoded = Decoded::new(&words);
    let numbers: Vec<Operand> = decoded
        .with_op(Op::ExtInst)
        .iter()
        .map(|i| i.operands[1].clone())
        .collect();
    assert_eq!(
        numbers,
        [
            Operand::LiteralExtInstInteger(158),
            Operand::LiteralExtInstInteger(150),
            Operand::LiteralExtInstInteger(27)
        ]
    );
    // Extended instructions are disassembled by name.
    #[cfg(feature = "validate")]
    {
        let text = crate::disassemble(&words).expect("disassembles");
        assert!(text.contains("OpExtInst %"), "{text}");
        assert!(text.contains(" s_min %"), "{text}");
        assert!(text.contains("OpExtInstImport \"OpenCL.std\""), "{text}");
    }
}

#[test]
fn self_referential_structs_use_forward_pointers() {
    let mut m = ModuleBuilder::new();
    let int = m.int(32, true);
    let void = m.void();
    let node = m.module.types.add_struct(StructDef {
        name: "node".into(),
        is_union: false,
        members: Vec::new(),
        packed: false,
        align: 0,
        member_align: Vec::new(),
        member_cap: Vec::new(),
    });
    let node_ty = m.ty(Type::Struct(node));
    let node_ptr = m.ptr(node_ty, AddressSpace::Global);
    m.module.types.struct_mut(node).members =
        vec![("next".into(), node_ptr), ("value".into(), int)];
    let mut f = m.function("k", true, &[("list", node_ptr)], void);
    let list = f.param(0);
    let next_ptr = f.m.ptr(node_ptr, AddressSpace::Global);
    let next = f.expr(
        ExprKind::MemberPtr {
            pointer: list,
            field: 0,
        },
        next_ptr,
    );
    let value = f.load(next);
    let list = f.param(0);
    let next = f.expr(
        ExprKind::MemberPtr {
            pointer: list,
            field: 0,
        },
        next_ptr,
    );
    let st = f.store(next, value);
    f.eval(st);
    f.finish();
    let decoded = Decoded::new(&emit_valid(&m.module));
    assert_eq!(decoded.with_op(Op::TypeForwardPointer).len(), 1);
}

#[test]
fn nesting_beyond_the_limit_is_a_diagnostic_not_a_crash() {
    let handle = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(|| {
            let mut m = ModuleBuilder::new();
            let int = m.int(32, true);
            let void = m.void();
            let mut f = m.function("k", true, &[("a", int)], void);
            // Negations nest (a chain of additions would be emitted in a
            // loop, see `long_addition_chains_are_emitted_in_a_loop`).
            let mut e = f.param(0);
            for _ in 0..5000 {
                e = f.expr(ExprKind::Unary(oclc_ir::UnaryOp::Neg, e), int);
            }
            f.eval(e);
            f.finish();
            crate::emit(&super::checked(&m.module), &Options::default()).map_err(|d| d.code.id)
        })
        .expect("thread starts");
    let result = handle.join().expect("no stack overflow");
    let error = result.expect_err("too deep");
    assert_eq!(error, "E0902");
}

#[test]
fn long_addition_chains_are_emitted_in_a_loop() {
    let handle = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(|| {
            let mut m = ModuleBuilder::new();
            let int = m.int(32, true);
            let void = m.void();
            let mut f = m.function("k", true, &[("a", int)], void);
            let mut e = f.param(0);
            for _ in 0..50_000 {
                let one = f.int(1, int);
                e = f.binary(oclc_ir::BinaryOp::Add, e, one);
            }
            f.eval(e);
            f.finish();
            crate::emit(&super::checked(&m.module), &Options::default())
                .map(|e| e.words.len())
                .map_err(|d| d.message)
        })
        .expect("thread starts");
    let words = handle.join().expect("no stack overflow").expect("emits");
    assert!(words > 50_000 * 4);
}

#[test]
fn nesting_within_the_limit_fits_a_two_megabyte_stack() {
    let handle = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(|| {
            let mut m = ModuleBuilder::new();
            let int = m.int(32, true);
            let long = m.int(64, true);
            let void = m.void();
            let mut f = m.function("k", true, &[("a", int)], void);
            let mut e = f.param(0);
            // Alternate `c ? e : 0`, `(int)(long)e` and `e + 1`: three
            // node kinds per round, four levels.
            for _ in 0..(crate::module::MAX_NESTING - 8) / 4 {
                let cond = f.boolean(true);
                let zero = f.int(0, int);
                e = f.expr(
                    ExprKind::Select {
                        cond,
                        then: e,
                        otherwise: zero,
                    },
                    int,
                );
                e = f.convert(oclc_ir::Conversion::IntToInt, e, long);
                e = f.convert(oclc_ir::Conversion::IntToInt, e, int);
                let one = f.int(1, int);
                e = f.binary(oclc_ir::BinaryOp::Add, e, one);
            }
            f.eval(e);
            f.finish();
            crate::emit(&super::checked(&m.module), &Options::default())
                .map(|e| e.words.len())
                .map_err(|d| d.message)
        })
        .expect("thread starts");
    assert!(handle.join().expect("no stack overflow").is_ok());
}

#[test]
fn validation_failures_become_e0901() {
    let diagnostic = crate::validation_failed("something is wrong");
    assert_eq!(diagnostic.code.id, "E0901");
    assert!(diagnostic.notes[0].contains("something is wrong"));
    assert!(crate::codes::CODES.iter().all(|c| c.id.starts_with("E09")));
}
