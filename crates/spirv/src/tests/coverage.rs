//! Less common constructs, each checked by the validator: pointer-typed
//! `?:`, kernel-scope `local` atomics, generic helpers, vectors, halves,
//! union and struct initializers, unsized array parameters and the
//! pointer/integer conversions.

use oclc_ir::{
    AddressSpace, AtomicForm, AtomicOp, BinaryOp, ConstInit, Conversion, ExprKind, FenceKind,
    Literal, Stmt, StructDef, Type,
};
use rspirv::spirv::{Capability, Op};

use super::{emit_valid, Decoded, ModuleBuilder};

#[test]
fn local_atomics_generic_helpers_and_pointer_select() {
    let mut m = ModuleBuilder::new();
    let int = m.int(32, true);
    let bool_ty = m.bool();
    let void = m.void();
    let atomic = m.atomic(int);
    let generic = m.ptr(atomic, AddressSpace::Generic);
    let global = m.ptr(atomic, AddressSpace::Global);
    // helper(generic atomic_int *p) { atomic_fetch_add(p, 1); }
    let mut h = m.function("bump", false, &[("p", generic)], void);
    let p = h.param(0);
    let one = h.int(1, int);
    let add = h.atomic(
        AtomicOp::FetchAdd,
        AtomicForm::Plain,
        p,
        vec![one],
        None,
        None,
        None,
        int,
    );
    h.eval(add);
    let helper = h.finish();
    let counter = m.global("counter", atomic, AddressSpace::Local, None, None);
    let mut k = m.function("k", true, &[("g", global), ("which", bool_ty)], void);
    // bump(which ? (generic *)&counter : (generic *)g);
    let which = k.param(1);
    let c = k.global_ptr(counter);
    let c = k.convert(Conversion::ToGeneric, c, generic);
    let g = k.param(0);
    let g = k.convert(Conversion::ToGeneric, g, generic);
    let chosen = k.expr(
        ExprKind::Select {
            cond: which,
            then: c,
            otherwise: g,
        },
        generic,
    );
    let call = k.expr(ExprKind::Call(helper, vec![chosen]), void);
    k.eval(call);
    // work_group_barrier(CLK_LOCAL_MEM_FENCE, runtime scope)
    let scope_var = k.local("scope", int);
    let sp = k.local_ptr(scope_var);
    let scope = k.load(sp);
    let flags = k.mem(1);
    let scope = k.runtime_mem(scope);
    let barrier = k.fence(FenceKind::WorkGroupBarrier, flags, None, Some(scope));
    k.eval(barrier);
    // atomic_store_explicit(&counter, 0, memory_order_release, memory_scope_work_group)
    let c = k.global_ptr(counter);
    let zero = k.int(0, int);
    let order = k.mem(3);
    let scope = k.mem(1);
    let store = k.atomic(
        AtomicOp::Store,
        AtomicForm::ExplicitScope,
        c,
        vec![zero],
        Some(order),
        None,
        Some(scope),
        void,
    );
    k.eval(store);
    let kernel = k.finish();
    m.module.globals[counter].kernel = Some(kernel);
    let decoded = Decoded::new(&emit_valid(&m.module));
    let operations = decoded.memory_operations();
    assert_eq!(operations[0], (Op::AtomicIAdd, vec![1, 0x310]));
    assert_eq!(operations.last(), Some(&(Op::AtomicStore, vec![2, 0x104])));
    // Four scopes (not work-item) plus the default arm.
    assert_eq!(
        operations
            .iter()
            .filter(|(op, _)| *op == Op::ControlBarrier)
            .count(),
        5
    );
    assert!(decoded.capabilities().contains(&Capability::GenericPointer));
}

