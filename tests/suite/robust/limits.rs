//! Resource limits: input built to exhaust the stack, time or memory ends in
//! the limit's diagnostic. Nesting tests run the whole `oclc::compile` on the
//! test thread itself (2 MiB stack by default), as an embedder would.

use std::path::Path;
use std::time::{Duration, Instant};

/// Nesting depth the issue asks to survive.
const DEEP: usize = 100_000;

/// Generous bound on one limit test in a debug build; a hang or a
/// quadratic blow-up exceeds it by far.
const SLOW: Duration = Duration::from_secs(30);

fn kernel(body: &str) -> String {
    format!("kernel void k(global int *o) {{\n{body}\n}}\n")
}

/// Compiles `text` and asserts it fails with a diagnostic of code `code`,
/// quickly; returns the failure.
fn fails_with(name: &str, text: &str, options: &oclc::Options, code: &str) -> oclc::Failed {
    let start = Instant::now();
    let result = oclc::compile(&oclc::Source::new(format!("{name}.cl"), text), options);
    let elapsed = start.elapsed();
    let failed = match result {
        Ok(_) => panic!("{name}: compiled although it exceeds a limit"),
        Err(failed) => failed,
    };
    let codes: Vec<String> = failed
        .report
        .diagnostics()
        .iter()
        .map(|d| d.code.id.to_string())
        .collect();
    assert!(
        codes.iter().any(|c| c == code),
        "{name}: expected {code}, got {codes:?}:\n{}",
        failed.report.render_human(oclc::HumanStyle::PLAIN)
    );
    assert!(elapsed < SLOW, "{name}: took {elapsed:?}");
    failed
}

fn default_options() -> oclc::Options {
    oclc::Options::default()
}

/// A left-associative chain is not nesting: `1 + 1 + … + 1` with 100,000
/// terms, a 1,000-term polynomial and a long chain of mixed operators
/// compile (as with clang), on the test thread's 2 MiB stack.
#[test]
fn long_left_associative_chains_compile() {
    let options = default_options();
    let polynomial: Vec<String> = (0..1000).map(|i| format!("{i}.5f * x * x")).collect();
    let cases = [
        ("sum", kernel(&format!("o[0] = 1{};", " + 1".repeat(DEEP)))),
        (
            "polynomial",
            format!(
                "kernel void k(global float *o, float x) {{ o[0] = {}; }}",
                polynomial.join(" + ")
            ),
        ),
        (
            "mixed",
            kernel(&format!(
                "int a = 3; o[0] = a{};",
                " * 2 - a + 1 << 1 >> 1 & 0xfff ^ a | 1".repeat(5000)
            )),
        ),
    ];
    for (name, text) in &cases {
        let start = Instant::now();
        let result = oclc::compile(
            &oclc::Source::new(format!("{name}.cl"), text.as_str()),
            &options,
        );
        if let Err(failed) = result {
            panic!(
                "{name}: {}",
                failed.report.render_human(oclc::HumanStyle::PLAIN)
            );
        }
        assert!(start.elapsed() < SLOW, "{name}: took {:?}", start.elapsed());
    }
}

#[test]
fn deep_expression_nesting_is_a_diagnostic_not_a_stack_overflow() {
    let options = default_options();
    let cases = [
        (
            "parentheses",
            kernel(&format!(
                "o[0] = {}1{};",
                "(".repeat(DEEP),
                ")".repeat(DEEP)
            )),
        ),
        ("unary", kernel(&format!("o[0] = {}1;", "- ".repeat(DEEP)))),
        (
            "casts",
            kernel(&format!("o[0] = {}1;", "(int)".repeat(DEEP))),
        ),
        (
            "assignment-chain",
            kernel(&format!("int a; o[0] = {}1;", "a = ".repeat(DEEP))),
        ),
        (
            "conditional",
            kernel(&format!(
                "o[0] = {}1{};",
                "o[0] ? ".repeat(DEEP),
                " : 2".repeat(DEEP)
            )),
        ),
        (
            "subscripts",
            kernel(&format!(
                "o[0] = {}0{};",
                "o[".repeat(DEEP),
                "]".repeat(DEEP)
            )),
        ),
        (
            "calls",
            format!(
                "int f(int x) {{ return x; }}\n{}",
                kernel(&format!(
                    "o[0] = {}1{};",
                    "f(".repeat(DEEP),
                    ")".repeat(DEEP)
                ))
            ),
        ),
        (
            "initializer-braces",
            kernel(&format!(
                "int a = {}1{};",
                "{".repeat(DEEP),
                "}".repeat(DEEP)
            )),
        ),
    ];
    for (name, text) in &cases {
        fails_with(name, text, &options, "E0205");
    }
}

