//! Syntax error messages, spans, fixes and recovery.

use super::*;
use crate::codes;

/// The one diagnostic `src` produces.
fn single(src: &str) -> (Parse, Diagnostic) {
    let p = parse_source(src);
    assert_eq!(
        p.parsed.diagnostics.len(),
        1,
        "expected one diagnostic for {src:?}, got {:#?}",
        p.parsed.diagnostics
    );
    let d = p.parsed.diagnostics[0].clone();
    (p, d)
}

/// The byte range of the `nth` (0-based) occurrence of `needle` in `src`.
fn range(src: &str, needle: &str, nth: usize) -> (u32, u32) {
    let start = src
        .match_indices(needle)
        .nth(nth)
        .unwrap_or_else(|| panic!("{needle:?} not in {src:?}"))
        .0;
    (start as u32, (start + needle.len()) as u32)
}

fn primary(d: &Diagnostic) -> (u32, u32) {
    let span = d.primary.as_ref().expect("a primary label").span;
    (span.start, span.end)
}

fn secondary(d: &Diagnostic, i: usize) -> (&str, (u32, u32)) {
    let label = &d.secondary[i];
    (label.message.as_str(), (label.span.start, label.span.end))
}

#[test]
fn missing_semicolon_after_expression() {
    let src = "void f(void) { x = 1\n  y = 2; }";
    let (_, d) = single(src);
    assert_eq!(d.code, &codes::SYNTAX_ERROR);
    assert_eq!(d.message, "expected `;` after expression");
    // At the end of `1`, like clang.
    let end = range(src, "1", 0).1;
    assert_eq!(primary(&d), (end, end));
    assert_eq!(d.primary.as_ref().unwrap().message, "expected `;`");
    assert_eq!(secondary(&d, 0), ("unexpected `y`", range(src, "y", 0)));
    let help = d.help.as_ref().unwrap();
    assert_eq!(help.message, "add `;` here");
    assert_eq!(help.edits.len(), 1);
    assert_eq!(help.edits[0].replacement, ";");
    assert_eq!(
        (help.edits[0].span.start, help.edits[0].span.end),
        (end, end)
    );
}

#[test]
fn missing_semicolon_contexts() {
    let cases = [
        (
            "int x = 5\nvoid f(void) {}",
            "expected `;` after declaration",
            "5",
        ),
        (
            "void f(void) { int a = 1 int b; }",
            "expected `;` after declaration",
            "1",
        ),
        (
            "void f(void) { return x }",
            "expected `;` after return statement",
            "x",
        ),
        (
            "void f(void) { while (1) { break } }",
            "expected `;` after `break` statement",
            "break",
        ),
        (
            "void f(void) { do { } while (x) }",
            "expected `;` after `do`/`while` loop",
            "(x)",
        ),
        (
            "void f(void) { for (int i = 0 i < 3; i++) {} }",
            "expected `;` in `for` statement",
            "0",
        ),
        (
            "struct S { int a; }\nvoid f(void) {}",
            "expected `;` after struct definition",
            "}",
        ),
        (
            "struct S { int a; int b };",
            "expected `;` after declaration",
            "b",
        ),
        (
            "struct S { int a; }",
            "expected `;` after struct definition",
            "}",
        ),
    ];
    for (src, message, before) in cases {
        let (_, d) = single(src);
        assert_eq!(d.message, message, "{src}");
        let end = range(src, before, 0).1;
        assert_eq!(primary(&d), (end, end), "{src}");
        assert_eq!(d.help.as_ref().unwrap().edits[0].replacement, ";");
    }
}

#[test]
fn expected_closing_parenthesis_points_at_the_opener() {
    let src = "void f(void) { foo(a b); }";
    let (_, d) = single(src);
    assert_eq!(d.message, "expected `)`");
    assert_eq!(primary(&d), range(src, "b", 0));
    assert_eq!(d.primary.as_ref().unwrap().message, "unexpected `b`");
    assert_eq!(secondary(&d, 0), ("to match this `(`", range(src, "(", 1)));

    let src = "void f(void) { x = (a + b; }";
    let (_, d) = single(src);
    assert_eq!(d.message, "expected `)`");
    assert_eq!(primary(&d), range(src, ";", 0));
    assert_eq!(secondary(&d, 0).1, range(src, "(", 1));

    let src = "void f(void) { x = a[1; }";
    let (_, d) = single(src);
    assert_eq!(d.message, "expected `]`");
    assert_eq!(secondary(&d, 0), ("to match this `[`", range(src, "[", 0)));
}

