//! Object rules: E0411–E0416, W0404–W0406.

use super::{codes, fix, primary_text, single, Case};
use oclc_diagnostics::Span;
use oclc_ir::{
    AddressSpace, AtomicForm, AtomicOp, BinaryOp, ExprKind, FenceKind, GlobalId, GlobalVariable,
    Local, Quals, Stmt, Type, FENCE_GLOBAL,
};
use oclc_target::{ClStd, Target};

/// `name(p)` with no orders, on a pointer to `pointee` in `space`.
fn plain_call(
    op: AtomicOp,
    form: AtomicForm,
    name: &str,
    pointee: Type,
    space: AddressSpace,
) -> Case {
    let mut case = Case::new(&format!("{name}(p);"));
    let pointee = case.ty(pointee);
    let p = case.pointer(pointee, space, "p");
    let call = case.call(op, form, name, p);
    case.atomic_stmt(call);
    case
}

const INT: Type = Type::Int {
    bits: 32,
    signed: true,
};

#[test]
fn c11_functions_need_atomic_objects() {
    let diagnostics = plain_call(
        AtomicOp::Load,
        AtomicForm::Plain,
        "atomic_load",
        INT,
        AddressSpace::Global,
    )
    .check();
    let d = single(&diagnostics, "E0411");
    assert_eq!(
        d.message,
        "`atomic_load` requires a pointer to an atomic type, found a pointer to `int`"
    );
    let diagnostics = plain_call(
        AtomicOp::Load,
        AtomicForm::Plain,
        "atomic_load",
        Type::AtomicFlag,
        AddressSpace::Global,
    )
    .check();
    let d = single(&diagnostics, "E0411");
    assert_eq!(
        d.message,
        "`atomic_load` cannot be used on an `atomic_flag`"
    );
    let mut case = Case::new("atomic_flag_clear(p);");
    let atomic_int = case.atomic_int();
    let p = case.pointer(atomic_int, AddressSpace::Global, "p");
    let call = case.call(
        AtomicOp::FlagClear,
        AtomicForm::Plain,
        "atomic_flag_clear",
        p,
    );
    case.atomic_stmt(call);
    let sources = case.sources.clone();
    let diagnostics = case.check();
    let d = single(&diagnostics, "E0411");
    assert!(d.message.contains("found a pointer to `atomic_int`"));
    assert_eq!(primary_text(&sources, d), "p");
}

#[test]
fn legacy_functions_take_plain_integers() {
    let diagnostics = plain_call(
        AtomicOp::LegacyInc,
        AtomicForm::Legacy,
        "atomic_inc",
        INT,
        AddressSpace::Global,
    )
    .check();
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
}

#[test]
fn atomics_on_constant_memory() {
    let diagnostics = plain_call(
        AtomicOp::LegacyInc,
        AtomicForm::Legacy,
        "atomic_inc",
        INT,
        AddressSpace::Constant,
    )
    .check();
    single(&diagnostics, "E0412");
    let mut case = Case::new("atomic_load(p);");
    let atomic_int = case.atomic_int();
    let konst = Quals {
        const_: true,
        volatile: false,
    };
    let p = case.pointer_with(atomic_int, AddressSpace::Constant, konst, "p");
    let call = case.call(AtomicOp::Load, AtomicForm::Plain, "atomic_load", p);
    case.atomic_stmt(call);
    let diagnostics = case.check();
    let d = single(&diagnostics, "E0412");
    assert_eq!(
        d.message,
        "`atomic_load` cannot be applied to `constant` memory"
    );
}

#[test]
fn const_atomics_can_only_be_loaded() {
    for (op, name, bad) in [
        (AtomicOp::Store, "atomic_store", true),
        (AtomicOp::FetchAdd, "atomic_fetch_add", true),
        (AtomicOp::Init, "atomic_init", true),
        (AtomicOp::Load, "atomic_load", false),
    ] {
        let mut case = Case::new(&format!("{name}(p);"));
        let atomic_int = case.atomic_int();
        let konst = Quals {
            const_: true,
            volatile: true,
        };
        let p = case.pointer_with(atomic_int, AddressSpace::Global, konst, "p");
        let call = case.call(op, AtomicForm::Plain, name, p);
        case.atomic_stmt(call);
        let diagnostics = case.check();
        assert_eq!(
            codes(&diagnostics),
            if bad { vec!["E0413"] } else { vec![] },
            "{name}"
        );
    }
}