#[test]
fn deep_statement_nesting_is_a_diagnostic_not_a_stack_overflow() {
    let options = default_options();
    let cases = [
        (
            "blocks",
            kernel(&format!("{}{}", "{".repeat(DEEP), "}".repeat(DEEP))),
        ),
        ("ifs", kernel(&format!("{};", "if (o[0]) ".repeat(DEEP)))),
        (
            "else-if-chain",
            kernel(&format!("if (o[0]) ;{}", " else if (o[0]) ;".repeat(DEEP))),
        ),
        (
            "whiles",
            kernel(&format!("{};", "while (o[0]) ".repeat(DEEP))),
        ),
        (
            "fors",
            kernel(&format!("{}break;", "for (;;) ".repeat(DEEP))),
        ),
    ];
    for (name, text) in &cases {
        fails_with(name, text, &options, "E0205");
    }
}

#[test]
fn deep_declarators_and_types_are_a_diagnostic() {
    let options = default_options();
    let cases = [
        ("pointers", kernel(&format!("int {}p;", "*".repeat(DEEP)))),
        ("arrays", kernel(&format!("int a{};", "[1]".repeat(DEEP)))),
        (
            "parenthesized-declarator",
            kernel(&format!("int {}x{};", "(".repeat(DEEP), ")".repeat(DEEP))),
        ),
        (
            "nested-structs",
            format!(
                "struct s {{ {} int x; {} }};\n{}",
                "struct { ".repeat(DEEP),
                "} a;".repeat(DEEP),
                kernel("")
            ),
        ),
    ];
    for (name, text) in &cases {
        fails_with(name, text, &options, "E0205");
    }
}

/// `count` declarations of the form `line(i)` (for `i` in `1..count`)
/// after `first`, then a kernel using the last one.
fn chain(first: &str, line: impl Fn(usize) -> String, count: usize, body: &str) -> String {
    let mut text = format!("{first}\n");
    for i in 1..count {
        text.push_str(&line(i));
        text.push('\n');
    }
    text.push_str(&kernel(body));
    text
}

#[test]
fn long_chains_of_named_types_are_a_diagnostic_not_a_stack_overflow() {
    const COUNT: usize = 20_000;
    let options = default_options();
    // Each struct contains the previous one by value: no source nesting,
    // but 20,000 levels of type nesting (SPIR-V allows 255).
    let structs = chain(
        "struct s0 { int x; };",
        |i| format!("struct s{i} {{ struct s{} inner; }};", i - 1),
        COUNT,
        &format!("struct s{} v; o[0] = 1;", COUNT - 1),
    );
    fails_with("struct-chain", &structs, &options, "E0902");
    let typedefs = chain(
        "typedef int t0;",
        |i| format!("typedef t{} *t{i};", i - 1),
        COUNT,
        &format!("t{} v = 0; o[0] = 1;", COUNT - 1),
    );
    fails_with("pointer-typedef-chain", &typedefs, &options, "E0902");
}

#[test]
fn deep_preprocessor_nesting_is_a_diagnostic() {
    let options = default_options();
    let conditionals = format!(
        "{}{}{}",
        "#if 1\n".repeat(DEEP),
        "#endif\n".repeat(DEEP),
        kernel("")
    );
    fails_with("conditionals", &conditionals, &options, "E0112");
    let expression = format!(
        "#if {}1{}\n#endif\n{}",
        "(".repeat(DEEP),
        ")".repeat(DEEP),
        kernel("")
    );
    fails_with("if-expression", &expression, &options, "E0108");
    let unary = format!("#if {}1\n#endif\n{}", "-".repeat(DEEP), kernel(""));
    fails_with("if-unary", &unary, &options, "E0108");
    let macro_calls = format!(
        "#define F(x) x\n{}",
        kernel(&format!(
            "o[0] = {}1{};",
            "F(".repeat(DEEP),
            ")".repeat(DEEP)
        ))
    );
    fails_with("macro-arguments", &macro_calls, &options, "E0112");
}

/// Serves `#include`d files from memory.
struct Headers(Vec<(&'static str, String)>);

impl oclc::FileLoader for Headers {
    fn load(&self, path: &Path) -> std::io::Result<String> {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        self.0
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, text)| text.clone())
            .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::NotFound, "no such header"))
    }
}

fn compile_with_headers(main: &str, headers: Headers) -> Result<oclc::Compiled, oclc::Failed> {
    let source = oclc::Source::new("main.cl", main);
    oclc::compile_with_loader(&source, &oclc::Options::default(), &headers)
}

