//! Golden and shape tests of the JSON-lines renderer.

mod common;

use oclc_diagnostics::{render_human, render_json, HumanOptions};
use serde_json::Value;

fn render() -> String {
    let mut out = Vec::new();
    render_json(&common::diagnostics(), &common::sources(), &mut out)
        .expect("writing into a Vec succeeds");
    String::from_utf8(out).expect("the renderer writes UTF-8")
}

fn parse_lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|line| serde_json::from_str(line).expect("each line is one JSON value"))
        .collect()
}

#[test]
fn output_matches_golden() {
    let actual = render();
    // Compared as values: key order is not part of the format.
    let expected = common::golden("diagnostics.jsonl", &actual);
    assert_eq!(parse_lines(&actual), parse_lines(&expected));
}

#[test]
fn one_object_per_diagnostic_per_line() {
    let text = render();
    assert!(text.ends_with('\n'));
    let values = parse_lines(&text);
    assert_eq!(values.len(), common::diagnostics().len());
    for value in &values {
        assert_eq!(value["$message_type"], "diagnostic");
        assert!(value["code"]["code"].is_string());
    }
}

#[test]
fn columns_count_characters() {
    let values = parse_lines(&render());
    let span = &values[2]["spans"][0];
    // `ö` in "    float größe": byte 10+2 in the line, character 12.
    assert_eq!(span["column_start"], 13);
    assert_eq!(span["column_end"], 14);
    assert_eq!(span["text"][0]["highlight_start"], 13);
    assert_eq!(span["text"][0]["text"], "    float größe = 2.0f;");
    let fix = &values[2]["children"][0]["spans"][0];
    assert_eq!(fix["suggested_replacement"], "groesse");
    assert_eq!(fix["suggestion_applicability"], "MachineApplicable");
    assert_eq!(
        (fix["column_start"].clone(), fix["column_end"].clone()),
        (11.into(), 16.into())
    );
}

#[test]
fn rendered_is_the_plain_human_rendering() {
    let diagnostics = common::diagnostics();
    let sources = common::sources();
    let values = parse_lines(&render());
    for (diagnostic, value) in diagnostics.iter().zip(&values) {
        let mut human = Vec::new();
        render_human(
            std::slice::from_ref(diagnostic),
            &sources,
            &HumanOptions::default(),
            &mut human,
        )
        .expect("writing into a Vec succeeds");
        assert_eq!(value["rendered"], String::from_utf8_lossy(&human).as_ref());
    }
}