#[test]
fn atomics_on_private_memory_warn() {
    let mut case = Case::new("atomic_init(p);");
    let atomic_int = case.atomic_int();
    let p = case.pointer(atomic_int, AddressSpace::Private, "p");
    let call = case.call(AtomicOp::Init, AtomicForm::Plain, "atomic_init", p);
    case.atomic_stmt(call);
    let diagnostics = case.check();
    single(&diagnostics, "W0404");
    // Generic pointers may point anywhere: no warning.
    let mut case = Case::new("atomic_load(p);");
    let atomic_int = case.atomic_int();
    let p = case.pointer(atomic_int, AddressSpace::Generic, "p");
    let call = case.call(AtomicOp::Load, AtomicForm::Plain, "atomic_load", p);
    case.atomic_stmt(call);
    assert!(case.check().is_empty());
}

/// A weak compare-exchange placed by `place`.
fn weak_cas(place: impl FnOnce(&mut Case, oclc_ir::ExprId)) -> Case {
    let mut case = Case::new("atomic_compare_exchange_weak_explicit(p, &e, 1);");
    let atomic_int = case.atomic_int();
    let p = case.pointer(atomic_int, AddressSpace::Global, "p");
    let call = case.call(
        AtomicOp::CompareExchangeWeak,
        AtomicForm::Plain,
        "atomic_compare_exchange_weak_explicit",
        p,
    );
    let id = case.atomic(call);
    place(&mut case, id);
    case
}

#[test]
fn weak_compare_exchange_must_be_retried() {
    // Discarded: warns even inside a loop, with a fix to the strong form.
    let case = weak_cas(|case, id| {
        case.stmt(Stmt::Loop {
            cond: None,
            test_first: true,
            body: oclc_ir::Block(vec![Stmt::Expr(id), Stmt::Break]),
            continuing: oclc_ir::Block::default(),
            control: oclc_ir::LoopControl::None,
        })
    });
    let sources = case.sources.clone();
    let diagnostics = case.check();
    let d = single(&diagnostics, "W0405");
    assert!(d.message.starts_with("result of"));
    assert_eq!(
        fix(&sources, d),
        (
            "atomic_compare_exchange_weak_explicit".to_owned(),
            "atomic_compare_exchange_strong_explicit".to_owned()
        )
    );
    // Tested by an `if` outside any loop.
    let case = weak_cas(|case, id| {
        case.stmt(Stmt::If {
            cond: id,
            then: oclc_ir::Block::default(),
            otherwise: oclc_ir::Block::default(),
        })
    });
    let diagnostics = case.check();
    assert!(single(&diagnostics, "W0405")
        .message
        .contains("not retried in a loop"));
    // The condition of a loop: fine.
    let case = weak_cas(|case, id| {
        let bool_ty = case.ty(Type::Bool);
        let not = case.expr(
            ExprKind::Unary(oclc_ir::UnaryOp::Not, id),
            bool_ty,
            Span::default(),
        );
        case.stmt(Stmt::Loop {
            cond: Some(not),
            test_first: true,
            body: oclc_ir::Block::default(),
            continuing: oclc_ir::Block::default(),
            control: oclc_ir::LoopControl::None,
        })
    });
    assert!(case.check().is_empty());
}

#[test]
fn deprecated_atomics_only_from_cl20() {
    let case = || {
        let mut case = Case::new("atomic_add(p, v); mem_fence(CLK_GLOBAL_MEM_FENCE);");
        let int = case.int();
        let p = case.pointer(int, AddressSpace::Global, "p");
        let v_span = case.span("v");
        let v = case.expr(ExprKind::Param(1), int, v_span);
        let mut call = case.call(AtomicOp::LegacyAdd, AtomicForm::Legacy, "atomic_add", p);
        call.operands.push(v);
        call.arg_spans = vec![case.span("p"), v_span];
        case.atomic_stmt(call);
        let flags = case.arg(Some(FENCE_GLOBAL), "CLK_GLOBAL_MEM_FENCE");
        case.fence(FenceKind::MemFence, "mem_fence", flags, None, None);
        case
    };
    assert!(case().check_with(&Target::new(ClStd::Cl12)).is_empty());
    let c = case();
    let sources = c.sources.clone();
    let diagnostics = c.check_with(&Target::new(ClStd::Cl20));
    assert_eq!(codes(&diagnostics), ["W0406", "W0406"]);
    let help = diagnostics[0].help.as_ref().expect("help");
    assert!(help
        .message
        .contains("atomic_fetch_add_explicit(p, v, memory_order_relaxed)"));
    let fence_help = diagnostics[1].help.as_ref().expect("help");
    assert_eq!(fence_help.edits.len(), 2);
    assert_eq!(sources.snippet(fence_help.edits[0].span), "mem_fence");
    assert_eq!(fence_help.edits[0].replacement, "atomic_work_item_fence");
    assert_eq!(
        fence_help.edits[1].replacement,
        ", memory_order_acq_rel, memory_scope_work_group"
    );
    let flags = sources
        .file(oclc_diagnostics::FileId(0))
        .text()
        .find("CLK_GLOBAL_MEM_FENCE")
        .expect("flags in the source");
    let flags_end = (flags + "CLK_GLOBAL_MEM_FENCE".len()) as u32;
    assert!(fence_help.edits[1].span.is_empty());
    assert_eq!(fence_help.edits[1].span.start, flags_end);
}

