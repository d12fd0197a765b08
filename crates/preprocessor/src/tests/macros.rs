//! Macro definition and expansion, including the examples of C99 6.10.3.5.

use super::{assert_pp, codes, run, spellings};
use crate::Span;

#[test]
fn object_and_function_like() {
    assert_pp("#define N 4\nint a[N];", "int a[4];");
    assert_pp("#define SQ(x) ((x)*(x))\nSQ(a+1)", "((a+1)*(a+1))");
    assert_pp("#define F(x) x\nF", "F");
    assert_pp("#define F(x) [x]\nF (1) F\n(2)", "[1] [2]");
    assert_pp("#define E()\n<E()>", "< >");
    assert_pp("#define F(a, b) a b\nF((1, 2), [3])", "(1, 2) [3]");
    // Brackets and braces do not protect commas.
    assert_eq!(codes(&run("#define F(a, b) a b\nF([1, 2], 3)")), ["E0105"]);
}

#[test]
fn self_reference_is_not_expanded() {
    assert_pp("#define A A A\nA", "A A");
    assert_pp("#define foo a foo b\nfoo", "a foo b");
    assert_pp(
        "#define x (4 + y)\n#define y (2 * x)\nx y",
        "(4 + (2 * x)) (2 * (4 + y))",
    );
}

#[test]
fn c99_example_3() {
    let source = r#"
#define x 3
#define f(a) f(x * (a))
#undef x
#define x 2
#define g f
#define z z[0]
#define h g(~
#define m(a) a(w)
#define w 0,1
#define t(a) a
#define p() int
#define q(x) x
#define r(x,y) x ## y
#define str(x) # x
f(y+1) + f(f(z)) % t(t(g)(0) + t)(1);
g(x+(3,4)-w) | h 5) & m
(f)^m(m);
p() i[q()] = { q(1), r(2,3), r(4,), r(,5), r(,) };
char c[2][6] = { str(hello), str() };
"#;
    let expected = r#"
f(2 * (y+1)) + f(2 * (f(2 * (z[0])))) % f(2 * (0)) + t(1);
f(2 * (2+(3,4)-0,1)) | f(2 * (~ 5)) & f(2 * (0,1))^m(0,1);
int i[] = { 1, 23, 4, 5, };
char c[2][6] = { "hello", "" };
"#;
    assert_pp(source, expected);
}

#[test]
fn c99_example_4_stringizing_and_pasting() {
    let source = r#"
#define str(s) # s
#define xstr(s) str(s)
#define debug(s, t) printf("x" # s "= %d, x" # t "= %s", \
 x ## s, x ## t)
#define INCFILE(n) vers ## n
#define glue(a, b) a ## b
#define xglue(a, b) glue(a, b)
#define HIGHLOW "hello"
#define LOW LOW ", world"
debug(1, 2);
fputs(str(strncmp("abc\0d", "abc", '\4') // this goes away
 == 0) str(: @\n), s);
xstr(INCFILE(2).h)
glue(HIGH, LOW);
xglue(HIGH, LOW)
"#;
    let expected = r#"
printf("x" "1" "= %d, x" "2" "= %s", x1, x2);
fputs("strncmp(\"abc\\0d\", \"abc\", '\\4') == 0" ": @\n", s);
"vers2.h"
"hello";
"hello" ", world"
"#;
    assert_pp(source, expected);
}

#[test]
fn c99_example_5_placemarkers() {
    assert_pp(
        "#define t(x,y,z) x ## y ## z\n\
         int j[] = { t(1,2,3), t(,4,5), t(6,,7), t(8,9,),\n t(10,,), t(,11,), t(,,12), t(,,) };",
        "int j[] = { 123, 45, 67, 89, 10, 11, 12, };",
    );
}

#[test]
fn c99_example_7_variadic() {
    let source = r#"
#define debug(...) fprintf(stderr, __VA_ARGS__)
#define showlist(...) puts(#__VA_ARGS__)
#define report(test, ...) ((test)?puts(#test): printf(__VA_ARGS__))
debug("Flag");
debug("X = %d\n", x);
showlist(The first, second, and third items.);
report(x>y, "x is %d but y is %d", x, y);
"#;
    let expected = r#"
fprintf(stderr, "Flag");
fprintf(stderr, "X = %d\n", x);
puts("The first, second, and third items.");
((x>y)?puts("x>y"): printf("x is %d but y is %d", x, y));
"#;
    assert_pp(source, expected);
}

