//! The fixture every renderer golden test renders: two files and one
//! diagnostic per tricky case (labels in two files, notes, help with and
//! without edits, multi-byte text, an empty span, a span at and one past the
//! end of a file, no primary label, an internal error), plus the helpers
//! that compare output with the files under `tests/data/golden/`.

#![allow(dead_code)] // Each test binary uses a different part of the fixture.

use oclc_diagnostics::{Code, Diagnostic, FileId, Level, Severity, SourceMap, Span};
use serde_json::Value;
use std::path::PathBuf;

/// The kernel file (file 0).
pub const KERNEL: &str = "\
kernel void k(global atomic_int *p) {
    atomic_store_explicit(p, 1, memory_order_acquire);
    float größe = 2.0f;
    int x = 1
}
";

/// The header (file 1); it has no final line break.
pub const HEADER: &str = "#define ORDER memory_order_acquire";

macro_rules! code {
    ($name:ident, $id:literal, $kebab:literal, $level:expr, $summary:literal, $spec:expr) => {
        pub static $name: Code = Code {
            id: $id,
            name: $kebab,
            default_level: $level,
            summary: $summary,
            spec: $spec,
            explanation: concat!("Explanation of `", $kebab, "`.\n\nSecond paragraph."),
        };
    };
}

code!(
    INVALID_CHARACTER,
    "E0101",
    "invalid-character",
    Level::Deny,
    "invalid character in identifier",
    None
);
code!(
    MISSING_NEWLINE,
    "W0102",
    "missing-newline",
    Level::Warn,
    "no line break at end of file",
    None
);
code!(
    EXPECTED_SEMICOLON,
    "E0201",
    "expected-semicolon",
    Level::Deny,
    "expected `;`",
    None
);
code!(
    UNEXPECTED_EOF,
    "E0203",
    "unexpected-eof",
    Level::Deny,
    "unexpected end of file",
    None
);
code!(
    STORE_ORDER,
    "E0401",
    "store-order",
    Level::Deny,
    "`atomic_store` with an acquire order",
    Some("OpenCL C 3.0 §6.15.12.7")
);
code!(
    MACRO_ORDER,
    "W0402",
    "macro-order",
    Level::Allow,
    "order hidden in a macro",
    None
);
code!(
    VALIDATION_FAILED,
    "E0901",
    "validation-failed",
    Level::Deny,
    "generated SPIR-V is invalid",
    None
);

/// Every fixture code, as a registry would list them (one listed twice).
pub fn codes() -> Vec<&'static Code> {
    vec![
        &INVALID_CHARACTER,
        &MISSING_NEWLINE,
        &EXPECTED_SEMICOLON,
        &UNEXPECTED_EOF,
        &STORE_ORDER,
        &MACRO_ORDER,
        &VALIDATION_FAILED,
        &STORE_ORDER,
    ]
}

/// The source map: `kernels/k.cl` then `kernels/inc.h`.
pub fn sources() -> SourceMap {
    let mut sources = SourceMap::new();
    sources.add("kernels/k.cl", KERNEL);
    sources.add("kernels/inc.h", HEADER);
    sources
}

/// The span of the first `needle` in `text` of `file`.
fn find(file: FileId, text: &str, needle: &str) -> Span {
    let start = text.find(needle).expect("needle is in the fixture");
    Span::new(file, start as u32, (start + needle.len()) as u32)
}

fn kernel(needle: &str) -> Span {
    find(FileId(0), KERNEL, needle)
}

fn header(needle: &str) -> Span {
    find(FileId(1), HEADER, needle)
}

