//! Every construct the grammar accepts, with the AST shape asserted for a
//! representative subset.

use super::*;

fn expr_shape(decls: &str, expr: &str) -> String {
    let (p, e) = parse_expr(decls, expr);
    sexpr(&p, &e)
}

fn builtin(specs: &DeclSpecs) -> BuiltinType {
    match specs.ty {
        TypeSpec::Builtin(b, _) => b,
        ref other => panic!("not a built-in type: {other:?}"),
    }
}

/// The first declarator of top-level declaration `item`.
fn declarator(p: &Parse, item: usize) -> &Declarator {
    &p.decl(item).declarators[0].declarator
}

/// A compact rendering of a declarator's derivations, innermost first.
fn derived(d: &Declarator) -> Vec<String> {
    d.derived
        .iter()
        .map(|x| match x {
            DerivedDecl::Pointer(..) => "ptr".to_string(),
            DerivedDecl::Array(Some(_), _) => "array".to_string(),
            DerivedDecl::Array(None, _) => "array[]".to_string(),
            DerivedDecl::Function(f, _) => format!("fn/{}", f.params.len()),
        })
        .collect()
}

#[test]
fn binary_precedence_and_associativity() {
    assert_eq!(expr_shape("", "a + b * c"), "(+ a (* b c))");
    assert_eq!(expr_shape("", "a * b + c"), "(+ (* a b) c)");
    assert_eq!(expr_shape("", "a - b - c"), "(- (- a b) c)");
    assert_eq!(expr_shape("", "a / b % c"), "(% (/ a b) c)");
    assert_eq!(
        expr_shape("", "a || b && c | d ^ e & f == g < h << i + j * k"),
        "(|| a (&& b (| c (^ d (& e (== f (< g (<< h (+ i (* j k))))))))))"
    );
    assert_eq!(
        expr_shape("", "a * b + c << d < e == f & g ^ h | i && j || k"),
        "(|| (&& (| (^ (& (== (< (<< (+ (* a b) c) d) e) f) g) h) i) j) k)"
    );
    assert_eq!(expr_shape("", "a != b >= c"), "(!= a (>= b c))");
}

#[test]
fn assignment_conditional_and_comma() {
    assert_eq!(expr_shape("", "a = b = c"), "(= a (= b c))");
    assert_eq!(expr_shape("", "x += y -= z"), "(+= x (-= y z))");
    assert_eq!(expr_shape("", "x <<= 1, y |= 2"), "(, (<<= x 1) (|= y 2))");
    assert_eq!(expr_shape("", "a ? b : c ? d : e"), "(? a b (? c d e))");
    assert_eq!(expr_shape("", "a = b ? c : d"), "(= a (? b c d))");
    assert_eq!(expr_shape("", "a ? b, c : d"), "(? a (, b c) d)");
    assert_eq!(expr_shape("", "a, b, c"), "(, (, a b) c)");
}

#[test]
fn unary_postfix_and_sizeof() {
    assert_eq!(
        expr_shape("", "-!~*&x"),
        "(Neg (Not (BitNot (Deref (AddrOf x)))))"
    );
    assert_eq!(expr_shape("", "++x"), "(PreInc x)");
    assert_eq!(expr_shape("", "x--"), "(PostDec x)");
    assert_eq!(expr_shape("", "-x++"), "(Neg (PostInc x))");
    assert_eq!(expr_shape("", "sizeof x + 1"), "(+ (sizeof x) 1)");
    assert_eq!(expr_shape("", "sizeof(int)"), "(sizeof-type int)");
    assert_eq!(expr_shape("", "sizeof (x)"), "(sizeof (paren x))");
    assert_eq!(
        expr_shape("", "a[b](c, d).e->f"),
        "(-> (. (call (index a b) c d) e) f)"
    );
    assert_eq!(expr_shape("", "v.xyzw"), "(. v xyzw)");
    assert_eq!(expr_shape("", "f()"), "(call f)");
    assert_eq!(
        expr_shape("", "__builtin_astype(a + b, uint4).x"),
        "(. (astype (+ a b) uint4) x)"
    );
    assert_eq!(
        expr_shape("", "_Generic(x + 1, int: f(x), float *: 2, default: 3)"),
        "(generic (+ x 1) (int (call f x)) (float * 2) (default 3))"
    );
}