#[test]
fn painted_blue_and_rescan_into_source() {
    // C99 6.10.3.4 example: either result is allowed; clang and the
    // hide-set algorithm give `2*9*g`.
    assert_pp("#define f(a) a*g\n#define g(a) f(a)\nf(2)(9)", "2*9*g");
    assert_pp("#define f(x) x\n#define g f(\ng 1)", "1");
    assert_pp(
        "#define LPAREN (\n#define F(x) <x>\n#define G F LPAREN 1)\nG",
        "F ( 1)",
    );
}

#[test]
fn gnu_comma_paste_with_empty_va_args() {
    assert_pp(
        "#define P(fmt, ...) printf(fmt, ## __VA_ARGS__)\nP(\"a\") P(\"b\", 1, 2)",
        "printf(\"a\") printf(\"b\", 1, 2)",
    );
    assert_pp("#define V(a, ...) [a|__VA_ARGS__]\nV(1)", "[1|]");
}

#[test]
fn gnu_named_variadic_parameters() {
    assert_pp(
        "#define DBG(fmt, args...) log(fmt, ## args)\nDBG(\"a\") DBG(\"b\", 1, 2)",
        "log(\"a\") log(\"b\", 1, 2)",
    );
    assert_pp("#define CALL(f, a...) f(a)\nCALL(g, 3, 4)", "g(3, 4)");
}

#[test]
fn pasting_forms_single_tokens() {
    assert_pp(
        "#define CAT(a, b) a ## b\nCAT(+, =) CAT(x, 1) CAT(., 5) CAT(<<, =)",
        "+= x1 .5 <<=",
    );
    assert_pp("#define CAT(a, b) a ## b\n#define x1 one\nCAT(x, 1)", "one");
    let pp = run("#define CAT(a, b) a ## b\nCAT(+, -)");
    assert_eq!(codes(&pp), ["E0113"]);
    assert_eq!(spellings(&pp), ["+", "-"]);
}

#[test]
fn stringizing_spacing_and_escapes() {
    assert_pp("#define S(x) #x\nS(  a   +\n b  )", "\"a + b\"");
    assert_pp(
        r#"#define S(x) #x
S("\n" '\'')"#,
        r#""\"\\n\" '\\''""#,
    );
}

#[test]
fn argument_count_errors() {
    let pp = run("#define F(a, b) a\nF(1) F(1, 2, 3) x");
    assert_eq!(codes(&pp), ["E0105", "E0105"]);
    assert_eq!(spellings(&pp), ["x"]);
    let pp = run("#define F(a) a\nF(1, 2");
    assert_eq!(codes(&pp), ["E0106"]);
    assert!(pp.diagnostics[0].message.contains("`F`"));
}

#[test]
fn malformed_definitions() {
    for source in [
        "#define",
        "#define 3 x",
        "#define F(a, a) a",
        "#define F(a b) a",
        "#define F(a",
        "#define F(a) # b",
        "#define F(a) ## a",
        "#define F a ##",
        "#define defined 1",
        "#undef defined",
    ] {
        let pp = run(source);
        assert_eq!(codes(&pp), ["E0104"], "for {source:?}");
    }
    // `#` in an object-like macro is an ordinary token.
    assert_pp("#define H # x\nH", "# x");
}

#[test]
fn redefinition_warns_only_when_different() {
    let pp = run("#define A 1 + 2\n#define A 1  +  2\n#define A 1+2\n#undef A\n#define A 3\nA");
    assert_eq!(codes(&pp), ["W0102"]);
    assert_eq!(spellings(&pp), ["3"]);
    assert_eq!(pp.diagnostics[0].secondary.len(), 1);
}

