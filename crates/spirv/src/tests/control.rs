//! Control flow, expressions, conversions and pointer arithmetic.

use oclc_ir::{
    AddressSpace, BinaryOp, Block, CaseLabel, Conversion, ExprKind, LoopControl, Stmt, StructDef,
    SwitchSegment, Type, UnaryOp,
};
use rspirv::spirv::Op;

use super::{emit_valid, Decoded, ModuleBuilder};

#[test]
fn if_loops_and_switch_are_structured() {
    let mut m = ModuleBuilder::new();
    let int = m.int(32, true);
    let void = m.void();
    let mut f = m.function("k", true, &[("n", int)], void);
    let i = f.local("i", int);
    let acc = f.local("acc", int);
    // for (i = 0; i < n; i++) { if (i == 3) continue; if (i > 10) break; acc += i; }
    let ip = f.local_ptr(i);
    let zero = f.int(0, int);
    let init = f.store(ip, zero);
    f.eval(init);
    let ip = f.local_ptr(i);
    let iv = f.load(ip);
    let n = f.param(0);
    let cond = f.binary(BinaryOp::Lt, iv, n);
    let ip = f.local_ptr(i);
    let step = f.expr(
        ExprKind::IncDec {
            pointer: ip,
            increment: true,
            prefix: false,
        },
        int,
    );
    let ip = f.local_ptr(i);
    let iv = f.load(ip);
    let three = f.int(3, int);
    let is_three = f.binary(BinaryOp::Eq, iv, three);
    let ip = f.local_ptr(i);
    let iv = f.load(ip);
    let ten = f.int(10, int);
    let big = f.binary(BinaryOp::Gt, iv, ten);
    let accp = f.local_ptr(acc);
    let ip = f.local_ptr(i);
    let iv = f.load(ip);
    let add = f.expr(
        ExprKind::CompoundAssign {
            op: BinaryOp::Add,
            pointer: accp,
            value: iv,
            op_ty: int,
        },
        int,
    );
    f.push(Stmt::Loop {
        cond: Some(cond),
        test_first: true,
        body: Block(vec![
            Stmt::If {
                cond: is_three,
                then: Block(vec![Stmt::Continue, Stmt::Expr(add)]),
                otherwise: Block::default(),
            },
            Stmt::If {
                cond: big,
                then: Block(vec![Stmt::Break]),
                otherwise: Block(vec![Stmt::Expr(add)]),
            },
        ]),
        continuing: Block(vec![Stmt::Expr(step)]),
        control: LoopControl::None,
    });
    // do { acc--; } while (acc > 0);
    let accp = f.local_ptr(acc);
    let dec = f.expr(
        ExprKind::IncDec {
            pointer: accp,
            increment: false,
            prefix: true,
        },
        int,
    );
    let accp = f.local_ptr(acc);
    let av = f.load(accp);
    let zero = f.int(0, int);
    let positive = f.binary(BinaryOp::Gt, av, zero);
    f.push(Stmt::Loop {
        cond: Some(positive),
        test_first: false,
        body: Block(vec![Stmt::Expr(dec)]),
        continuing: Block::default(),
        control: LoopControl::None,
    });
    // switch (n) { case 1: case 2: acc = 1; case 3: acc = 2; break; default: return; }
    let n = f.param(0);
    let accp = f.local_ptr(acc);
    let one = f.int(1, int);
    let set1 = f.store(accp, one);
    let accp = f.local_ptr(acc);
    let two = f.int(2, int);
    let set2 = f.store(accp, two);
    f.push(Stmt::Switch {
        selector: n,
        segments: vec![
            SwitchSegment {
                labels: vec![CaseLabel::Value(1), CaseLabel::Value(2)],
                body: Block(vec![Stmt::Expr(set1)]),
            },
            SwitchSegment {
                labels: vec![CaseLabel::Value(3)],
                body: Block(vec![Stmt::Expr(set2), Stmt::Break]),
            },
            SwitchSegment {
                labels: vec![CaseLabel::Default],
                body: Block(vec![Stmt::Return(None)]),
            },
        ],
    });
    // while (1) { break; }
    f.push(Stmt::Loop {
        cond: None,
        test_first: true,
        body: Block(vec![Stmt::Break]),
        continuing: Block::default(),
        control: LoopControl::None,
    });
    f.finish();
    let decoded = Decoded::new(&emit_valid(&m.module));
    assert_eq!(decoded.with_op(Op::LoopMerge).len(), 3);
    assert_eq!(decoded.with_op(Op::Switch).len(), 1);
    let switch = &decoded.with_op(Op::Switch)[0];
    assert_eq!(switch.operands.len(), 2 + 3 * 2, "three case literals");
    assert_eq!(decoded.with_op(Op::SLessThan).len(), 1);
    assert_eq!(decoded.with_op(Op::SGreaterThan).len(), 2);
}