#[test]
fn include_depth_and_cycles_end_in_a_diagnostic() {
    let main = format!("#include \"a.h\"\n{}", kernel("o[0] = 1;"));
    // A header including itself, and two headers including each other.
    for headers in [
        Headers(vec![("a.h", "#include \"a.h\"\n".into())]),
        Headers(vec![
            ("a.h", "#include \"b.h\"\n".into()),
            ("b.h", "#include \"a.h\"\n".into()),
        ]),
    ] {
        let failed = compile_with_headers(&main, headers).expect_err("include cycle");
        let ids: Vec<&str> = failed
            .report
            .diagnostics()
            .iter()
            .map(|d| d.code.id)
            .collect();
        assert_eq!(
            ids,
            ["E0110"],
            "{}",
            failed.report.render_human(oclc::HumanStyle::PLAIN)
        );
    }
    // The same cycle with include guards or `#pragma once` is fine.
    for guard in ["#pragma once\n", "#ifndef A_H\n#define A_H\n"] {
        let end = if guard.starts_with("#ifndef") {
            "#endif\n"
        } else {
            ""
        };
        let headers = Headers(vec![
            ("a.h", format!("{guard}#include \"b.h\"\n{end}")),
            ("b.h", "#include \"a.h\"\n".into()),
        ]);
        compile_with_headers(&main, headers).expect("guarded cycle compiles");
    }
}

#[test]
fn including_a_device_or_a_directory_is_a_diagnostic() {
    // `/dev/zero` never ends: it must be refused, not read.
    for (target, reason) in [("/dev/zero", "not a regular file"), ("/", "")] {
        let text = format!("#include \"{target}\"\n{}", kernel("o[0] = 1;"));
        let started = Instant::now();
        let failed = oclc::compile(&oclc::Source::new("dev.cl", text), &default_options())
            .expect_err("cannot include");
        assert!(started.elapsed() < SLOW);
        let d = &failed.report.diagnostics()[0];
        assert_eq!(d.code.id, "E0109", "{}", d.message);
        assert!(d.message.contains(reason), "{}", d.message);
    }
}

/// The preprocessor alone with small limits, so reaching them is fast in a
/// debug build (the defaults are documented in `docs/reliability.md`).
fn preprocess_with(
    text: &str,
    limits: oclc_preprocessor::Limits,
) -> oclc_preprocessor::Preprocessed {
    let mut sources = oclc::SourceMap::new();
    let main = sources.add("main.cl", text);
    let config = oclc_preprocessor::Config {
        limits,
        ..Default::default()
    };
    oclc_preprocessor::preprocess(&mut sources, main, &config, &oclc::FsLoader)
}

fn limit_codes(pp: &oclc_preprocessor::Preprocessed) -> Vec<&'static str> {
    pp.diagnostics.iter().map(|d| d.code.id).collect()
}

#[test]
fn macro_expansion_count_and_output_size_are_limited() {
    // 2^30 expansions if unbounded.
    let mut exponential = String::from("#define M0 x\n");
    for i in 1..=30 {
        exponential.push_str(&format!("#define M{i} M{} M{}\n", i - 1, i - 1));
    }
    exponential.push_str("M30\n");
    let limits = oclc_preprocessor::Limits {
        macro_expansions: 10_000,
        ..Default::default()
    };
    let pp = preprocess_with(&exponential, limits);
    assert_eq!(limit_codes(&pp), ["E0112"]);
    assert!(
        pp.diagnostics[0].message.contains("10000"),
        "{}",
        pp.diagnostics[0].message
    );

    let limits = oclc_preprocessor::Limits {
        output_tokens: 5_000,
        ..Default::default()
    };
    let pp = preprocess_with(&exponential, limits);
    assert_eq!(limit_codes(&pp), ["E0112"]);
    assert!(pp.tokens.len() <= 5_000, "{}", pp.tokens.len());

    // Plain text (no macros) is limited by output size too.
    let pp = preprocess_with(&"x ".repeat(6_000), limits);
    assert_eq!(limit_codes(&pp), ["E0112"]);
    assert!(pp.tokens.len() <= 5_000, "{}", pp.tokens.len());
}

#[test]
fn a_self_referencing_macro_stops_by_the_standard_rule() {
    let text = format!(
        "#define o o\n#define F(x) F(x)\n{}",
        kernel("o[0] = 1; F(1);")
    );
    let started = Instant::now();
    let report = oclc::check(&oclc::Source::new("m.cl", text), &oclc::Options::default());
    assert!(started.elapsed() < SLOW);
    // `F(1)` stays an undeclared function call; no limit is involved.
    assert!(report.diagnostics().iter().all(|d| d.code.id != "E0112"));
}