/// One diagnostic per case, in a fixed order.
pub fn diagnostics() -> Vec<Diagnostic> {
    let header_end = Span::new(FileId(1), HEADER.len() as u32, HEADER.len() as u32);
    vec![
        // Primary and secondary labels, a note and a replacement.
        Diagnostic::new(
            &STORE_ORDER,
            "`atomic_store_explicit` cannot use `memory_order_acquire`",
        )
        .with_primary(kernel("memory_order_acquire"), "a store cannot acquire")
        .with_secondary(kernel("atomic_store_explicit"), "the store")
        .with_note("a store may use `memory_order_relaxed`, `memory_order_release` or `memory_order_seq_cst`")
        .with_fix("use a release order", kernel("memory_order_acquire"), "memory_order_release"),
        // Labels in two files; an allow-by-default code raised to a warning.
        Diagnostic::new(&MACRO_ORDER, "macro `ORDER` expands to `memory_order_acquire`")
            .with_severity(Severity::Warning)
            .with_primary(header("memory_order_acquire"), "")
            .with_secondary(kernel("memory_order_acquire"), "an order is expected here"),
        // Multi-byte text before and inside the spans.
        Diagnostic::new(&INVALID_CHARACTER, "invalid character `ö` in identifier")
            .with_primary(kernel("ö"), "not allowed in an identifier")
            .with_fix("spell it in ASCII", kernel("größe"), "groesse"),
        // An empty span, and an insertion.
        Diagnostic::new(&EXPECTED_SEMICOLON, "expected `;` after declaration")
            .with_primary(kernel("int x = 1").end_point(), "expected `;`")
            .with_fix("add `;`", kernel("int x = 1").end_point(), ";"),
        // A span at the very end of a file without a final line break.
        Diagnostic::new(&MISSING_NEWLINE, "no line break at end of file")
            .with_primary(header_end, "")
            .with_fix("add a line break", header_end, "\n"),
        // A span past the end of its file.
        Diagnostic::new(&UNEXPECTED_EOF, "unexpected end of file")
            .with_primary(Span::new(FileId(0), 500, 600), "the file ends here"),
        // No primary label, an internal error, help without edits.
        Diagnostic::new(&VALIDATION_FAILED, "generated SPIR-V failed validation")
            .with_severity(Severity::Bug)
            .with_note("the validator reported: `OpAtomicStore` with Acquire semantics")
            .with_help("please report this bug"),
    ]
}

/// The path of a golden file.
pub fn golden_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/golden")
        .join(name)
}

/// The golden file's text; with `OCLC_BLESS=1` in the environment, first
/// overwrites it with `actual` (review the diff before committing).
pub fn golden(name: &str, actual: &str) -> String {
    let path = golden_path(name);
    if std::env::var_os("OCLC_BLESS").is_some() {
        std::fs::write(&path, actual).expect("golden file is writable");
    }
    std::fs::read_to_string(&path).expect("golden file exists (run with OCLC_BLESS=1)")
}

/// The `language` pattern as published: its lone `]` is a literal in most
/// regex dialects but a syntax error in ECMA-262, which JSON Schema's
/// `format: regex` demands, so the meta-schema check rejects the schema.
const DEFECTIVE_PATTERN: &str = r#""^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$""#;
/// The same language with the `]` escaped.
const ESCAPED_PATTERN: &str = r#""^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}\\]?$""#;

/// A validator for the vendored SARIF 2.1.0 schema (`tests/data`), with
/// `format` checks (`uri`, `uri-reference`) turned on.
pub fn schema_validator() -> jsonschema::Validator {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/sarif-schema-2.1.0.json");
    let text = std::fs::read_to_string(path).expect("the vendored schema exists");
    assert_eq!(text.matches(DEFECTIVE_PATTERN).count(), 2);
    let text = text.replace(DEFECTIVE_PATTERN, ESCAPED_PATTERN);
    let schema: Value = serde_json::from_str(&text).expect("the schema is JSON");
    jsonschema::options()
        .should_validate_formats(true)
        .build(&schema)
        .expect("the schema compiles")
}

/// Every schema violation in `log`, with where it is.
pub fn schema_violations(validator: &jsonschema::Validator, log: &Value) -> Vec<String> {
    validator
        .iter_errors(log)
        .map(|error| format!("{error} at {}", error.instance_path()))
        .collect()
}