/// `(a > 0 && q > 0) || !a` then `cond ? a : b`, where `q` is `b / a`
/// when `divide` (an operand that may trap, so it stays lazy) or `b`.
fn logical_chain(divide: bool) -> Decoded {
    let mut m = ModuleBuilder::new();
    let int = m.int(32, true);
    let bool_ty = m.bool();
    let void = m.void();
    let mut f = m.function("k", true, &[("a", int), ("b", int)], void);
    let x = f.local("x", int);
    let a = f.param(0);
    let zero = f.int(0, int);
    let a_pos = f.binary(BinaryOp::Gt, a, zero);
    let b = f.param(1);
    let q = if divide {
        let a = f.param(0);
        f.binary(BinaryOp::Div, b, a)
    } else {
        b
    };
    let zero = f.int(0, int);
    let q_pos = f.binary(BinaryOp::Gt, q, zero);
    let and = f.expr(ExprKind::LogicalAnd(a_pos, q_pos), bool_ty);
    let a = f.param(0);
    let not_a = f.convert(Conversion::ToBool, a, bool_ty);
    let or = f.expr(ExprKind::LogicalOr(and, not_a), bool_ty);
    let a = f.param(0);
    let b = f.param(1);
    let otherwise = if divide {
        let a = f.param(0);
        f.binary(BinaryOp::Div, b, a)
    } else {
        b
    };
    let select = f.expr(
        ExprKind::Select {
            cond: or,
            then: a,
            otherwise,
        },
        int,
    );
    let xp = f.local_ptr(x);
    let store = f.store(xp, select);
    f.eval(store);
    f.finish();
    Decoded::new(&emit_valid(&m.module))
}

#[test]
fn lazy_operators_branch_and_merge_with_phi() {
    // An operand that may trap (integer division) is evaluated only when C
    // evaluates it: `&&` and `?:` branch and merge with a phi; `|| !a`
    // (no division) is still eager.
    let decoded = logical_chain(true);
    assert_eq!(decoded.with_op(Op::Phi).len(), 2);
    assert_eq!(decoded.with_op(Op::SelectionMerge).len(), 2);
    assert!(decoded.with_op(Op::LogicalAnd).is_empty());
    assert_eq!(decoded.with_op(Op::LogicalOr).len(), 1);
    assert_eq!(decoded.with_op(Op::SDiv).len(), 2);
}

#[test]
fn side_effect_free_operands_are_evaluated_eagerly() {
    // Comparisons of values that can neither trap nor have effects: no
    // branches, OpLogicalAnd / OpLogicalOr / OpSelect.
    let decoded = logical_chain(false);
    assert!(decoded.with_op(Op::Phi).is_empty());
    assert!(decoded.with_op(Op::SelectionMerge).is_empty());
    assert_eq!(decoded.with_op(Op::LogicalAnd).len(), 1);
    assert_eq!(decoded.with_op(Op::LogicalOr).len(), 1);
    assert_eq!(decoded.with_op(Op::Select).len(), 1);
}