/// A case with a global `atomic_int *` parameter `p` spelled at `needle`.
fn with_atomic_pointer(source: &str, needle: &str) -> (Case, oclc_ir::ExprId, oclc_ir::TypeId) {
    let mut case = Case::new(source);
    let atomic_int = case.atomic_int();
    let p = case.pointer(atomic_int, AddressSpace::Global, needle);
    (case, p, atomic_int)
}

#[test]
fn reading_an_atomic_object_suggests_atomic_load() {
    let (mut case, p, _) = with_atomic_pointer("x = *p;", "p");
    let int = case.int();
    let span = case.span("*p");
    let load = case.expr(ExprKind::Load(p), int, span);
    case.stmt(Stmt::Return(Some(load)));
    let sources = case.sources.clone();
    let diagnostics = case.check();
    let d = single(&diagnostics, "E0414");
    assert_eq!(
        fix(&sources, d),
        ("*p".to_owned(), "atomic_load(p)".to_owned())
    );
}

#[test]
fn increments_become_fetch_add() {
    for (source, prefix, discarded, expected) in [
        ("(*p)++;", false, false, "atomic_fetch_add(p, 1)"),
        ("++(*p);", true, true, "atomic_fetch_add(p, 1)"),
        ("++(*p);", true, false, "(atomic_fetch_add(p, 1) + 1)"),
    ] {
        let (mut case, p, _) = with_atomic_pointer(source, "p");
        let int = case.int();
        let span = case.span(source.trim_end_matches(';'));
        let step = case.expr(
            ExprKind::IncDec {
                pointer: p,
                increment: true,
                prefix,
            },
            int,
            span,
        );
        case.stmt(if discarded {
            Stmt::Expr(step)
        } else {
            Stmt::Return(Some(step))
        });
        let sources = case.sources.clone();
        let diagnostics = case.check();
        let d = single(&diagnostics, "E0414");
        assert_eq!(fix(&sources, d).1, expected, "{source}");
    }
}

#[test]
fn assignments_become_atomic_calls_when_the_value_is_unused() {
    let (mut case, p, _) = with_atomic_pointer("*p = 5; *p += 2; *p *= 3;", "p");
    let int = case.int();
    for (text, value_text, op) in [
        ("*p = 5", "5", None),
        ("*p += 2", "2", Some(BinaryOp::Add)),
        ("*p *= 3", "3", Some(BinaryOp::Mul)),
    ] {
        let value_span = case.span(value_text);
        let value = case.expr(ExprKind::Literal(oclc_ir::Literal::Int(1)), int, value_span);
        let span = case.span(text);
        let kind = match op {
            None => ExprKind::Store { pointer: p, value },
            Some(op) => ExprKind::CompoundAssign {
                op,
                pointer: p,
                value,
                op_ty: int,
            },
        };
        let id = case.expr(kind, int, span);
        case.stmt(Stmt::Expr(id));
    }
    let sources = case.sources.clone();
    let diagnostics = case.check();
    assert_eq!(codes(&diagnostics), ["E0414", "E0414", "E0414"]);
    assert_eq!(fix(&sources, &diagnostics[0]).1, "atomic_store(p, 5)");
    assert_eq!(fix(&sources, &diagnostics[1]).1, "atomic_fetch_add(p, 2)");
    let help = diagnostics[2].help.as_ref().expect("help");
    assert!(help.edits.is_empty());
    assert!(help.message.contains("atomic_compare_exchange_weak"));
}