#[test]
fn vectors_halves_and_conversions() {
    let mut m = ModuleBuilder::new();
    let int = m.int(32, true);
    let uint = m.int(32, false);
    let long = m.int(64, true);
    let half = m.float(16);
    let float = m.float(32);
    let bool_ty = m.bool();
    let void = m.void();
    let int4 = m.ty(Type::Vector { elem: int, len: 4 });
    let float8 = m.ty(Type::Vector {
        elem: float,
        len: 8,
    });
    let gint = m.ptr(int, AddressSpace::Global);
    let unsized_array = m.ty(Type::Array {
        elem: int,
        len: None,
    });
    let array_param = m.ptr(unsized_array, AddressSpace::Global);
    let mut f = m.function(
        "k",
        true,
        &[("a", int), ("p", gint), ("arr", array_param), ("x", float)],
        void,
    );
    let v = f.local("v", int4);
    let w = f.local("w", float8);
    let h = f.local("h", half);
    let flag = f.local("flag", bool_ty);
    let address = f.local("address", long);
    // v = (int4)(a) == (int4)(a);  (vector comparison → -1/0)
    let a = f.param(0);
    let splat_a = f.convert(Conversion::Splat, a, int4);
    let a = f.param(0);
    let splat_b = f.convert(Conversion::Splat, a, int4);
    let eq = f.expr(ExprKind::Binary(BinaryOp::Eq, splat_a, splat_b), int4);
    let vp = f.local_ptr(v);
    let st = f.store(vp, eq);
    f.eval(st);
    // w = (float8)(x);
    let x = f.param(3);
    let splat = f.convert(Conversion::Splat, x, float8);
    let wp = f.local_ptr(w);
    let st = f.store(wp, splat);
    f.eval(st);
    // h = 1.5h; h++;
    let hp = f.local_ptr(h);
    let value = f.float(1.5, half);
    let st = f.store(hp, value);
    f.eval(st);
    let hp = f.local_ptr(h);
    let inc = f.expr(
        ExprKind::IncDec {
            pointer: hp,
            increment: true,
            prefix: false,
        },
        half,
    );
    f.eval(inc);
    // flag = p;  (pointer to bool)
    let p = f.param(1);
    let truth = f.convert(Conversion::ToBool, p, bool_ty);
    let fp = f.local_ptr(flag);
    let st = f.store(fp, truth);
    f.eval(st);
    // address = (long)p; p = (global int *)address;
    let p = f.param(1);
    let as_int = f.convert(Conversion::PtrToInt, p, long);
    let ap = f.local_ptr(address);
    let st = f.store(ap, as_int);
    f.eval(st);
    let ap = f.local_ptr(address);
    let av = f.load(ap);
    let back = f.convert(Conversion::IntToPtr, av, gint);
    let loaded = f.load(back);
    // arr[a] = as_type<int>(x) + loaded;
    let x = f.param(3);
    let bits = f.convert(Conversion::Bitcast, x, int);
    let sum = f.binary(BinaryOp::Add, bits, loaded);
    let arr = f.param(2);
    let a = f.param(0);
    let element = f.expr(
        ExprKind::ElementPtr {
            pointer: arr,
            index: a,
        },
        gint,
    );
    let st = f.store(element, sum);
    f.eval(st);
    // (uint)x
    let x = f.param(3);
    let u = f.convert(Conversion::FloatToInt, x, uint);
    f.eval(u);
    f.finish();
    let decoded = Decoded::new(&emit_valid(&m.module));
    let capabilities = decoded.capabilities();
    assert!(capabilities.contains(&Capability::Float16));
    assert!(capabilities.contains(&Capability::Vector16));
    assert_eq!(decoded.with_op(Op::CompositeConstruct).len(), 3);
    assert_eq!(decoded.with_op(Op::ConvertPtrToU).len(), 2);
    assert_eq!(decoded.with_op(Op::ConvertUToPtr).len(), 1);
    // The unsized array parameter is indexed as a pointer.
    assert_eq!(decoded.with_op(Op::PtrAccessChain).len(), 1);
}