#[test]
fn arithmetic_picks_signed_and_unsigned_opcodes() {
    let mut m = ModuleBuilder::new();
    let int = m.int(32, true);
    let uint = m.int(32, false);
    let float = m.float(32);
    let long = m.int(64, true);
    let void = m.void();
    let mut f = m.function("k", true, &[("a", int), ("b", uint), ("c", float)], void);
    let sink = f.local("sink", int);
    let usink = f.local("usink", uint);
    let fsink = f.local("fsink", float);
    let lsink = f.local("lsink", long);
    for (op, unsigned) in [
        (BinaryOp::Div, false),
        (BinaryOp::Rem, false),
        (BinaryOp::Shr, false),
        (BinaryOp::Div, true),
        (BinaryOp::Rem, true),
        (BinaryOp::Shr, true),
        (BinaryOp::Shl, true),
    ] {
        let (x, y, target) = if unsigned {
            (f.param(1), f.param(1), usink)
        } else {
            (f.param(0), f.param(0), sink)
        };
        let e = f.binary(op, x, y);
        let p = f.local_ptr(target);
        let s = f.store(p, e);
        f.eval(s);
    }
    // Float ops and conversions.
    let c = f.param(2);
    let c2 = f.param(2);
    let ne = f.binary(BinaryOp::Ne, c, c2);
    let as_int = f.convert(Conversion::BoolToInt, ne, int);
    let p = f.local_ptr(sink);
    let s = f.store(p, as_int);
    f.eval(s);
    let a = f.param(0);
    let to_float = f.convert(Conversion::IntToFloat, a, float);
    let c = f.param(2);
    let sum = f.binary(BinaryOp::Rem, to_float, c);
    let p = f.local_ptr(fsink);
    let s = f.store(p, sum);
    f.eval(s);
    let a = f.param(0);
    let widened = f.convert(Conversion::IntToInt, a, long);
    let p = f.local_ptr(lsink);
    let s = f.store(p, widened);
    f.eval(s);
    let c = f.param(2);
    let to_uint = f.convert(Conversion::FloatToInt, c, uint);
    let p = f.local_ptr(usink);
    let s = f.store(p, to_uint);
    f.eval(s);
    let c = f.param(2);
    let neg = f.expr(ExprKind::Unary(UnaryOp::Neg, c), float);
    let p = f.local_ptr(fsink);
    let s = f.store(p, neg);
    f.eval(s);
    f.finish();
    let decoded = Decoded::new(&emit_valid(&m.module));
    for op in [
        Op::SDiv,
        Op::SRem,
        Op::ShiftRightArithmetic,
        Op::UDiv,
        Op::UMod,
        Op::ShiftRightLogical,
        Op::ShiftLeftLogical,
        Op::FUnordNotEqual,
        Op::Select,
        Op::ConvertSToF,
        Op::FRem,
        Op::SConvert,
        Op::ConvertFToU,
        Op::FNegate,
    ] {
        assert_eq!(decoded.with_op(op).len(), 1, "{op:?}");
    }
    // Shift counts are masked to the width.
    assert_eq!(decoded.with_op(Op::BitwiseAnd).len(), 3);
}