#[test]
fn unclosed_brace_at_end_of_input() {
    let src = "void f(void) {\n  if (x) {\n    a = 1;\n";
    let (_, d) = single(src);
    assert_eq!(d.message, "expected `}` at end of input");
    let end = src.trim_end().len() as u32;
    assert_eq!(primary(&d), (end, end));
    assert_eq!(
        secondary(&d, 0),
        ("unclosed `{` opened here", range(src, "{", 1))
    );
}

#[test]
fn expected_expression() {
    let src = "void f(void) { x = ; }";
    let (_, d) = single(src);
    assert_eq!(d.message, "expected expression");
    assert_eq!(primary(&d), range(src, ";", 0));
    let src = "void f(void) { g(a, ); }";
    let (_, d) = single(src);
    assert_eq!(d.message, "expected expression");
    assert_eq!(primary(&d), range(src, ")", 1));
}

#[test]
fn expected_identifier() {
    let src = "int 5;";
    let (_, d) = single(src);
    assert_eq!(d.message, "expected identifier or `(`");
    assert_eq!(primary(&d), range(src, "5", 0));
    let (_, d) = single("int a, ;");
    assert_eq!(d.message, "expected identifier or `(`");
}

#[test]
fn else_without_if() {
    let src = "void f(void) { if (x) a; b; else c; }";
    let (_, d) = single(src);
    assert_eq!(d.message, "unexpected `else` without a matching `if`");
    assert_eq!(primary(&d), range(src, "else", 0));
}

#[test]
fn small_expected_sets_are_named() {
    let src = "void f(void) { y = a ? b ; }";
    let (_, d) = single(src);
    assert_eq!(d.message, "expected `:`");
    assert_eq!(primary(&d), range(src, ";", 0));
}

#[test]
fn missing_statement_bodies() {
    for src in [
        "void f(void) { while (1) }",
        "void f(void) { if (a) }",
        "void f(void) { if (a) x; else }",
    ] {
        let (_, d) = single(src);
        assert_eq!(d.message, "expected statement", "{src}");
        assert_eq!(primary(&d), range(src, "}", 0), "{src}");
    }
}

#[test]
fn list_contexts() {
    let src = "enum E { A, B C };";
    let (_, d) = single(src);
    assert_eq!(d.message, "expected `}`, `=` or `,`");
    assert_eq!(primary(&d), range(src, "C", 0));
    let src = "void f(int x,) {}";
    let (_, d) = single(src);
    assert_eq!(d.message, "expected parameter declaration");
    assert_eq!(primary(&d), range(src, ")", 0));
    let (_, d) = single("void f(void) { if x > 0 { } }");
    assert_eq!(d.message, "expected `(`");
}

#[test]
fn stray_closing_brackets() {
    let src = "void f(void) { a; ) }";
    let (_, d) = single(src);
    assert_eq!(d.message, "unexpected closing `)`");
    assert_eq!(primary(&d), range(src, ")", 1));
    assert_eq!(
        secondary(&d, 0),
        ("unclosed `{` opened here", range(src, "{", 0))
    );
    let (p, d) = single("} int x;");
    assert_eq!(d.message, "unexpected closing `}`");
    // Parsing resumes after the stray brace.
    assert_eq!(p.parsed.unit.items.len(), 2);
}

#[test]
fn unknown_type_names() {
    let src = "F z;";
    let (_, d) = single(src);
    assert_eq!(d.message, "unknown type name `F`");
    assert_eq!(primary(&d), range(src, "F", 0));
    let src = "void f(void) { F z; }";
    let (_, d) = single(src);
    assert_eq!(d.message, "unknown type name `F`");
    assert_eq!(primary(&d), range(src, "F", 0));
    let (_, d) = single("void f(F x);");
    assert_eq!(d.message, "unknown type name `F`");
}

