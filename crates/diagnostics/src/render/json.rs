//! Diagnostics as JSON lines in the shape of rustc's `--error-format=json`,
//! so tools that read rustc's output (editors, CI annotators) read ours:
//! one object per diagnostic with `message`, `code`, `level`, `spans`,
//! `children` (notes, and the help with its suggested replacements) and the
//! uncoloured human rendering in `rendered`. Lines and columns are 1-based,
//! columns counted in characters like rustc's.

use super::human::render_plain;
use super::position::ResolvedSpan;
use crate::{Applicability, Diagnostic, Help, Label, Severity, SourceMap, Span};
use serde_json::{json, Value};
use std::io;

/// Writes one JSON object per line for each of `diags` into `out`.
///
/// Labels and edits whose file is not in `sources` are left out; spans past
/// the end of a file point at its end. Only a failing writer makes this
/// return an error.
pub fn render_json(
    diags: &[Diagnostic],
    sources: &SourceMap,
    out: &mut dyn io::Write,
) -> io::Result<()> {
    for diag in diags {
        let value = diagnostic_value(diag, sources);
        serde_json::to_writer(&mut *out, &value)?;
        out.write_all(b"\n")?;
    }
    Ok(())
}

/// The JSON object for one diagnostic.
fn diagnostic_value(diag: &Diagnostic, sources: &SourceMap) -> Value {
    let primary = diag
        .primary
        .iter()
        .filter_map(|label| labelled_span_value(label, true, sources));
    let secondary = diag
        .secondary
        .iter()
        .filter_map(|label| labelled_span_value(label, false, sources));
    let spans: Vec<Value> = primary.chain(secondary).collect();
    let notes = diag
        .notes
        .iter()
        .map(|note| child_value(note, "note", Vec::new()));
    let help = diag.help.iter().map(|help| help_value(help, sources));
    let children: Vec<Value> = notes.chain(help).collect();
    json!({
        "$message_type": "diagnostic",
        "message": diag.message,
        "code": { "code": diag.code.id, "explanation": null },
        "level": level(diag.severity),
        "spans": spans,
        "children": children,
        "rendered": render_plain(diag, sources),
    })
}

/// rustc's level strings.
fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Note => "note",
        Severity::Warning => "warning",
        Severity::Error => "error",
        Severity::Bug => "error: internal compiler error",
    }
}

fn child_value(message: &str, level: &str, spans: Vec<Value>) -> Value {
    json!({
        "message": message,
        "code": null,
        "level": level,
        "spans": spans,
        "children": [],
        "rendered": null,
    })
}

/// The `help` child; each edit becomes a span carrying its replacement.
fn help_value(help: &Help, sources: &SourceMap) -> Value {
    let spans = help
        .edits
        .iter()
        .filter_map(|edit| {
            let suggestion = (edit.replacement.as_str(), help.applicability);
            span_value(edit.span, None, true, Some(suggestion), sources)
        })
        .collect();
    child_value(&help.message, "help", spans)
}

fn labelled_span_value(label: &Label, is_primary: bool, sources: &SourceMap) -> Option<Value> {
    let message = Some(label.message.as_str()).filter(|m| !m.is_empty());
    span_value(label.span, message, is_primary, None, sources)
}

/// One entry of `spans`, with a `replacement` and its applicability for
/// help edits; `None` when the span's file is unknown.
fn span_value(
    span: Span,
    label: Option<&str>,
    is_primary: bool,
    suggestion: Option<(&str, Applicability)>,
    sources: &SourceMap,
) -> Option<Value> {
    let replacement = suggestion.map(|(text, _)| text);
    let resolved = ResolvedSpan::new(sources, span)?;
    let start = resolved.start_position();
    let end = resolved.end_position();
    let text: Vec<Value> = resolved
        .lines()
        .into_iter()
        .map(|line| {
            json!({
                "text": line.text,
                "highlight_start": line.highlight_start,
                "highlight_end": line.highlight_end,
            })
        })
        .collect();
    Some(json!({
        "file_name": resolved.file.name(),
        "byte_start": resolved.start,
        "byte_end": resolved.end,
        "line_start": start.line,
        "line_end": end.line,
        "column_start": start.column,
        "column_end": end.column,
        "is_primary": is_primary,
        "text": text,
        "label": label,
        "suggested_replacement": replacement,
        "suggestion_applicability": suggestion.map(|(_, applicability)| applicability.name()),
        "expansion": null,
    }))
}
