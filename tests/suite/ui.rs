//! UI tests: every `tests/ui/**/*.cl` fixture is checked and its
//! diagnostics must equal the annotations written in it.
//!
//! Annotation forms (all in `//` comments):
//! * a caret line under a source line marks the primary span's columns
//!   exactly: `//      ^^^^ error[E0401]: text`
//!   (the carets' columns are the source line's columns);
//! * `//~ error[E0201]: text` on the line itself, or `//~^ …` (one `^` per
//!   line up) when the column does not matter;
//! * `// expect: error[E0001]: text` for a diagnostic with no location in
//!   this file.
//!
//! `text` must be a substring of the message. Every diagnostic must be
//! annotated and every annotation must match one diagnostic. A fixture
//! with no expected error must also compile to a module that validates.

use crate::fixtures;

#[derive(Debug, Clone, PartialEq, Eq)]
struct Expected {
    line: Option<usize>,
    cols: Option<(usize, usize)>,
    severity: String,
    code: String,
    text: String,
    annotation_line: usize,
}

fn parse_label(rest: &str) -> Option<(String, String, String)> {
    let rest = rest.trim_start();
    let (severity, rest) = rest.split_once('[')?;
    let (code, rest) = rest.split_once(']')?;
    let text = rest.strip_prefix(':').unwrap_or(rest).trim();
    let severity = severity.trim();
    if !matches!(severity, "error" | "warning" | "note") {
        return None;
    }
    Some((severity.to_string(), code.to_string(), text.to_string()))
}

fn is_annotation(line: &str) -> bool {
    let t = line.trim_start();
    t.starts_with("//") && {
        let body = t[2..].trim_start();
        body.starts_with('^') || body.starts_with("expect:")
    } || t.starts_with("//~")
}

fn parse_expectations(text: &str) -> Vec<Expected> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, raw) in lines.iter().enumerate() {
        let trimmed = raw.trim_start();
        if let Some(pos) = raw.find("//~") {
            let after = &raw[pos + 3..];
            let ups = after.chars().take_while(|&c| c == '^').count();
            if let Some((severity, code, text)) = parse_label(&after[ups..]) {
                out.push(Expected {
                    line: Some(i + 1 - ups),
                    cols: None,
                    severity,
                    code,
                    text,
                    annotation_line: i + 1,
                });
                continue;
            }
        }
        if !trimmed.starts_with("//") {
            continue;
        }
        let body = trimmed[2..].trim_start();
        if let Some(rest) = body.strip_prefix("expect:") {
            if let Some((severity, code, text)) = parse_label(rest) {
                out.push(Expected {
                    line: None,
                    cols: None,
                    severity,
                    code,
                    text,
                    annotation_line: i + 1,
                });
            }
        } else if body.starts_with('^') {
            let start = raw.find('^').unwrap_or(0);
            let len = raw[start..].chars().take_while(|&c| c == '^').count();
            let target = (0..i).rev().find(|&j| !is_annotation(lines[j]));
            if let (Some(target), Some((severity, code, text))) =
                (target, parse_label(&raw[start + len..]))
            {
                out.push(Expected {
                    line: Some(target + 1),
                    cols: Some((start + 1, start + 1 + len)),
                    severity,
                    code,
                    text,
                    annotation_line: i + 1,
                });
            }
        }
    }
    out
}

/// (line, start col, end col) of a diagnostic's primary span in file 0.
fn position(report: &oclc::Report, d: &oclc::Diagnostic) -> Option<(usize, usize, usize)> {
    let label = d.primary.as_ref()?;
    if label.span.file.0 != 0 {
        return None;
    }
    let file = report.sources().file(label.span.file);
    let start = file.line_col(label.span.start);
    let end = file.line_col(label.span.end);
    let end_col = if end.line == start.line {
        end.column.max(start.column + 1)
    } else {
        // Multi-line spans: the carets cover the first line to its end.
        let line_text = file
            .text()
            .lines()
            .nth(start.line as usize - 1)
            .unwrap_or("");
        (line_text.len() as u32 + 1).max(start.column + 1)
    };
    Some((start.line as usize, start.column as usize, end_col as usize))
}

