//! Diagnostics as a SARIF 2.1.0 log (the OASIS Static Analysis Results
//! Interchange Format) for code-scanning services: one run whose driver
//! describes every rule (`Code`) and whose results carry the primary
//! location, secondary labels as related locations, and help edits as fixes.
//! Columns are Unicode code points (`columnKind: unicodeCodePoints`).

use super::position::ResolvedSpan;
use crate::{Applicability, Code, Diagnostic, Help, Label, Level, Severity, SourceMap, Span};
use serde_json::{json, Value};
use std::fmt::Write as _;
use std::io;

/// The `$schema` every log names.
const SCHEMA_URI: &str = "https://json.schemastore.org/sarif-2.1.0.json";

/// Writes a SARIF 2.1.0 log of `diags` into `out`, describing each of
/// `rules` (duplicates by id are listed once) as a reporting descriptor.
///
/// Locations and edits whose file is not in `sources` are left out; spans
/// past the end of a file point at its end. Only a failing writer makes this
/// return an error.
pub fn render_sarif(
    diags: &[Diagnostic],
    sources: &SourceMap,
    rules: &[&Code],
    tool_version: &str,
    out: &mut dyn io::Write,
) -> io::Result<()> {
    let rules = unique_by_id(rules);
    // The log is written piece by piece: memory stays that of one result,
    // however many there are.
    let driver = json!({
        "name": "oclc",
        "version": tool_version,
        "rules": rules.iter().map(|code| rule_value(code)).collect::<Vec<_>>(),
    });
    out.write_all(b"{\"$schema\":")?;
    serde_json::to_writer(&mut *out, SCHEMA_URI)?;
    out.write_all(b",\"version\":\"2.1.0\",\n\"runs\":[{\n\"tool\":{\"driver\":")?;
    serde_json::to_writer(&mut *out, &driver)?;
    out.write_all(b"},\n\"columnKind\":\"unicodeCodePoints\",\n\"results\":[")?;
    for (index, diag) in diags.iter().enumerate() {
        out.write_all(if index == 0 { b"\n" } else { b",\n" })?;
        serde_json::to_writer(&mut *out, &result_value(diag, &rules, sources))?;
    }
    out.write_all(b"\n]}]}\n")
}

/// `rules` without later entries whose id was already seen (SARIF requires
/// the rules array to hold distinct items).
fn unique_by_id<'c>(rules: &[&'c Code]) -> Vec<&'c Code> {
    let mut unique: Vec<&Code> = Vec::with_capacity(rules.len());
    for &code in rules {
        if !unique.iter().any(|seen| seen.id == code.id) {
            unique.push(code);
        }
    }
    unique
}

/// A `reportingDescriptor` for one code.
fn rule_value(code: &Code) -> Value {
    let mut properties = json!({ "configurable": code.configurable() });
    if let Some(spec) = code.spec {
        properties["specSection"] = json!(spec);
    }
    let mut rule = json!({
        "id": code.id,
        "name": code.name,
        "shortDescription": { "text": code.summary },
        "defaultConfiguration": { "level": default_level(code.default_level) },
        "properties": properties,
    });
    if !code.explanation.is_empty() {
        let explanation = json!({ "text": code.explanation, "markdown": code.explanation });
        rule["fullDescription"] = explanation.clone();
        rule["help"] = explanation;
    }
    rule
}

fn default_level(level: Level) -> &'static str {
    match level {
        Level::Allow => "none",
        Level::Warn => "warning",
        Level::Deny => "error",
    }
}

fn result_level(severity: Severity) -> &'static str {
    match severity {
        Severity::Note => "note",
        Severity::Warning => "warning",
        Severity::Error | Severity::Bug => "error",
    }
}

/// A `result` for one diagnostic. Notes, and help without edits, have no
/// SARIF counterpart and go into the property bag.
fn result_value(diag: &Diagnostic, rules: &[&Code], sources: &SourceMap) -> Value {
    let mut result = json!({
        "ruleId": diag.code.id,
        "level": result_level(diag.severity),
        "message": { "text": diag.message },
    });
    if let Some(index) = rules.iter().position(|code| code.id == diag.code.id) {
        result["ruleIndex"] = json!(index);
    }
    if let Some(location) = diag
        .primary
        .as_ref()
        .and_then(|label| location_value(label, sources))
    {
        result["locations"] = json!([location]);
    }
    let related: Vec<Value> = diag
        .secondary
        .iter()
        .filter_map(|label| location_value(label, sources))
        .enumerate()
        .map(|(index, mut location)| {
            // Numbered from 1 so that messages could link `[text](1)`.
            location["id"] = json!(index + 1);
            location
        })
        .collect();
    if !related.is_empty() {
        result["relatedLocations"] = json!(related);
    }
    let fix = diag.help.as_ref().and_then(|help| fix_value(help, sources));
    let mut properties = serde_json::Map::new();
    if !diag.notes.is_empty() {
        properties.insert("notes".into(), json!(diag.notes));
    }
    match (fix, &diag.help) {
        (Some(fix), _) => result["fixes"] = json!([fix]),
        (None, Some(help)) => {
            properties.insert("help".into(), json!(help.message));
        }
        (None, None) => {}
    }
    if !properties.is_empty() {
        result["properties"] = Value::Object(properties);
    }
    result
}

