//! `#if` and friends, and `#if` expressions.

use super::{assert_pp, codes, run, spellings};

/// Whether `#if <expr>` selects its group.
fn truth(expr: &str) -> bool {
    let pp = run(&format!("#if {expr}\nyes\n#else\nno\n#endif"));
    assert_eq!(pp.diagnostics, vec![], "diagnostics for {expr:?}");
    spellings(&pp) == ["yes"]
}

/// The diagnostic codes of `#if <expr>`.
fn expr_codes(expr: &str) -> Vec<&'static str> {
    codes(&run(&format!("#if {expr}\n#endif")))
}

#[test]
fn group_selection() {
    assert_pp("#if 1\na\n#else\nb\n#endif", "a");
    assert_pp("#if 0\na\n#elif 1\nb\n#elif 1\nc\n#else\nd\n#endif", "b");
    assert_pp("#if 0\na\n#elif 0\nb\n#else\nc\n#endif", "c");
    assert_pp("#if 1\n#if 0\nx\n#else\ny\n#endif\n#elif 1\nz\n#endif", "y");
    assert_pp("#if 0\n#if 1\nx\n#else\ny\n#endif\n#else\nz\n#endif", "z");
    assert_pp("#define A\n#ifdef A\na\n#endif\n#ifndef A\nb\n#endif", "a");
    assert_pp("#ifdef __OPENCL_C_VERSION__\nv\n#endif", "v");
}

#[test]
fn feature_test_operators() {
    // Defined for `defined` and `#ifdef`, as in clang; the queries answer
    // 0, so portable code takes its fallback path; a missing header is 0
    // without an error.
    assert_pp(
        "#if defined(__has_builtin) && !__has_builtin(__builtin_expect)\na\n#endif",
        "a",
    );
    assert_pp("#ifdef __has_include\na\n#endif", "a");
    assert_pp("#if __has_attribute(packed) || __has_feature(x) || __has_extension(y)\na\n#else\nb\n#endif", "b");
    assert_pp(
        "#if __has_include(\"no/such/header.h\") || __has_include(<nope.h>)\na\n#else\nb\n#endif",
        "b",
    );
}

#[test]
fn elifdef_and_elifndef() {
    assert_pp(
        "#define B\n#ifdef A\na\n#elifdef B\nb\n#else\nc\n#endif",
        "b",
    );
    assert_pp("#if 0\na\n#elifndef NOPE\nb\n#endif", "b");
    assert_pp("#if 1\na\n#elifdef X\nb\n#endif", "a");
    assert_pp("#ident \"v1\"\n#sccs \"@(#)x\"\nok", "ok");
}

#[test]
fn byte_order_mark_is_skipped() {
    assert_pp("\u{feff}#if 1\na\n#endif", "a");
}

#[test]
fn skipped_groups_are_not_checked() {
    assert_pp(
        "#if 0\ndon't\n#bogus directive\n#if 1/0\n#endif\n#endif\nok",
        "ok",
    );
    assert_pp("#if 1\nok\n#elif 1/0\n#endif", "ok");
}

#[test]
fn defined_operator() {
    assert!(truth("defined __OPENCL_VERSION__"));
    assert!(truth("defined(CL_VERSION_2_0) && !defined NOPE"));
    // `defined` produced by a macro is evaluated too (as clang does).
    let pp = run("#define D defined(X)\n#define X\n#if D\nyes\n#endif");
    assert_eq!(spellings(&pp), ["yes"]);
    assert_eq!(expr_codes("defined"), ["E0108"]);
    assert_eq!(expr_codes("defined(X"), ["E0108"]);
}