#[test]
fn struct_and_union_initializers() {
    let mut m = ModuleBuilder::new();
    let int = m.int(32, true);
    let char_ty = m.int(8, true);
    let float = m.float(32);
    let void = m.void();
    let s = m.module.types.add_struct(StructDef {
        name: "config".into(),
        is_union: false,
        members: vec![("count".into(), int), ("scale".into(), float)],
        packed: false,
        align: 0,
        member_align: Vec::new(),
        member_cap: Vec::new(),
    });
    let config = m.ty(Type::Struct(s));
    let u = m.module.types.add_struct(StructDef {
        name: "word".into(),
        is_union: true,
        members: vec![("i".into(), int), ("bytes".into(), char_ty)],
        packed: false,
        align: 0,
        member_align: Vec::new(),
        member_cap: Vec::new(),
    });
    let word = m.ty(Type::Struct(u));
    let init = ConstInit::Composite(vec![
        ConstInit::Scalar(Literal::Int(3)),
        ConstInit::Scalar(Literal::Float(0.5)),
    ]);
    m.global("config", config, AddressSpace::Constant, Some(init), None);
    let init = ConstInit::Composite(vec![ConstInit::Scalar(Literal::Int(7))]);
    m.global("word", word, AddressSpace::Global, Some(init), None);
    m.global(
        "zeroed",
        word,
        AddressSpace::Global,
        Some(ConstInit::Zero),
        None,
    );
    m.global("uninit", config, AddressSpace::Constant, None, None);
    let mut k = m.function("k", true, &[], void);
    k.push(Stmt::Return(None));
    k.finish();
    let decoded = Decoded::new(&emit_valid(&m.module));
    assert_eq!(decoded.with_op(Op::ConstantComposite).len(), 2);
    assert_eq!(decoded.with_op(Op::ConstantNull).len(), 2);
}

#[test]
fn unions_whose_first_member_is_narrow_reject_non_zero_initializers() {
    let mut m = ModuleBuilder::new();
    let char_ty = m.int(8, true);
    let int = m.int(32, true);
    let u = m.module.types.add_struct(StructDef {
        name: "word".into(),
        is_union: true,
        members: vec![("c".into(), char_ty), ("i".into(), int)],
        packed: false,
        align: 0,
        member_align: Vec::new(),
        member_cap: Vec::new(),
    });
    let word = m.ty(Type::Struct(u));
    let init = ConstInit::Composite(vec![ConstInit::Scalar(Literal::Int(7))]);
    m.global("word", word, AddressSpace::Global, Some(init), None);
    let error = crate::emit(&super::checked(&m.module), &crate::Options::default())
        .expect_err("unsupported");
    assert_eq!(error.code.id, "E0902");
}

#[test]
fn work_item_dimensions_behind_conversions_stay_constant() {
    let mut m = ModuleBuilder::new();
    let int = m.int(32, true);
    let uint = m.int(32, false);
    let size = m.int(64, false);
    let gptr = m.ptr(size, AddressSpace::Global);
    let void = m.void();
    let mut f = m.function("k", true, &[("out", gptr)], void);
    let one = f.int(1, int);
    let one = f.convert(Conversion::IntToInt, one, uint);
    let group = f.expr(
        ExprKind::Builtin(oclc_ir::BuiltinFn::GetGroupId, vec![one]),
        size,
    );
    let dims = f.expr(
        ExprKind::Builtin(oclc_ir::BuiltinFn::GetWorkDim, vec![]),
        uint,
    );
    let dims = f.convert(Conversion::IntToInt, dims, size);
    let sum = f.binary(BinaryOp::Add, group, dims);
    let out = f.param(0);
    let st = f.store(out, sum);
    f.eval(st);
    f.finish();
    let decoded = Decoded::new(&emit_valid(&m.module));
    assert!(decoded.with_op(Op::VectorExtractDynamic).is_empty());
    assert_eq!(decoded.with_op(Op::CompositeExtract).len(), 1);
    assert_eq!(decoded.with_op(Op::EntryPoint)[0].operands.len(), 5);
}