fn check_fixture(path: &std::path::Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let options = fixtures::options_for(&text);
    let source = oclc::Source::new(path.to_string_lossy().into_owned(), text.clone());
    let report = oclc::check(&source, &options);
    let mut expected = parse_expectations(&text);
    let mut unexpected = Vec::new();
    for d in report.diagnostics() {
        let pos = position(&report, d);
        let found = expected.iter().position(|e| {
            e.severity == d.severity.as_str()
                && e.code == d.code.id
                && d.message.contains(&e.text)
                && match (e.line, pos) {
                    (None, _) => true,
                    (Some(line), Some((l, c0, c1))) => {
                        line == l && e.cols.is_none_or(|cols| cols == (c0, c1))
                    }
                    (Some(_), None) => false,
                }
        });
        match found {
            Some(i) => {
                expected.remove(i);
            }
            None => unexpected.push(match pos {
                Some((l, c0, c1)) => format!(
                    "  line {l} cols {c0}..{c1}: {}[{}]: {}",
                    d.severity.as_str(),
                    d.code.id,
                    d.message
                ),
                None => format!(
                    "  (no position): {}[{}]: {}",
                    d.severity.as_str(),
                    d.code.id,
                    d.message
                ),
            }),
        }
    }
    let mut problems = String::new();
    if !unexpected.is_empty() {
        problems += &format!("unexpected diagnostics:\n{}\n", unexpected.join("\n"));
    }
    for e in &expected {
        problems += &format!(
            "  annotation on line {} not matched: {:?}\n",
            e.annotation_line, e
        );
    }
    if !problems.is_empty() {
        problems += &format!(
            "full output:\n{}",
            report.render_human(oclc::HumanStyle::PLAIN)
        );
        return Err(problems);
    }
    if !report.has_errors() && !text.contains("// oclc-no-compile") {
        if let Err(failed) = oclc::compile(&source, &options) {
            return Err(format!(
                "checks passed but compiling failed:\n{}",
                failed.report.render_human(oclc::HumanStyle::PLAIN)
            ));
        }
    }
    Ok(())
}