#[test]
fn casts_and_parentheses_follow_typedef_names() {
    let decls = "typedef int T;";
    assert_eq!(expr_shape(decls, "(T)x"), "(cast T x)");
    assert_eq!(expr_shape(decls, "(T)+y"), "(cast T (Plus y))");
    assert_eq!(expr_shape(decls, "(x)+y"), "(+ (paren x) y)");
    assert_eq!(expr_shape(decls, "(x)(y)"), "(call (paren x) y)");
    assert_eq!(expr_shape(decls, "(T *)p"), "(cast T * p)");
    assert_eq!(expr_shape("", "(float)x * y"), "(* (cast float x) y)");
    assert_eq!(
        expr_shape("", "(int4)(1, 2, 3, 4)"),
        "(cast int4 (paren (, (, (, 1 2) 3) 4)))"
    );
    assert_eq!(
        expr_shape("", "(unsigned long)(x)"),
        "(cast unsigned long (paren x))"
    );
    assert_eq!(
        expr_shape("", "(global int *(*)[4])0"),
        "(cast global int *(*)[4] 0)"
    );
    assert_eq!(
        expr_shape("struct S { int a, b; };", "(struct S){ 1, .b = 2 }"),
        "(compound struct S 2)"
    );
}

#[test]
fn literals_in_expressions() {
    assert_eq!(expr_shape("", "0x10 + 010 + 10u"), "(+ (+ 16 8) 10)");
    assert_eq!(expr_shape("", "1.5f"), "1.5");
    assert_eq!(expr_shape("", "'\\n'"), "'10'");
    assert_eq!(expr_shape("", "\"ab\" \"cd\""), "\"abcd\"");
}

#[test]
fn declarator_shapes() {
    let p = parse_clean(
        "int *a[4]; int (*b)[4]; int (*fp)(int, float); int **c; int d[2][3]; \
         int (*(*e)(void))[5]; int f[];",
    );
    assert_eq!(derived(declarator(&p, 0)), ["array", "ptr"]);
    assert_eq!(derived(declarator(&p, 1)), ["ptr", "array"]);
    assert_eq!(derived(declarator(&p, 2)), ["ptr", "fn/2"]);
    assert_eq!(derived(declarator(&p, 3)), ["ptr", "ptr"]);
    assert_eq!(derived(declarator(&p, 4)), ["array", "array"]);
    assert_eq!(derived(declarator(&p, 5)), ["ptr", "fn/0", "ptr", "array"]);
    assert_eq!(derived(declarator(&p, 6)), ["array[]"]);
    assert_eq!(p.text(declarator(&p, 1).span), "(*b)[4]");
    let name = declarator(&p, 1).name.unwrap();
    assert_eq!(p.name(&name), "b");
}

#[test]
fn pointer_qualifiers_and_address_spaces() {
    let p = parse_clean(
        "void f(global int * restrict p, int global *q, __global const int *r, \
         local atomic_int *const s, const int * volatile * const t);",
    );
    let DerivedDecl::Function(params, _) = &declarator(&p, 0).derived[0] else {
        panic!("not a function");
    };
    let params = &params.params;
    assert_eq!(params.len(), 5);
    let space = |i: usize| params[i].specs.qualifiers.address_space.map(|a| a.0);
    assert_eq!(space(0), Some(AddressSpace::Global));
    assert_eq!(space(1), Some(AddressSpace::Global));
    assert_eq!(space(2), Some(AddressSpace::Global));
    assert!(params[2].specs.qualifiers.const_.is_some());
    assert_eq!(space(3), Some(AddressSpace::Local));
    assert_eq!(builtin(&params[3].specs), BuiltinType::AtomicInt);
    let DerivedDecl::Pointer(q, _) = &params[0].declarator.derived[0] else {
        panic!("not a pointer");
    };
    assert!(q.restrict.is_some());
    let DerivedDecl::Pointer(q, _) = &params[3].declarator.derived[0] else {
        panic!("not a pointer");
    };
    assert!(q.const_.is_some());
    // `* volatile * const t`: t is a const pointer to a volatile pointer.
    let quals: Vec<(bool, bool)> = params[4]
        .declarator
        .derived
        .iter()
        .map(|d| match d {
            DerivedDecl::Pointer(q, _) => (q.const_.is_some(), q.volatile.is_some()),
            _ => panic!("not a pointer"),
        })
        .collect();
    assert_eq!(quals, [(true, false), (false, true)]);
}