#[test]
fn atomic_variable_initializers_suggest_atomic_init() {
    let mut case = Case::new("atomic_int x = 5;");
    let atomic_int = case.atomic_int();
    let int = case.int();
    let declaration = case.span("atomic_int x = 5;");
    let x_local = case.function.locals.push(Local {
        align: 0,
        name: "x".to_owned(),
        ty: atomic_int,
        span: declaration,
    });
    let pointer_ty = case.pointer_type(atomic_int, AddressSpace::Private, Quals::default());
    let x_span = case.span("x");
    let x = case.expr(ExprKind::Local(x_local), pointer_ty, x_span);
    let value_span = case.span("5");
    let value = case.expr(ExprKind::Literal(oclc_ir::Literal::Int(5)), int, value_span);
    let store_span = case.span("x = 5");
    let store = case.expr(ExprKind::Store { pointer: x, value }, int, store_span);
    case.stmt(Stmt::Expr(store));
    let diagnostics = case.check();
    let d = single(&diagnostics, "E0414");
    assert_eq!(
        d.message,
        "an atomic variable cannot be initialized with `=`"
    );
    assert!(d
        .help
        .as_ref()
        .expect("help")
        .message
        .contains("atomic_init(&variable, 5)"));
}

#[test]
fn plain_integers_are_not_atomic_arithmetic() {
    let mut case = Case::new("(*p)++;");
    let int = case.int();
    let p = case.pointer(int, AddressSpace::Global, "p");
    let span = case.span("(*p)++");
    let step = case.expr(
        ExprKind::IncDec {
            pointer: p,
            increment: true,
            prefix: false,
        },
        int,
        span,
    );
    case.stmt(Stmt::Expr(step));
    assert!(case.check().is_empty());
}

/// Adds a global variable.
fn global(
    case: &mut Case,
    name: &str,
    ty: Type,
    space: AddressSpace,
    kernel: bool,
    init: Option<Span>,
) -> GlobalId {
    let ty = case.ty(ty);
    let span = case.span(name);
    case.module.globals.push(GlobalVariable {
        align: 0,
        name: name.to_owned(),
        ty,
        space,
        init: None,
        kernel: kernel.then_some(case.module.functions.next_handle()),
        span,
        init_span: init,
        init_leaves: Vec::new(),
    })
}

#[test]
fn atomic_var_init_placement() {
    let source = "global atomic_int a = ATOMIC_VAR_INIT(1);\n\
                  global atomic_flag f = ATOMIC_FLAG_INIT;\n\
                  global atomic_int g = ATOMIC_FLAG_INIT;\n\
                  int y = ATOMIC_VAR_INIT(2);";
    let mut case = Case::new(source);
    let atomic_int = Type::Atomic(case.int());
    let a_init = case.span("ATOMIC_VAR_INIT(1)");
    global(
        &mut case,
        "a",
        atomic_int,
        AddressSpace::Global,
        false,
        Some(a_init),
    );
    let f_init = case.span_nth("ATOMIC_FLAG_INIT", 0);
    global(
        &mut case,
        "f",
        Type::AtomicFlag,
        AddressSpace::Global,
        false,
        Some(f_init),
    );
    let g_init = case.span_nth("ATOMIC_FLAG_INIT", 1);
    global(
        &mut case,
        "g",
        atomic_int,
        AddressSpace::Global,
        false,
        Some(g_init),
    );
    case.expansion("ATOMIC_VAR_INIT", a_init);
    case.expansion("ATOMIC_FLAG_INIT", f_init);
    case.expansion("ATOMIC_FLAG_INIT", g_init);
    let misplaced = case.span("ATOMIC_VAR_INIT(2)");
    case.expansion("ATOMIC_VAR_INIT", misplaced);
    let sources = case.sources.clone();
    let diagnostics = case.check();
    assert_eq!(codes(&diagnostics), ["E0415", "E0415"]);
    assert!(diagnostics[0].message.contains("`g`"));
    assert_eq!(
        primary_text(&sources, &diagnostics[1]),
        "ATOMIC_VAR_INIT(2)"
    );
    assert!(diagnostics[1]
        .message
        .contains("program-scope `global` variable"));
}

#[test]
fn local_variables_cannot_be_initialized() {
    let mut case = Case::new("local atomic_int n = ATOMIC_VAR_INIT(0); local int m;");
    let atomic_int = Type::Atomic(case.int());
    let init = case.span("ATOMIC_VAR_INIT(0)");
    global(
        &mut case,
        "n",
        atomic_int,
        AddressSpace::Local,
        true,
        Some(init),
    );
    global(&mut case, "m", INT, AddressSpace::Local, true, None);
    case.expansion("ATOMIC_VAR_INIT", init);
    let sources = case.sources.clone();
    let diagnostics = case.check();
    let d = single(&diagnostics, "E0416");
    assert_eq!(primary_text(&sources, d), "ATOMIC_VAR_INIT(0)");
    assert!(d
        .help
        .as_ref()
        .expect("help")
        .message
        .contains("atomic_init"));
}