#[test]
fn junk_at_top_level() {
    let src = "5;";
    let (_, d) = single(src);
    assert_eq!(d.message, "expected a declaration or function definition");
    assert_eq!(primary(&d), range(src, "5", 0));
}

#[test]
fn stray_characters() {
    let src = "void f(void) { x = 1 @ 2; }";
    let p = parse_source(src);
    let d = &p.parsed.diagnostics[0];
    assert_eq!(d.code, &codes::UNEXPECTED_CHARACTER);
    assert_eq!(d.message, "unexpected character `@`");
    assert_eq!(primary(d), range(src, "@", 0));
    // The character is dropped; the `1 2` it leaves behind is not
    // reported again.
    assert_eq!(p.messages().len(), 1);

    let src = "int x;\0\nint y;";
    let (p, d) = single(src);
    assert_eq!(d.message, "unexpected character `\\0`");
    assert_eq!(p.parsed.unit.items.len(), 2);

    let p = parse_source("void f(void) { x = a # b; }");
    assert_eq!(
        p.messages(),
        ["stray `#` in program", "expected `;` after expression"]
    );
}

#[test]
fn nothing_internal_leaks_into_messages() {
    for src in [
        "int f( { }",
        "void f(void) { int [3]; }",
        "kernel void k(global int *p) { p[0] = = 1; }",
        "struct { int a } s;",
        "enum { A B };",
        "void f(void) { switch (x) { case : } }",
        "typedef int; T x;",
        "void f(void) { x = (int; }",
    ] {
        let p = parse_source(src);
        assert!(!p.parsed.diagnostics.is_empty(), "{src}");
        for d in &p.parsed.diagnostics {
            for word in ["Ident", "TypeName", "Literal", "\"", "Tok"] {
                assert!(!d.message.contains(word), "{src}: {}", d.message);
            }
            assert!(d.message.matches('`').count() <= 6, "{src}: {}", d.message);
        }
    }
}

#[test]
fn recovery_reports_independent_errors() {
    let src = "void f(void) {\n  x = ;\n  y = (a + b;\n  z = 1 2;\n  w = 4;\n}\nint g(void) { return 1; }\n";
    let p = parse_source(src);
    assert_eq!(
        p.messages(),
        [
            "expected expression",
            "expected `)`",
            "expected `;` after expression",
        ]
    );
    let lines: Vec<u32> = p
        .parsed
        .diagnostics
        .iter()
        .map(|d| p.sources.line_col(d.primary.as_ref().unwrap().span).line)
        .collect();
    assert_eq!(lines, [2, 3, 4]);
    // Both functions survive.
    assert_eq!(p.parsed.unit.items.len(), 2);
    assert!(matches!(p.parsed.unit.items[1], Item::Function(_)));
}

#[test]
fn a_missing_semicolon_loses_nothing() {
    let src = "void f(void) {\n  x = 1\n  y = ;\n  return x\n  z = 3;\n}\n";
    let p = parse_source(src);
    assert_eq!(
        p.messages(),
        [
            "expected `;` after expression",
            "expected expression",
            "expected `;` after return statement",
        ]
    );
    let kinds: Vec<&str> = p
        .body(0)
        .iter()
        .map(|s| match s.kind {
            StmtKind::Expr(_) => "expr",
            StmtKind::Return(_) => "return",
            StmtKind::Error => "error",
            _ => "other",
        })
        .collect();
    assert_eq!(kinds, ["expr", "error", "return", "expr"]);
    let p = parse_source("void f(void) { for (int i = 0 i < 3; i++) x += i; }");
    assert_eq!(p.messages(), ["expected `;` in `for` statement"]);
    assert!(matches!(
        p.body(0)[0].kind,
        StmtKind::For {
            init: Some(_),
            cond: Some(_),
            step: Some(_),
            ..
        }
    ));
}