#[test]
fn pointer_arithmetic_members_and_arrays() {
    let mut m = ModuleBuilder::new();
    let int = m.int(32, true);
    let uint = m.int(32, false);
    let long = m.int(64, true);
    let float = m.float(32);
    let void = m.void();
    let gptr = m.ptr(int, AddressSpace::Global);
    let array = m.ty(Type::Array {
        elem: int,
        len: Some(8),
    });
    let s = m.module.types.add_struct(StructDef {
        name: "pair".into(),
        is_union: false,
        members: vec![("a".into(), int), ("b".into(), float)],
        packed: false,
        align: 0,
        member_align: Vec::new(),
        member_cap: Vec::new(),
    });
    let pair = m.ty(Type::Struct(s));
    let u = m.module.types.add_struct(StructDef {
        name: "bits".into(),
        is_union: true,
        members: vec![("i".into(), int), ("f".into(), float), ("l".into(), long)],
        packed: false,
        align: 0,
        member_align: Vec::new(),
        member_cap: Vec::new(),
    });
    let bits = m.ty(Type::Struct(u));
    let mut f = m.function("k", true, &[("p", gptr), ("i", uint)], void);
    let arr = f.local("arr", array);
    let pr = f.local("pr", pair);
    let un = f.local("un", bits);
    let q = f.local("q", gptr);
    let diff = f.local("diff", long);
    // q = p + i; q++; q -= 2;
    let p = f.param(0);
    let i = f.param(1);
    let moved = f.expr(
        ExprKind::PtrOffset {
            pointer: p,
            index: i,
        },
        gptr,
    );
    let qp = f.local_ptr(q);
    let s1 = f.store(qp, moved);
    f.eval(s1);
    let qp = f.local_ptr(q);
    let inc = f.expr(
        ExprKind::IncDec {
            pointer: qp,
            increment: true,
            prefix: true,
        },
        gptr,
    );
    f.eval(inc);
    let qp = f.local_ptr(q);
    let two = f.int(2, long);
    let sub = f.expr(
        ExprKind::CompoundAssign {
            op: BinaryOp::Sub,
            pointer: qp,
            value: two,
            op_ty: gptr,
        },
        gptr,
    );
    f.eval(sub);
    // diff = q - p;
    let qp = f.local_ptr(q);
    let qv = f.load(qp);
    let p = f.param(0);
    let d = f.expr(ExprKind::PtrDiff(qv, p), long);
    let dp = f.local_ptr(diff);
    let s2 = f.store(dp, d);
    f.eval(s2);
    // arr[i] = pr.a; un.f = 1.0;
    let ap = f.local_ptr(arr);
    let i = f.param(1);
    let pint = f.m.ptr(int, AddressSpace::Private);
    let element = f.expr(
        ExprKind::ElementPtr {
            pointer: ap,
            index: i,
        },
        pint,
    );
    let prp = f.local_ptr(pr);
    let member = f.expr(
        ExprKind::MemberPtr {
            pointer: prp,
            field: 0,
        },
        pint,
    );
    let mv = f.load(member);
    let s3 = f.store(element, mv);
    f.eval(s3);
    let unp = f.local_ptr(un);
    let pfloat = f.m.ptr(float, AddressSpace::Private);
    let uf = f.expr(
        ExprKind::MemberPtr {
            pointer: unp,
            field: 1,
        },
        pfloat,
    );
    let one = f.float(1.0, float);
    let s4 = f.store(uf, one);
    f.eval(s4);
    // Generic round trip: (global int *)(generic int *)p
    let p = f.param(0);
    let generic = f.m.ptr(int, AddressSpace::Generic);
    let g = f.convert(Conversion::ToGeneric, p, generic);
    let back = f.convert(Conversion::FromGeneric, g, gptr);
    let qp = f.local_ptr(q);
    let s5 = f.store(qp, back);
    f.eval(s5);
    f.finish();
    let decoded = Decoded::new(&emit_valid(&m.module));
    assert_eq!(decoded.with_op(Op::PtrAccessChain).len(), 3);
    assert_eq!(decoded.with_op(Op::AccessChain).len(), 1);
    assert_eq!(decoded.with_op(Op::InBoundsAccessChain).len(), 1);
    assert_eq!(decoded.with_op(Op::PtrCastToGeneric).len(), 1);
    assert_eq!(decoded.with_op(Op::GenericCastToPtr).len(), 1);
    assert_eq!(
        decoded.with_op(Op::SDiv).len(),
        1,
        "difference divided by 4"
    );
    // The union is a struct of its most aligned member (long).
    let structs = decoded.with_op(Op::TypeStruct);
    assert_eq!(structs.len(), 2);
    assert_eq!(structs[1].operands.len(), 1);
}
