//! Human-readable diagnostics in rustc's style, drawn by codespan-reporting:
//! a header `error[E0401]: message`, the labelled source lines, then
//! `= note:` and `= help:` lines, where a help with edits also spells out each
//! replacement. Colour is the caller's decision ([`HumanOptions::color`]).

use super::excerpt::{Excerpt, MAX_LINE};
use super::files::Renamed;
use super::position::ResolvedSpan;
use crate::{Diagnostic, Edit, FileId, Help, Label, Severity, SourceMap};
use codespan_reporting::diagnostic as cs;
use codespan_reporting::files;
use codespan_reporting::term::termcolor::{Ansi, NoColor};
use codespan_reporting::term::{self, Chars, Config, DisplayStyle, WriteStyle};
use std::io;

/// How [`render_human`] lays out its text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct HumanOptions {
    /// Emit ANSI colour escapes. The caller decides (a terminal, `NO_COLOR`);
    /// the renderer only obeys.
    pub color: bool,
    /// One line per diagnostic: `file:line:col: error[CODE]: message`.
    pub short: bool,
}

/// Writes `diags` as rustc-like text into `out`.
///
/// Labels whose file is not in `sources` are left out; spans past the end of
/// a file point at its end. Only a failing writer makes this return an error.
pub fn render_human(
    diags: &[Diagnostic],
    sources: &SourceMap,
    opts: &HumanOptions,
    out: &mut dyn io::Write,
) -> io::Result<()> {
    let config = config(opts);
    if opts.color {
        emit_all(&mut Ansi::new(out), &config, diags, sources)
    } else {
        emit_all(&mut NoColor::new(out), &config, diags, sources)
    }
}

/// The full, uncoloured rendering of one diagnostic (JSON's `rendered`).
pub(crate) fn render_plain(diag: &Diagnostic, sources: &SourceMap) -> String {
    let mut out = Vec::new();
    let config = config(&HumanOptions::default());
    // Writing into a `Vec` cannot fail, and `emit_all` reports nothing else.
    let _ = emit_all(
        &mut NoColor::new(&mut out),
        &config,
        std::slice::from_ref(diag),
        sources,
    );
    String::from_utf8_lossy(&out).into_owned()
}

/// codespan's configuration for `opts`: rustc's ASCII art in both styles.
fn config(opts: &HumanOptions) -> Config {
    Config {
        display_style: if opts.short {
            DisplayStyle::Short
        } else {
            DisplayStyle::Rich
        },
        chars: Chars::ascii(),
        ..Config::default()
    }
}

fn emit_all<W: WriteStyle>(
    writer: &mut W,
    config: &Config,
    diags: &[Diagnostic],
    sources: &SourceMap,
) -> io::Result<()> {
    for diag in diags {
        // A label on a very long line: show a window around it.
        if let Some(excerpt) = excerpt_for(diag, sources) {
            let diagnostic = to_codespan(diag, sources, &|range| excerpt.map(range));
            term::emit_to_write_style(writer, config, &excerpt, &diagnostic)
                .map_err(into_io_error)?;
            continue;
        }
        let diagnostic = to_codespan(diag, sources, &|range| range);
        // Under `#line "name"` the header names the presumed file.
        if let Some(renamed) = presumed_name(diag, sources) {
            term::emit_to_write_style(writer, config, &renamed, &diagnostic)
                .map_err(into_io_error)?;
            continue;
        }
        term::emit_to_write_style(writer, config, sources, &diagnostic).map_err(into_io_error)?;
    }
    Ok(())
}

/// The presumed name of the file `diag` points at, when a `#line`
/// directive renamed the place.
fn presumed_name<'s>(diag: &Diagnostic, sources: &'s SourceMap) -> Option<Renamed<'s>> {
    let span = diag.primary.as_ref()?.span;
    let file = sources.get(span.file)?;
    let line = super::position::line_index(file, span.start as usize);
    let name = file.presumed_name(line);
    (name != file.name()).then_some(Renamed {
        sources,
        file: span.file,
        name,
    })
}