#[test]
fn recovery_across_items() {
    let src = "int a = ;\nint b = 1\nvoid f(void) { g( }\nint c;";
    let p = parse_source(src);
    assert_eq!(
        p.messages(),
        [
            "expected expression",
            "expected `;` after declaration",
            "expected `)`",
        ]
    );
    let last = p.parsed.unit.items.last().unwrap();
    assert!(matches!(last, Item::Declaration(d) if d.declarators.len() == 1));
}

#[test]
fn resynchronising_keeps_the_enclosing_function() {
    let p = parse_source("void f(void) { int a = 1 int b; b = 2; }\nint c;");
    assert_eq!(p.messages(), ["expected `;` after declaration"]);
    assert_eq!(p.parsed.unit.items.len(), 2);
    // `int a = 1` is kept as if the `;` were there.
    assert_eq!(p.body(0).len(), 3);
    let p = parse_source("struct S { int a int b; float c; };\nint d;");
    assert_eq!(p.messages(), ["expected `;` after declaration"]);
    assert_eq!(p.parsed.unit.items.len(), 2);
    let (_, d) = single("void f(void) { do x++; (y); }");
    assert_eq!(d.message, "expected `while`");
}

#[test]
fn errors_inside_parentheses_do_not_cascade() {
    let (_, d) = single("void f(void) { for (int i = 0 i < 3; i++) { x(); } y(); }");
    assert_eq!(d.message, "expected `;` in `for` statement");
    let (_, d) = single("void f(void) { if (x { y; } z; }");
    assert_eq!(d.message, "expected `)`");
}

#[test]
fn unsupported_statements() {
    // `goto` and labels parse (sema lowers them).
    let src = "void f(void) { goto done; done: x = 1; }";
    let p = parse_source(src);
    assert!(p.messages().is_empty(), "{:?}", p.messages());
    let body = p.body(0);
    assert!(matches!(body[0].kind, StmtKind::Goto(_)));
    assert!(matches!(body[1].kind, StmtKind::Labeled(..)));

    let src = "struct S { int flag : 1; };";
    let (_, d) = single(src);
    assert_eq!(d.message, "bit-fields are not supported by oclc yet");
    assert_eq!(primary(&d), range(src, "1", 0));
}

#[test]
fn invalid_specifier_combinations() {
    let cases = [
        (
            "unsigned float x;",
            "`float` cannot be unsigned",
            "unsigned",
        ),
        ("int uint y;", "cannot combine `uint` with `int`", "uint"),
        (
            "long long z;",
            "`long long` is reserved in OpenCL C",
            "long long",
        ),
        ("const w;", "type specifier missing", "const"),
        ("char long c;", "cannot combine `long` with `char`", "long"),
        (
            "signed unsigned s;",
            "cannot combine `unsigned` with `signed`",
            "unsigned",
        ),
        ("int int i;", "duplicate `int`", "int"),
        (
            "long double d;",
            "`long double` is not supported in OpenCL C",
            "long double",
        ),
        (
            "static extern int e;",
            "cannot combine `extern` with `static`",
            "extern",
        ),
        (
            "global local int *p;",
            "multiple address spaces specified",
            "local",
        ),
        ("float4 int v;", "cannot combine `int` with `float4`", "int"),
    ];
    for (src, message, at) in cases {
        let (_, d) = single(src);
        assert_eq!(d.message, message, "{src}");
        assert_eq!(d.code, &codes::INVALID_SPECIFIERS, "{src}");
        let nth = usize::from(src.starts_with("int int"));
        assert_eq!(primary(&d), range(src, at, nth), "{src}");
    }
    let (_, d) = single("kernel k(void) {}");
    assert_eq!(d.message, "type specifier missing");
}

#[test]
fn body_without_function_declarator() {
    let src = "int x { }";
    let (_, d) = single(src);
    assert_eq!(d.message, "expected `;` after top-level declarator");
    let end = range(src, "x", 0).1;
    assert_eq!(primary(&d), (end, end));
}