#[test]
fn oversized_source_is_rejected_before_any_work() {
    const MAX_SOURCE_BYTES: usize = 256 << 20;
    let text = " ".repeat(MAX_SOURCE_BYTES + 1);
    let failed = oclc::compile(
        &oclc::Source::new("big.cl", text),
        &oclc::Options::default(),
    )
    .expect_err("too large");
    let ids: Vec<&str> = failed
        .report
        .diagnostics()
        .iter()
        .map(|d| d.code.id)
        .collect();
    assert_eq!(ids, ["E0004"]);
    assert!(failed.report.diagnostics()[0].message.contains("268435456"));
}

#[test]
fn error_limit_caps_the_number_of_errors() {
    // 200 independent semantic errors.
    let body: String = (0..200)
        .map(|i| format!("o[0] = undeclared_{i};\n"))
        .collect();
    let text = kernel(&body);
    let source = oclc::Source::new("many.cl", text);
    let all = oclc::compile(&source, &oclc::Options::default()).expect_err("errors");
    assert_eq!(all.report.count(oclc::Severity::Error), 200);
    for limit in [1u32, 5, 20] {
        let options = oclc::Options::from_build_options(&format!("-ferror-limit={limit}")).unwrap();
        let failed = oclc::compile(&source, &options).expect_err("errors");
        let ids: Vec<&str> = failed
            .report
            .diagnostics()
            .iter()
            .map(|d| d.code.id)
            .collect();
        // `limit` errors, then one "too many errors" error.
        assert_eq!(ids.len(), limit as usize + 1, "{ids:?}");
        assert!(
            ids[..limit as usize].iter().all(|&id| id == "E0301"),
            "{ids:?}"
        );
        assert_eq!(ids.last(), Some(&"E0003"));
    }
}

#[test]
fn huge_tokens_are_diagnosed() {
    let options = default_options();
    let long_name = "x".repeat(1 << 20);
    let cases = [
        (
            "long-identifier",
            kernel(&format!("o[0] = {long_name};")),
            "E0301",
        ),
        (
            "huge-integer",
            kernel(&format!("o[0] = {};", "9".repeat(10_000))),
            "E0204",
        ),
        (
            "unterminated-comment",
            format!("{}/* {}", kernel(""), "x".repeat(1 << 20)),
            "E0101",
        ),
    ];
    for (name, text, code) in &cases {
        fails_with(name, text, &options, code);
    }
}

/// Messages quote an excerpt of a huge token, not all of it: a 10,000-digit
/// literal, a 10,000-character suffix or identifier, in the preprocessor,
/// the lexer and semantic analysis.
#[test]
fn messages_quote_an_excerpt_of_huge_tokens() {
    let digits = "9".repeat(10_000);
    let name = "x".repeat(10_000);
    let cases = [
        ("literal", kernel(&format!("o[0] = {digits};")), "E0204"),
        ("suffix", kernel(&format!("o[0] = 1{name};")), "E0203"),
        ("identifier", kernel(&format!("o[0] = {name};")), "E0301"),
        (
            "pp_literal",
            format!("#if {digits}\n#endif\n{}", kernel("")),
            "E0108",
        ),
    ];
    for (name, text, code) in cases {
        let failed = fails_with(name, &text, &default_options(), code);
        let diagnostics = failed.report.diagnostics();
        for d in diagnostics {
            assert!(
                d.message.len() < 200,
                "{name}: {} bytes: {}",
                d.message.len(),
                d.message
            );
        }
    }
}

/// A constant table larger than one SPIR-V instruction can hold: zero
/// (`{0}`) it is one `OpConstantNull` and compiles, as with llvm-spirv;
/// with values it is a clear E0902, never an invalid module.
#[test]
fn tables_beyond_one_instruction_are_null_or_a_diagnostic() {
    let options = default_options();
    let table = |init: &str| {
        format!("constant uint T[65536] = {init};\nkernel void k(global uint *o) {{ o[0] = T[o[1]]; }}\n")
    };
    let compiled = oclc::compile(&oclc::Source::new("zero.cl", table("{0}")), &options)
        .unwrap_or_else(|f| panic!("{}", f.report.render_human(oclc::HumanStyle::PLAIN)));
    assert!(
        compiled.words.len() < 1000,
        "the zero table is one null constant"
    );
    let failed = fails_with("values", &table("{1, 2, 3}"), &options, "E0902");
    assert!(!failed
        .report
        .diagnostics()
        .iter()
        .any(|d| d.severity == oclc::Severity::Bug));
}