/// The excerpt to draw `diag` from when one of its labels sits on a line
/// longer than [`MAX_LINE`] (all labels in one file, each on one line).
fn excerpt_for<'s>(diag: &Diagnostic, sources: &'s SourceMap) -> Option<Excerpt<'s>> {
    let labels: Vec<&Label> = diag.primary.iter().chain(&diag.secondary).collect();
    let file = labels.first()?.span.file;
    if labels.iter().any(|l| l.span.file != file) {
        return None;
    }
    let source = sources.get(file)?;
    if !source
        .line_starts()
        .windows(2)
        .any(|w| (w[1] - w[0]) as usize > MAX_LINE)
        && source.text().len() - *source.line_starts().last()? as usize <= MAX_LINE
    {
        return None;
    }
    let ranges: Vec<std::ops::Range<usize>> = labels
        .iter()
        .filter_map(|l| ResolvedSpan::new(sources, l.span).map(|s| s.range()))
        .collect();
    Excerpt::new(source, &ranges)
}

/// codespan's errors as I/O errors. Only `Io` can occur in practice: every
/// label was resolved against `sources` before rendering.
fn into_io_error(error: files::Error) -> io::Error {
    match error {
        files::Error::Io(error) => error,
        other => io::Error::other(other.to_string()),
    }
}

/// `diag` for codespan, each label's byte range passed through `map` (the
/// identity, or into an [`Excerpt`]).
fn to_codespan(
    diag: &Diagnostic,
    sources: &SourceMap,
    map: &dyn Fn(std::ops::Range<usize>) -> std::ops::Range<usize>,
) -> cs::Diagnostic<FileId> {
    let primary = diag
        .primary
        .iter()
        .filter_map(|label| to_codespan_label(label, cs::LabelStyle::Primary, sources, map));
    let secondary = diag
        .secondary
        .iter()
        .filter_map(|label| to_codespan_label(label, cs::LabelStyle::Secondary, sources, map));
    let notes = diag.notes.iter().map(|note| format!("note: {note}"));
    let help = diag.help.iter().map(|help| help_note(help, sources));
    cs::Diagnostic::new(codespan_severity(diag.severity))
        .with_code(diag.code.id)
        .with_message(&diag.message)
        .with_labels_iter(primary.chain(secondary))
        .with_notes_iter(notes.chain(help))
}

fn codespan_severity(severity: Severity) -> cs::Severity {
    match severity {
        Severity::Note => cs::Severity::Note,
        Severity::Warning => cs::Severity::Warning,
        Severity::Error => cs::Severity::Error,
        Severity::Bug => cs::Severity::Bug,
    }
}

fn to_codespan_label(
    label: &Label,
    style: cs::LabelStyle,
    sources: &SourceMap,
    map: &dyn Fn(std::ops::Range<usize>) -> std::ops::Range<usize>,
) -> Option<cs::Label<FileId>> {
    let span = ResolvedSpan::new(sources, label.span)?;
    Some(cs::Label::new(style, label.span.file, map(span.range())).with_message(&label.message))
}

/// Continuation lines of a note line up under the text after `help: `.
const HELP_INDENT: &str = "      ";

/// `help: message`, then one line per edit saying what it changes.
fn help_note(help: &Help, sources: &SourceMap) -> String {
    let mut text = format!("help: {}", help.message);
    for edit in &help.edits {
        if let Some(description) = describe_edit(edit, sources) {
            text.push('\n');
            text.push_str(HELP_INDENT);
            text.push_str(&description);
        }
    }
    text
}

/// "replace `old` with `new`", "insert `new` at file:line:col" or
/// "remove `old`"; `None` when the edit's file is unknown or the edit
/// changes nothing.
fn describe_edit(edit: &Edit, sources: &SourceMap) -> Option<String> {
    let span = ResolvedSpan::new(sources, edit.span)?;
    let old = span.snippet();
    let new = escape_control(&edit.replacement);
    let description = if old.is_empty() && new.is_empty() {
        return None;
    } else if old.is_empty() {
        let at = span.start_position();
        format!(
            "insert `{new}` at {}:{}:{}",
            span.file.name(),
            at.line,
            at.column
        )
    } else if new.is_empty() {
        format!("remove `{}`", escape_control(old))
    } else {
        format!("replace `{}` with `{new}`", escape_control(old))
    };
    Some(description)
}

/// `text` with line breaks and tabs written as `\n`, `\r`, `\t`, so an edit
/// description stays on one line.
fn escape_control(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' => escaped.push_str("\\n"),
            '\r' => escaped.push_str("\\r"),
            '\t' => escaped.push_str("\\t"),
            c => escaped.push(c),
        }
    }
    escaped
}