#[test]
fn missing_semicolon_in_a_loop_or_if_body() {
    let cases = [
        (
            "void f(int *p) { while (p[0] < 9) p[0]++ }",
            "expected `;` after expression",
            "++",
        ),
        (
            "void f(int n) { for (;;) if (n) break }",
            "expected `;` after `break` statement",
            "break",
        ),
        (
            "void f(int n) { while (n) { if (n) continue } }",
            "expected `;` after `continue` statement",
            "continue",
        ),
        (
            "void f(int n) { if (n) n = 1; else return }",
            "expected `;` after return statement",
            "return",
        ),
        (
            "void f(int n) { do n--; while (n) }",
            "expected `;` after `do`/`while` loop",
            "(n)",
        ),
    ];
    for (src, message, before) in cases {
        let (_, d) = single(src);
        assert_eq!(d.message, message, "{src}");
        let end = range(src, before, 0).1;
        assert_eq!(primary(&d), (end, end), "{src}");
    }
}

#[test]
fn unknown_type_after_qualifiers_is_one_error() {
    let src = "kernel void k(global flot *p) { }";
    let p = parse_source(src);
    let messages: Vec<&str> = p
        .parsed
        .diagnostics
        .iter()
        .map(|d| d.message.as_str())
        .collect();
    assert_eq!(messages[0], "unknown type name `flot`", "{messages:?}");
    assert!(
        !messages.contains(&"type specifier missing"),
        "{messages:?}"
    );
    assert_eq!(primary(&p.parsed.diagnostics[0]), range(src, "flot", 0));
    let src = "void f(void) { unsinged int x = 1; }";
    let (_, d) = single(src);
    assert_eq!(d.message, "unknown type name `unsinged`");
    assert_eq!(primary(&d), range(src, "unsinged", 0));
}

#[test]
fn member_name_missing() {
    let src = "struct S { int a; }; void f(struct S *p) { p->; }";
    let (_, d) = single(src);
    assert_eq!(d.message, "expected member name after `->`");
}

#[test]
fn errors_inside_a_paren_never_closed_are_reported_once() {
    let src = "void f(int *p) {\n for (int i = 0; i < 4; i++ {\n p[i] = i;\n }\n p[0] = 1;\n}\n\
               void g(int *p) { p[0] = 2 }";
    let p = parse_source(src);
    let messages: Vec<&str> = p
        .parsed
        .diagnostics
        .iter()
        .map(|d| d.message.as_str())
        .collect();
    assert_eq!(messages, ["expected `)`", "expected `;` after expression"]);
}

#[test]
fn stray_characters_are_reported_without_follow_on_errors() {
    let src = "void f(int *p) { p[0] = 1 @ 2; p[1] = `3`; }";
    let p = parse_source(src);
    let messages: Vec<&str> = p
        .parsed
        .diagnostics
        .iter()
        .map(|d| d.message.as_str())
        .collect();
    assert_eq!(
        messages,
        [
            "unexpected character `@`",
            "unexpected character `` ` ``",
            "unexpected character `` ` ``"
        ]
    );
}

#[test]
fn any_expression_may_be_assigned_to_syntactically() {
    // Whether the left side is assignable is for semantic analysis to say,
    // as clang does.
    let p = parse_source("void f(int *p) { p[0] + 1 = 2; (p[0]) = 3; }");
    assert_eq!(p.parsed.diagnostics, vec![]);
}

#[test]
fn unterminated_literals_are_left_to_the_preprocessor() {
    // The preprocessor reports E0102; the parser adds nothing.
    let p = parse_source("void f(int *p) { p[0] = 'a;\n p[1] = \"b;\n p[2] = 1; }");
    let codes: Vec<&str> = p.parsed.diagnostics.iter().map(|d| d.code.id).collect();
    assert_eq!(codes, Vec::<&str>::new());
}

#[test]
fn no_parse_error_where_the_preprocessor_cut_the_input() {
    let p = parse_source("#define F(x) x\nvoid f(int *p) { p[0] = F(1;\n }");
    let codes: Vec<&str> = p.parsed.diagnostics.iter().map(|d| d.code.id).collect();
    assert_eq!(codes, Vec::<&str>::new());
}