#[test]
fn expansion_spans_and_records() {
    let source = "#define ADD(a, b) (a + b)\nx = ADD(y, 2);";
    let pp = run(source);
    assert_eq!(spellings(&pp), ["x", "=", "(", "y", "+", "2", ")", ";"]);
    let use_start = source.find("ADD(y").unwrap() as u32;
    let use_end = source.rfind(')').unwrap() as u32 + 1;
    let invocation = Span::new(pp.tokens[0].span.file, use_start, use_end);
    assert_eq!(pp.expansions.len(), 1);
    let exp = &pp.expansions[0];
    assert_eq!(exp.use_span, invocation);
    assert_eq!(pp.interner.get(exp.name), "ADD");
    assert_eq!(exp.def_span.start, 8);
    // Replacement tokens point at the invocation, argument tokens at
    // themselves; all belong to the expansion.
    assert_eq!(pp.tokens[2].span, invocation);
    assert_eq!(pp.tokens[3].span.start, source.find("y,").unwrap() as u32);
    assert!(pp.tokens[2..7].iter().all(|t| t.expansion.is_some()));
    assert!(pp.tokens[0].expansion.is_none() && pp.tokens[7].expansion.is_none());
    assert!(pp.tokens[2].leading_space);
}

#[test]
fn nested_expansions_use_the_outermost_invocation() {
    let source = "#define INNER 1\n#define OUTER (INNER)\nOUTER";
    let pp = run(source);
    assert_eq!(spellings(&pp), ["(", "1", ")"]);
    let outer = source.rfind("OUTER").unwrap() as u32;
    assert!(pp.tokens.iter().all(|t| t.span.start == outer));
    let ids: Vec<_> = pp.tokens.iter().map(|t| t.expansion).collect();
    assert!(ids.iter().all(|&e| e == ids[0] && e.is_some()));
    // A function-like macro named inside an expansion but invoked with
    // source arguments covers the whole invocation.
    let source = "#define G F\n#define F(x) x+1\nG(2)";
    let pp = run(source);
    assert_eq!(spellings(&pp), ["2", "+", "1"]);
    let g = source.rfind('G').unwrap() as u32;
    assert_eq!(
        pp.tokens[1].span,
        Span::new(pp.tokens[1].span.file, g, g + 4)
    );
}

#[test]
fn predefined_macros_point_into_builtin_file() {
    let (pp, sources, _) = super::run_with(
        "__OPENCL_C_VERSION__ CLK_LOCAL_MEM_FENCE",
        &crate::Config::default(),
        &super::MemLoader::default(),
    );
    assert_eq!(spellings(&pp), ["200", "0x01"]);
    let def = pp.expansions[0].def_span;
    assert_eq!(sources.file(def.file).name(), "<built-in>");
    assert_eq!(sources.snippet(def), "__OPENCL_C_VERSION__");
}

#[test]
fn line_and_file_macros() {
    assert_pp("a\n__LINE__\n#define L __LINE__\n\nL", "a 2 5");
    assert_pp("__FILE__", "\"main.cl\"");
    assert_pp("#line 100 \"x.cl\"\n__LINE__ __FILE__", "100 \"x.cl\"");
}

#[test]
fn include_level_base_file_and_file_name() {
    let loader =
        super::MemLoader::with(&[("dir/h.h", "__INCLUDE_LEVEL__ __FILE_NAME__ __BASE_FILE__")]);
    let (pp, _, _) = super::run_with(
        "#include \"dir/h.h\"\n__INCLUDE_LEVEL__ __FILE_NAME__",
        &crate::Config::default(),
        &loader,
    );
    assert_eq!(pp.diagnostics, vec![]);
    assert_eq!(
        spellings(&pp),
        ["1", "\"h.h\"", "\"main.cl\"", "0", "\"main.cl\""]
    );
}

#[test]
fn date_and_time_come_from_the_configured_build_time() {
    let text = "__DATE__ __TIME__ __TIMESTAMP__";
    let at = |build_time| {
        let config = crate::Config {
            build_time,
            ..crate::Config::default()
        };
        spellings(&super::run_with(text, &config, &super::MemLoader::default()).0)
    };
    assert_eq!(
        at(Some(1_793_862_489)),
        [
            "\"Nov  5 2026\"",
            "\"07:08:09\"",
            "\"Thu Nov  5 07:08:09 2026\""
        ]
    );
    // No time given: GCC's placeholders, so the output is the input's alone.
    assert_eq!(
        at(None),
        [
            "\"??? ?? ????\"",
            "\"??:??:??\"",
            "\"??? ??? ?? ??:??:?? ????\""
        ]
    );
}

#[test]
fn arguments_spanning_lines_and_directives() {
    assert_pp(
        "#define F(a, b) a-b\nF(1,\n#ifdef NOPE\n 9\n#else\n 2\n#endif\n)",
        "1-2",
    );
}