#[test]
fn type_specifier_combinations() {
    let cases: &[(&str, BuiltinType)] = &[
        ("unsigned int", BuiltinType::UInt),
        ("unsigned", BuiltinType::UInt),
        ("signed", BuiltinType::Int),
        ("int", BuiltinType::Int),
        ("signed char", BuiltinType::Char),
        ("unsigned char", BuiltinType::UChar),
        ("char", BuiltinType::Char),
        ("short", BuiltinType::Short),
        ("unsigned short int", BuiltinType::UShort),
        ("long int", BuiltinType::Long),
        ("int long unsigned", BuiltinType::ULong),
        ("long", BuiltinType::Long),
        ("bool", BuiltinType::Bool),
        ("half", BuiltinType::Half),
        ("double", BuiltinType::Double),
        ("uint4", BuiltinType::Vector(VectorElem::UInt, 4)),
        ("double16", BuiltinType::Vector(VectorElem::Double, 16)),
        ("char3", BuiltinType::Vector(VectorElem::Char, 3)),
        ("size_t", BuiltinType::SizeT),
        ("atomic_flag", BuiltinType::AtomicFlag),
        ("memory_order", BuiltinType::MemoryOrder),
        ("image2d_t", BuiltinType::Image(ImageType::Image2d)),
        ("sampler_t", BuiltinType::Sampler),
        // GNU spellings, as in headers shared with C code.
        ("__signed__ char", BuiltinType::Char),
        ("__signed int", BuiltinType::Int),
        ("__const__ __volatile__ int", BuiltinType::Int),
        ("__volatile unsigned", BuiltinType::UInt),
    ];
    for (spelling, expected) in cases {
        let p = parse_clean(&format!("{spelling} x;"));
        assert_eq!(builtin(&p.decl(0).specs), *expected, "{spelling}");
    }
}

#[test]
fn kernels_and_attributes() {
    let p = parse_clean(
        "__kernel __attribute__((reqd_work_group_size(64, 1, 1))) void k1(global int *p) {}\n\
         __attribute__((vec_type_hint(float4))) kernel void k2(void) {}\n\
         kernel void k3(read_only image2d_t img) __attribute__((work_group_size_hint(8, 8, 1))) {}\n\
         void helper(int x) {}",
    );
    let f = |i: usize| match &p.parsed.unit.items[i] {
        Item::Function(f) => f,
        other => panic!("not a function: {other:?}"),
    };
    assert!(f(0).specs.kernel.is_some());
    let attr = &f(0).specs.attributes[0];
    assert_eq!(p.name(&attr.name), "reqd_work_group_size");
    assert_eq!(attr.args.len(), 3);
    assert_eq!(p.text(attr.span), "reqd_work_group_size(64, 1, 1)");
    let hint = &f(1).specs.attributes[0];
    assert_eq!(p.name(&hint.name), "vec_type_hint");
    assert!(matches!(&hint.args[0].kind, ExprKind::Ident(i) if p.name(i) == "float4"));
    assert!(f(1).specs.kernel.is_some());
    assert_eq!(
        p.name(&f(2).declarator.attributes[0].name),
        "work_group_size_hint"
    );
    let DerivedDecl::Function(params, _) = &f(2).declarator.derived[0] else {
        panic!("not a function");
    };
    let access = &params.params[0].specs.attributes[0];
    assert_eq!(p.name(&access.name), "read_only");
    assert!(f(3).specs.kernel.is_none());
}

#[test]
fn prototypes_and_parameter_lists() {
    let p = parse_clean(
        "int f(int, float *); void g(void); void h(); int printf(constant char *fmt, ...);",
    );
    let params = |i: usize| match &declarator(&p, i).derived[0] {
        DerivedDecl::Function(f, _) => f.clone(),
        other => panic!("not a function: {other:?}"),
    };
    assert_eq!(params(0).params.len(), 2);
    assert!(params(0).params[0].declarator.name.is_none());
    assert_eq!(derived(&params(0).params[1].declarator), ["ptr"]);
    assert!(params(1).explicit_void && params(1).params.is_empty());
    assert!(!params(2).explicit_void && params(2).params.is_empty());
    assert!(params(3).variadic);
}