/// A `location` for a label; `None` when its file is unknown.
fn location_value(label: &Label, sources: &SourceMap) -> Option<Value> {
    let mut location = json!({ "physicalLocation": physical_location(label.span, sources)? });
    if !label.message.is_empty() {
        location["message"] = json!({ "text": label.message });
    }
    Some(location)
}

fn physical_location(span: Span, sources: &SourceMap) -> Option<Value> {
    let resolved = ResolvedSpan::new(sources, span)?;
    Some(json!({
        "artifactLocation": { "uri": artifact_uri(resolved.file.name()) },
        "region": region_value(&resolved),
    }))
}

/// A `region` giving the span as lines and columns and as bytes. (Character
/// offsets are left out: they would cost a scan from the start of the file
/// for every span.)
fn region_value(span: &ResolvedSpan<'_>) -> Value {
    let start = span.start_position();
    let end = span.end_position();
    json!({
        "startLine": start.line,
        "startColumn": start.column,
        "endLine": end.line,
        "endColumn": end.column,
        "byteOffset": span.start,
        "byteLength": span.end - span.start,
    })
}

/// A `fix` holding the help's edits grouped by file; `None` without edits
/// in known files, and for edits that are not machine-applicable (SARIF
/// consumers apply fixes; a guess stays in the help text).
fn fix_value(help: &Help, sources: &SourceMap) -> Option<Value> {
    if help.applicability != Applicability::MachineApplicable {
        return None;
    }
    // (artifact URI, replacements) in the order files first appear.
    let mut changes: Vec<(String, Vec<Value>)> = Vec::new();
    for edit in &help.edits {
        let Some(span) = ResolvedSpan::new(sources, edit.span) else {
            continue;
        };
        let mut replacement = json!({ "deletedRegion": region_value(&span) });
        if !edit.replacement.is_empty() {
            replacement["insertedContent"] = json!({ "text": edit.replacement });
        }
        let uri = artifact_uri(span.file.name());
        match changes.iter_mut().find(|(seen, _)| *seen == uri) {
            Some((_, replacements)) => replacements.push(replacement),
            None => changes.push((uri, vec![replacement])),
        }
    }
    if changes.is_empty() {
        return None;
    }
    let artifact_changes: Vec<Value> = changes
        .into_iter()
        .map(|(uri, replacements)| {
            json!({
                "artifactLocation": { "uri": uri },
                "replacements": replacements,
            })
        })
        .collect();
    Some(json!({
        "description": { "text": help.message },
        "artifactChanges": artifact_changes,
    }))
}

/// A file name as a URI reference: the path as given, with forward slashes,
/// and every byte a URI path may not hold percent-encoded.
fn artifact_uri(name: &str) -> String {
    const ALLOWED: &[u8] = b"-._~/!$&'()*+,;=:@";
    let mut uri = String::with_capacity(name.len());
    for byte in name.bytes() {
        match byte {
            b'\\' => uri.push('/'),
            b if b.is_ascii_alphanumeric() || ALLOWED.contains(&b) => uri.push(char::from(b)),
            b => {
                // Writing into a `String` cannot fail.
                let _ = write!(uri, "%{b:02X}");
            }
        }
    }
    uri
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn artifact_uris_use_forward_slashes_and_percent_encoding() {
        assert_eq!(artifact_uri("src/k.cl"), "src/k.cl");
        assert_eq!(artifact_uri(r"src\sub\k.cl"), "src/sub/k.cl");
        assert_eq!(artifact_uri("my dir/ké.cl"), "my%20dir/k%C3%A9.cl");
        assert_eq!(artifact_uri("<command line>"), "%3Ccommand%20line%3E");
        assert_eq!(artifact_uri("100%.cl"), "100%25.cl");
    }
}
