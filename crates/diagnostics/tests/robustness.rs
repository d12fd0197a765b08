//! The renderers never panic and stay well-formed on hostile input: spans
//! past the end, reversed, inside a UTF-8 sequence or in unknown files,
//! empty files and messages, multi-line spans, CRLF and tabs, and help
//! edits spread over two files.

mod common;

use oclc_diagnostics::{
    render_human, render_json, render_sarif, Applicability, Diagnostic, Edit, FileId, Help,
    HumanOptions, Severity, SourceMap, Span,
};
use serde_json::Value;

fn hostile_sources() -> SourceMap {
    let mut sources = SourceMap::new();
    sources.add("crlf.cl", "int a;\r\n\tint é = 1;\r\nint b;\r\n");
    sources.add("", "");
    sources.add(r"dir\with space\ü.cl", "x");
    sources
}

fn hostile_diagnostics() -> Vec<Diagnostic> {
    let crlf = FileId(0);
    let empty = FileId(1);
    let unknown = FileId(99);
    let spans = [
        Span::new(crlf, u32::MAX, u32::MAX),
        Span::new(crlf, 0, u32::MAX),
        Span::new(crlf, 20, 3),
        Span::new(crlf, 14, 14),
        Span::new(crlf, 14, 15),
        Span::new(crlf, 2, 24),
        Span::new(crlf, 6, 8),
        Span::new(empty, 0, 0),
        Span::new(empty, 3, 9),
        Span::new(unknown, 0, 4),
        Span::new(FileId(2), 0, 1),
    ];
    let mut diagnostics: Vec<Diagnostic> = spans
        .iter()
        .enumerate()
        .map(|(i, &span)| {
            let message = if i % 2 == 0 {
                ""
            } else {
                "label\nover two lines"
            };
            let mut diagnostic = Diagnostic::new(&common::STORE_ORDER, format!("case {i}"))
                .with_primary(span, message)
                .with_secondary(span, message)
                .with_secondary(Span::new(unknown, 1, 2), "lost")
                .with_fix("fix", span, "new\ntext");
            if let Some(help) = diagnostic.help.as_mut() {
                help.edits.push(Edit {
                    span: Span::new(FileId(2), 0, 1),
                    replacement: String::new(),
                });
                help.edits.push(Edit {
                    span: Span::new(unknown, 0, 1),
                    replacement: "x".into(),
                });
            }
            diagnostic
        })
        .collect();
    diagnostics.push(
        Diagnostic::new(&common::UNEXPECTED_EOF, "")
            .with_severity(Severity::Note)
            .with_note("")
            .with_note("two\nlines"),
    );
    let mut only_unknown = Diagnostic::new(&common::MACRO_ORDER, "only an unknown file")
        .with_primary(Span::new(unknown, 0, 0), "gone");
    only_unknown.help = Some(Help {
        message: "nothing applies".into(),
        edits: vec![Edit {
            span: Span::new(unknown, 0, 0),
            replacement: "x".into(),
        }],
        applicability: Applicability::MachineApplicable,
    });
    diagnostics.push(only_unknown);
    diagnostics
}

#[test]
fn human_renderer_survives_hostile_spans() {
    let sources = hostile_sources();
    let diagnostics = hostile_diagnostics();
    for color in [false, true] {
        for short in [false, true] {
            let mut out = Vec::new();
            let options = HumanOptions { color, short };
            render_human(&diagnostics, &sources, &options, &mut out).expect("renders");
            let text = String::from_utf8(out).expect("UTF-8");
            for i in 0..11 {
                assert!(text.contains(&format!("case {i}")), "case {i} is rendered");
            }
            assert_eq!(text.contains('\x1b'), color);
            assert!(
                !text.contains("lost"),
                "labels in unknown files are left out"
            );
        }
    }
}

#[test]
fn json_renderer_survives_hostile_spans() {
    let sources = hostile_sources();
    let diagnostics = hostile_diagnostics();
    let mut out = Vec::new();
    render_json(&diagnostics, &sources, &mut out).expect("renders");
    let text = String::from_utf8(out).expect("UTF-8");
    let values: Vec<Value> = text
        .lines()
        .map(|line| serde_json::from_str(line).expect("one JSON value per line"))
        .collect();
    assert_eq!(values.len(), diagnostics.len());
    for value in &values {
        for span in value["spans"].as_array().expect("spans") {
            let start = span["byte_start"].as_u64().expect("byte_start");
            let end = span["byte_end"].as_u64().expect("byte_end");
            assert!(start <= end);
            assert!(span["column_start"].as_u64() >= Some(1));
        }
    }
    // Reversed (20, 3) becomes 3..20 and covers two lines.
    let reversed = &values[2]["spans"][0];
    assert_eq!(
        (
            reversed["byte_start"].as_u64(),
            reversed["byte_end"].as_u64()
        ),
        (Some(3), Some(20))
    );
    assert_eq!(reversed["text"].as_array().map(Vec::len), Some(2));
    // CRLF is not part of the line text; a tab counts as one column.
    assert_eq!(reversed["text"][1]["text"], "\tint é = 1;");
    // Inside `é` (bytes 13..15): 14..14 snaps to 13..13, 14..15 widens to 13..15.
    assert_eq!(values[3]["spans"][0]["byte_start"], 13);
    assert_eq!(values[3]["spans"][0]["byte_end"], 13);
    assert_eq!(values[4]["spans"][0]["byte_end"], 15);
    assert_eq!(values[4]["spans"][0]["column_start"], 6);
}

#[test]
fn sarif_renderer_survives_hostile_spans_and_stays_valid() {
    let sources = hostile_sources();
    let diagnostics = hostile_diagnostics();
    let mut out = Vec::new();
    let codes = common::codes();
    render_sarif(&diagnostics, &sources, &codes, "", &mut out).expect("renders");
    let log: Value = serde_json::from_slice(&out).expect("one JSON document");
    let validator = common::schema_validator();
    let errors = common::schema_violations(&validator, &log);
    assert!(errors.is_empty(), "schema violations: {errors:#?}");
    let results = log["runs"][0]["results"].as_array().expect("results");
    assert_eq!(results.len(), diagnostics.len());
    let last = &results[results.len() - 1];
    assert!(last.get("locations").is_none());
    assert!(last.get("fixes").is_none());
    let uri = &results[10]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"];
    assert_eq!(uri, "dir/with%20space/%C3%BC.cl");
}

#[test]
fn renderers_accept_no_diagnostics() {
    let sources = SourceMap::new();
    let mut human = Vec::new();
    render_human(&[], &sources, &HumanOptions::default(), &mut human).expect("renders");
    assert!(human.is_empty());
    let mut json = Vec::new();
    render_json(&[], &sources, &mut json).expect("renders");
    assert!(json.is_empty());
    let mut sarif = Vec::new();
    render_sarif(&[], &sources, &[], "0.1.0", &mut sarif).expect("renders");
    let log: Value = serde_json::from_slice(&sarif).expect("one JSON document");
    assert_eq!(log["runs"][0]["results"], serde_json::json!([]));
    let validator = common::schema_validator();
    assert!(common::schema_violations(&validator, &log).is_empty());
}