#[test]
fn program_scope_variables() {
    let p = parse_clean(
        "global atomic_int counter = ATOMIC_VAR_INIT(0);\n\
         constant float weights[3] = { 1.0f, 2.0f, 3.0f, };\n\
         global int a = 1, *b = 0, c[2] = { [1] = 5 };\n\
         static const int limit = 10;",
    );
    let d = p.decl(0);
    assert_eq!(builtin(&d.specs), BuiltinType::AtomicInt);
    let init = d.declarators[0].init.as_ref().unwrap();
    assert!(matches!(init, Initializer::Expr(e) if matches!(e.kind, ExprKind::Paren(_))));
    let Some(Initializer::List(items, _)) = &p.decl(1).declarators[0].init else {
        panic!("not a list");
    };
    assert_eq!(items.len(), 3);
    assert_eq!(p.decl(2).declarators.len(), 3);
    let Some(Initializer::List(items, _)) = &p.decl(2).declarators[2].init else {
        panic!("not a list");
    };
    assert!(matches!(items[0].designators[0], Designator::Index(_)));
    assert_eq!(
        p.decl(3).specs.storage.map(|s| s.0),
        Some(StorageClass::Static)
    );
}

#[test]
fn structs_unions_and_enums() {
    let p = parse_clean(
        "struct S { int a; float b[4]; struct { int x; } inner; union { int i; float f; }; };\n\
         union U { int i; float f; };\n\
         enum E { A, B = 3, C, };\n\
         typedef enum { X, Y } E2;\n\
         struct S s = { .a = 1, .b = { 2, 3 }, .inner.x = 4 };\n\
         struct __attribute__((packed)) P { char c; int i; };\n\
         enum E e; struct T *forward;",
    );
    let TypeSpec::Record(s) = &p.decl(0).specs.ty else {
        panic!("not a struct");
    };
    assert_eq!(s.kind, RecordKind::Struct);
    assert_eq!(p.name(&s.tag.unwrap()), "S");
    let fields = s.fields.as_ref().unwrap();
    assert_eq!(fields.len(), 4);
    assert!(matches!(&fields[2].specs.ty, TypeSpec::Record(r) if r.tag.is_none()));
    assert!(fields[3].declarators.is_empty());
    let TypeSpec::Record(u) = &p.decl(1).specs.ty else {
        panic!("not a union");
    };
    assert_eq!(u.kind, RecordKind::Union);
    let TypeSpec::Enum(e) = &p.decl(2).specs.ty else {
        panic!("not an enum");
    };
    let enumerators = e.enumerators.as_ref().unwrap();
    assert_eq!(enumerators.len(), 3);
    assert!(enumerators[1].value.is_some() && enumerators[2].value.is_none());
    let Some(Initializer::List(items, _)) = &p.decl(4).declarators[0].init else {
        panic!("not a list");
    };
    assert_eq!(items[2].designators.len(), 2);
    let TypeSpec::Record(packed) = &p.decl(5).specs.ty else {
        panic!("not a struct");
    };
    assert_eq!(p.name(&packed.attributes[0].name), "packed");
    let TypeSpec::Record(forward) = &p.decl(7).specs.ty else {
        panic!("not a struct");
    };
    assert!(forward.fields.is_none());
}

fn first_stmt(src: &str) -> (Parse, Stmt) {
    let p = parse_clean(&format!("void f(void) {{ {src} }}"));
    let s = p.body(0)[0].clone();
    (p, s)
}

#[test]
fn dangling_else_binds_to_the_nearest_if() {
    let (_, s) = first_stmt("if (a) if (b) x; else y;");
    let StmtKind::If {
        then, otherwise, ..
    } = &s.kind
    else {
        panic!("not an if");
    };
    assert!(otherwise.is_none());
    assert!(matches!(
        &then.kind,
        StmtKind::If {
            otherwise: Some(_),
            ..
        }
    ));
    let (_, s) = first_stmt("if (a) { if (b) x; } else y;");
    assert!(matches!(
        &s.kind,
        StmtKind::If {
            otherwise: Some(_),
            ..
        }
    ));
    let (_, s) = first_stmt("if (a) x; else if (b) y; else z;");
    let StmtKind::If {
        otherwise: Some(e), ..
    } = &s.kind
    else {
        panic!("not an if/else");
    };
    assert!(matches!(
        &e.kind,
        StmtKind::If {
            otherwise: Some(_),
            ..
        }
    ));
    let (_, s) = first_stmt("while (a) if (b) x; else y;");
    assert!(matches!(&s.kind, StmtKind::While { .. }));
}