#[test]
fn arithmetic_follows_c() {
    assert!(truth("1 + 2 * 3 == 7"));
    assert!(truth("(1 + 2) * 3 == 9"));
    assert!(truth("-1 < 0"));
    assert!(truth("!(-1 < 0u)"));
    assert!(truth("0xffffffffffffffff == -1"));
    assert!(truth("18446744073709551615 > 0"));
    assert!(truth("-9223372036854775807 - 1 < 0"));
    assert!(truth("7 / -2 == -3 && 7 % -2 == 1"));
    assert!(truth("1 << 63 < 0"));
    assert!(truth("(1u << 63) >> 63 == 1"));
    assert!(truth("-8 >> 1 == -4"));
    assert!(truth("(2 || 1/0) && !(0 && 1/0)"));
    assert!(truth("1 ? 2 : 1/0"));
    assert!(truth("(0 ? 1u : -1) > 0"));
    assert!(truth("0 ? 0 : 1 ? 1 : 0"));
    // A comma inside parentheses or between `?` and `:` (clang and GCC).
    assert!(truth("(1, 2) == 2 && (1 ? 0, 3 : 0) == 3"));
    assert!(!truth("(1, 0)"));
    assert!(truth(
        "~0 == -1 && (3 ^ 5) == 6 && (3 | 4) == 7 && (6 & 3) == 2"
    ));
    assert!(truth(
        "'a' == 97 && '\\n' == 10 && '\\x41' == 65 && '\\0' == 0"
    ));
    assert!(truth("'\\377' < 0"));
    assert!(truth("010 == 8 && 0x10 == 16 && 10UL == 10 && 0b101 == 5"));
    assert!(truth("unknown_identifier == 0"));
    assert!(!truth("true"));
    assert!(truth("__OPENCL_C_VERSION__ >= CL_VERSION_2_0"));
}

#[test]
fn expression_errors() {
    assert_eq!(expr_codes("1 / 0"), ["E0108"]);
    assert_eq!(expr_codes("1 % (2 - 2)"), ["E0108"]);
    assert_eq!(expr_codes(""), ["E0108"]);
    assert_eq!(expr_codes("1 +"), ["E0108"]);
    assert_eq!(expr_codes("(1"), ["E0108"]);
    assert_eq!(expr_codes("1, 2"), ["E0108"]);
    assert_eq!(expr_codes("x = 1"), ["E0108"]);
    assert_eq!(expr_codes("1.5"), ["E0108"]);
    assert_eq!(expr_codes("\"s\""), ["E0108"]);
    assert_eq!(expr_codes("1 ? 2"), ["E0108"]);
    assert_eq!(expr_codes("99999999999999999999"), ["E0108"]);
    assert_eq!(expr_codes(&"(".repeat(10_000)), ["E0108"]);
    assert_eq!(expr_codes(&"-".repeat(10_000)), ["E0108"]);
    // A failed condition counts as false.
    let pp = run("#if 1/0\na\n#else\nb\n#endif");
    assert_eq!(spellings(&pp), ["b"]);
}

#[test]
fn unbalanced_conditionals() {
    let pp = run("#endif\n#else\n#elif 1\nx");
    assert_eq!(codes(&pp), ["E0107", "E0107", "E0107"]);
    assert_eq!(spellings(&pp), ["x"]);
    let pp = run("#if 1\na\n#if 0\nb");
    assert_eq!(codes(&pp), ["E0107", "E0107"]);
    assert_eq!(spellings(&pp), ["a"]);
    let primary = pp.diagnostics[0].primary.as_ref().unwrap();
    assert_eq!(primary.span.start, 8);
    let pp = run("#if 1\n#else\n#else\n#endif");
    assert_eq!(codes(&pp), ["E0107"]);
    let pp = run("#if 0\n#else\n#elif 1\n#endif");
    assert_eq!(codes(&pp), ["E0107"]);
}

#[test]
fn directive_operand_errors() {
    assert_eq!(codes(&run("#ifdef\n#endif")), ["E0114"]);
    assert_eq!(codes(&run("#ifndef 3\n#endif")), ["E0114"]);
    assert_eq!(codes(&run("#undef")), ["E0114"]);
    assert_eq!(codes(&run("#ifdef A B\n#endif C")), ["W0104", "W0104"]);
    let pp = run("#if 1\n#else junk\n#endif");
    assert_eq!(codes(&pp), ["W0104"]);
    let help = pp.diagnostics[0].help.as_ref().unwrap();
    assert_eq!(help.edits[0].replacement, "// junk");
}