#[test]
fn ui_fixtures() {
    let files = fixtures::files("tests/ui", "cl");
    assert!(!files.is_empty(), "no UI fixtures found");
    let mut failures = Vec::new();
    for path in &files {
        if let Err(e) = check_fixture(path) {
            failures.push(format!("--- {}\n{e}", fixtures::display(path)));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} UI fixtures failed:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}

#[test]
fn annotation_parser_reads_every_form() {
    let text = "int x = y;\n//      ^ error[E0301]: undeclared\nfoo; //~ error[E0201]: expected\n//~^ warning[W0101]: up\n// expect: error[E0001]: global\n";
    let e = parse_expectations(text);
    assert_eq!(e.len(), 4);
    assert_eq!((e[0].line, e[0].cols), (Some(1), Some((9, 10))));
    assert_eq!((e[1].line, e[1].code.as_str()), (Some(3), "E0201"));
    assert_eq!((e[2].line, e[2].severity.as_str()), (Some(3), "warning"));
    assert_eq!(e[3].line, None);
}

/// Every machine-applicable fix in the UI fixtures, applied alone, removes
/// its diagnostic and brings no new error: such a fix must be certain to
/// preserve meaning, so that a tool may apply it unasked. (Guesses such as
/// spelling suggestions, and one choice among several valid orders or
/// scopes, are `MaybeIncorrect` and not applied here.)
#[test]
fn machine_applicable_fixes_remove_their_diagnostic_and_add_no_error() {
    use oclc::Applicability;
    let mut applied = 0;
    let mut failures = Vec::new();
    for path in fixtures::files("tests/ui", "cl") {
        let text = std::fs::read_to_string(&path).unwrap();
        let options = fixtures::options_for(&text);
        let name = fixtures::display(&path);
        let report = oclc::check(&oclc::Source::new(name.as_str(), text.as_str()), &options);
        let errors_before: Vec<&str> = report
            .diagnostics()
            .iter()
            .filter(|d| d.is_error())
            .map(|d| d.code.id)
            .collect();
        for d in report.diagnostics() {
            let Some(help) = &d.help else { continue };
            if help.applicability != Applicability::MachineApplicable
                || help.edits.is_empty()
                || help.edits.iter().any(|e| e.span.file.0 != 0)
            {
                continue;
            }
            let mut edits = help.edits.clone();
            edits.sort_by_key(|e| std::cmp::Reverse(e.span.start));
            let mut fixed = text.clone();
            for edit in &edits {
                fixed.replace_range(
                    edit.span.start as usize..edit.span.end as usize,
                    &edit.replacement,
                );
            }
            applied += 1;
            let after = oclc::check(&oclc::Source::new(name.as_str(), fixed.as_str()), &options);
            let count = |r: &oclc::Report| {
                r.diagnostics()
                    .iter()
                    .filter(|x| x.code.id == d.code.id)
                    .count()
            };
            let new_errors: Vec<&str> = after
                .diagnostics()
                .iter()
                .filter(|x| x.is_error() && !errors_before.contains(&x.code.id))
                .map(|x| x.code.id)
                .collect();
            if count(&after) >= count(&report) || !new_errors.is_empty() {
                failures.push(format!(
                    "{name}: the fix `{}` of {} ({}) left {} of {} such diagnostics, new errors {new_errors:?}",
                    help.message,
                    d.code.id,
                    d.message,
                    count(&after),
                    count(&report)
                ));
            }
        }
    }
    assert!(
        applied > 10,
        "only {applied} machine-applicable fixes found"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A spelling suggestion is a guess: `sin` → `min` compiles and computes
/// something else, so it is never machine-applicable (JSON says
/// `MaybeIncorrect`, SARIF carries no fix).
#[test]
fn spelling_suggestions_are_not_machine_applicable() {
    let source = oclc::Source::new(
        "k.cl",
        "kernel void k(global int *o) { o[0] = mim(o[1], 2); }\n",
    );
    let report = oclc::check(&source, &oclc::Options::default());
    let d = report
        .diagnostics()
        .iter()
        .find(|d| d.help.as_ref().is_some_and(|h| !h.edits.is_empty()))
        .expect("a suggestion");
    let help = d.help.as_ref().unwrap();
    assert_eq!(help.edits[0].replacement, "min");
    assert_eq!(help.applicability, oclc::Applicability::MaybeIncorrect);
    assert!(report.render_json().contains("\"MaybeIncorrect\""));
    assert!(!report.render_sarif().contains("\"fixes\""));
}

/// The C11 call W0406's help suggests quotes the 1.x call's arguments as
/// written: with their `&` and casts, and inside a macro the macro's
/// arguments, not the whole invocation.
#[test]
fn deprecated_atomic_help_quotes_the_arguments_as_written() {
    let source = oclc::Source::new(
        "k.cl",
        "#define ADD32(p, x) atomic_add((p), (x))\n\
         kernel void k(global uint *buf, local uint *l, float f) {\n\
         atomic_add(&buf[1], 2u);\n\
         atomic_add(buf + 2, (uint)(f * 100.0f));\n\
         ADD32(&buf[4], *l);\n\
         }\n",
    );
    let options = oclc::Options::from_build_options("-cl-std=CL2.0 -Wdeprecated-atomics")
        .expect("valid options");
    let report = oclc::check(&source, &options);
    let helps: Vec<&str> = report
        .diagnostics()
        .iter()
        .filter(|d| d.code.id == "W0406")
        .filter_map(|d| d.help.as_ref().map(|h| h.message.as_str()))
        .collect();
    let expected = [
        "atomic_fetch_add_explicit(&buf[1], 2u, memory_order_relaxed)",
        "atomic_fetch_add_explicit(buf + 2, (uint)(f * 100.0f), memory_order_relaxed)",
        "atomic_fetch_add_explicit(&buf[4], *l, memory_order_relaxed)",
    ];
    assert_eq!(helps.len(), expected.len(), "{helps:?}");
    for (help, call) in helps.iter().zip(expected) {
        assert!(help.contains(call), "{help} does not suggest {call}");
    }
}