#[test]
fn loops_and_jumps() {
    let (_, s) = first_stmt("for (int i = 0; i < n; i++) { continue; }");
    let StmtKind::For {
        init: Some(init),
        cond: Some(_),
        step: Some(_),
        body,
        ..
    } = &s.kind
    else {
        panic!("not a full for: {s:?}");
    };
    assert!(matches!(init.kind, StmtKind::Decl(_)));
    assert!(
        matches!(&body.kind, StmtKind::Block(b) if matches!(b.stmts[0].kind, StmtKind::Continue))
    );
    let (_, s) = first_stmt("for (i = 0; ; ) break;");
    assert!(matches!(
        &s.kind,
        StmtKind::For {
            init: Some(_),
            cond: None,
            step: None,
            ..
        }
    ));
    let (_, s) = first_stmt("for (;;) ;");
    assert!(matches!(&s.kind, StmtKind::For { init: None, .. }));
    let (_, s) = first_stmt("do x++; while (x < 10);");
    assert!(matches!(&s.kind, StmtKind::DoWhile { .. }));
    let (_, s) = first_stmt("while (1) { break; }");
    assert!(matches!(&s.kind, StmtKind::While { .. }));
    let (_, s) = first_stmt("return;");
    assert!(matches!(&s.kind, StmtKind::Return(None)));
    let (_, s) = first_stmt("return a + 1;");
    assert!(matches!(&s.kind, StmtKind::Return(Some(_))));
    let (_, s) = first_stmt(";");
    assert!(matches!(&s.kind, StmtKind::Empty));
}

#[test]
fn switch_with_cases() {
    let (p, s) = first_stmt(
        "switch (x) { case 0: case 1: y = 1; break; case 2: { y = 2; } default: y = 3; }",
    );
    let StmtKind::Switch { body, .. } = &s.kind else {
        panic!("not a switch");
    };
    let StmtKind::Block(b) = &body.kind else {
        panic!("not a block");
    };
    assert_eq!(b.stmts.len(), 4);
    let StmtKind::Case { body: inner, .. } = &b.stmts[0].kind else {
        panic!("not a case");
    };
    assert!(matches!(inner.kind, StmtKind::Case { .. }));
    assert!(matches!(b.stmts[3].kind, StmtKind::Default(_)));
    assert_eq!(p.text(b.stmts[1].span), "break;");
}

#[test]
fn local_declarations_and_blocks() {
    let (_, s) = first_stmt("int a[3] = { 1, 2, 3 }, *p = &a[0];");
    let StmtKind::Decl(d) = &s.kind else {
        panic!("not a declaration");
    };
    assert_eq!(d.declarators.len(), 2);
    let p = parse_clean("void f(void) { { int x; { x = 1; } } local float tile[16]; }");
    assert_eq!(p.body(0).len(), 2);
    assert_eq!(p.body(0)[0].depth, 3);
}

#[test]
fn spans_cover_the_source() {
    let p = parse_clean("kernel void k(global int *p) {\n  p[0] = 1 + 2;\n}\n");
    let Item::Function(f) = &p.parsed.unit.items[0] else {
        panic!("not a function");
    };
    assert_eq!(
        p.text(f.span),
        "kernel void k(global int *p) {\n  p[0] = 1 + 2;\n}"
    );
    assert_eq!(p.text(f.specs.span), "kernel void");
    assert_eq!(p.text(f.declarator.span), "k(global int *p)");
    let StmtKind::Expr(e) = &f.body.stmts[0].kind else {
        panic!("not an expression");
    };
    assert_eq!(p.text(e.span), "p[0] = 1 + 2");
    let ExprKind::Assign(None, _, rhs) = &e.kind else {
        panic!("not an assignment");
    };
    assert_eq!(p.text(rhs.span), "1 + 2");
    assert_eq!(p.text(f.body.stmts[0].span), "p[0] = 1 + 2;");
}

#[test]
fn empty_input_gives_an_empty_unit() {
    let p = parse_clean("");
    assert!(p.parsed.unit.items.is_empty());
}
