//! Long source lines in human diagnostics: a label on a line of more than
//! [`MAX_LINE`] bytes (minified or generated code) is shown in a window of
//! [`CONTEXT`] bytes around it with `...` where text was cut, so one
//! diagnostic never echoes megabytes. The header keeps the real line and
//! column.
//!
//! The excerpt is a small stand-in file holding only the labelled lines
//! (cut where long), whose [`Files`] answers map its lines and columns back
//! to the original file.

use std::ops::Range;

use codespan_reporting::files::{Error, Files};

use super::position;
use crate::{FileId, SourceFile};

/// Lines longer than this many bytes are cut around their labels.
pub(crate) const MAX_LINE: usize = 240;
/// Bytes of context kept on each side of a label.
const CONTEXT: usize = 80;
/// The most of a label's own text shown.
const MAX_LABEL: usize = 160;
/// What stands for cut text.
const CUT: &str = "...";

/// One labelled line of the excerpt.
struct Line {
    /// Its 0-based index in the original file.
    original: usize,
    /// Where it starts in the original text.
    original_start: usize,
    /// The part of it kept, in original offsets.
    kept: Range<usize>,
    /// Where it starts in the excerpt.
    start: usize,
    /// Bytes of `...` before the kept part.
    prefix: usize,
}

/// The labelled lines of one file, cut where long.
pub(crate) struct Excerpt<'s> {
    file: &'s SourceFile,
    text: String,
    lines: Vec<Line>,
}

impl<'s> Excerpt<'s> {
    /// The excerpt of `file` showing `labels` (byte ranges, each on one
    /// line), or `None` when no labelled line is long or a label spans
    /// lines (then the file is shown as it is).
    pub(crate) fn new(file: &'s SourceFile, labels: &[Range<usize>]) -> Option<Excerpt<'s>> {
        let text = file.text();
        let mut windows: Vec<(usize, usize, Range<usize>)> = Vec::new();
        let mut long = false;
        for label in labels {
            let line = position::line_index(file, label.start);
            let range = position::line_range(file, line)?;
            if position::line_index(file, label.end.saturating_sub(1).max(label.start)) != line {
                return None;
            }
            long |= range.len() > MAX_LINE;
            let end = label.end.min(label.start + MAX_LABEL);
            let start = label.start.saturating_sub(CONTEXT).max(range.start);
            let stop = (end + CONTEXT).min(range.end);
            windows.push((line, range.start, start..stop));
        }
        if !long {
            return None;
        }
        windows.sort_by_key(|w| (w.0, w.2.start));
        let mut out = Excerpt {
            file,
            text: String::new(),
            lines: Vec::new(),
        };
        let mut index = 0;
        while index < windows.len() {
            let (line, line_start, mut kept) = windows[index].clone();
            // Windows on one line merge into one.
            while let Some((next_line, _, next)) = windows.get(index + 1) {
                if *next_line != line {
                    break;
                }
                kept = kept.start.min(next.start)..kept.end.max(next.end);
                index += 1;
            }
            index += 1;
            let range = position::line_range(file, line)?;
            let kept = if range.len() > MAX_LINE {
                floor_char(text, kept.start)..ceil_char(text, kept.end)
            } else {
                range.clone()
            };
            if !out.text.is_empty() {
                out.text.push('\n');
            }
            let start = out.text.len();
            let prefix = if kept.start > range.start {
                CUT.len()
            } else {
                0
            };
            if prefix > 0 {
                out.text.push_str(CUT);
            }
            out.text.push_str(text.get(kept.clone()).unwrap_or(""));
            if kept.end < trim_newline(text, range.clone()).end {
                out.text.push_str(CUT);
            }
            out.lines.push(Line {
                original: line,
                original_start: line_start,
                kept,
                start,
                prefix,
            });
        }
        Some(out)
    }

    /// An original byte range as a range of the excerpt.
    pub(crate) fn map(&self, range: Range<usize>) -> Range<usize> {
        let Some(line) = self
            .lines
            .iter()
            .rev()
            .find(|l| l.original_start <= range.start)
        else {
            return 0..0;
        };
        let at = |offset: usize| {
            let clamped = offset.clamp(line.kept.start, line.kept.end);
            line.start + line.prefix + (clamped - line.kept.start)
        };
        at(range.start)..at(range.end.min(range.start + MAX_LABEL))
    }

    /// The excerpt line holding excerpt byte `byte`.
    fn line_at(&self, byte: usize) -> usize {
        self.lines
            .iter()
            .rposition(|l| l.start <= byte)
            .unwrap_or(0)
    }
}

/// The largest char boundary of `text` at or before `at`.
fn floor_char(text: &str, mut at: usize) -> usize {
    at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// The smallest char boundary of `text` at or after `at`.
fn ceil_char(text: &str, mut at: usize) -> usize {
    at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at += 1;
    }
    at
}

/// A line's range without its line break.
fn trim_newline(text: &str, range: Range<usize>) -> Range<usize> {
    let line = text.get(range.clone()).unwrap_or("");
    let trimmed = line.trim_end_matches(['\n', '\r']);
    range.start..range.start + trimmed.len()
}

impl<'a> Files<'a> for Excerpt<'_> {
    type FileId = FileId;
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, _: FileId) -> Result<&'a str, Error> {
        Ok(self
            .file
            .presumed_name(self.lines.first().map_or(0, |l| l.original)))
    }

    fn source(&'a self, _: FileId) -> Result<&'a str, Error> {
        Ok(&self.text)
    }

    fn line_index(&'a self, _: FileId, byte_index: usize) -> Result<usize, Error> {
        Ok(self.line_at(byte_index))
    }

    fn line_range(&'a self, _: FileId, line_index: usize) -> Result<Range<usize>, Error> {
        let start = self
            .lines
            .get(line_index)
            .map(|l| l.start)
            .ok_or(Error::LineTooLarge {
                given: line_index,
                max: self.lines.len().saturating_sub(1),
            })?;
        let end = self
            .lines
            .get(line_index + 1)
            .map_or(self.text.len(), |l| l.start);
        Ok(start..end)
    }

    fn line_number(&'a self, _: FileId, line_index: usize) -> Result<usize, Error> {
        Ok(self
            .lines
            .get(line_index)
            .map_or(line_index, |l| l.original)
            + 1)
    }

    fn column_number(
        &'a self,
        _: FileId,
        line_index: usize,
        byte_index: usize,
    ) -> Result<usize, Error> {
        let Some(line) = self.lines.get(line_index) else {
            return Ok(1);
        };
        let within = byte_index.saturating_sub(line.start + line.prefix);
        let original = (line.kept.start + within).min(line.kept.end);
        let before = self
            .file
            .text()
            .get(line.original_start..original)
            .unwrap_or("");
        Ok(before.chars().count() + 1)
    }
}

#[cfg(test)]
mod tests {
    use crate::render::human::{render_human, HumanOptions};
    use crate::{Code, Diagnostic, Level, SourceMap, Span};

    static CODE: Code = Code {
        id: "E9999",
        name: "test",
        default_level: Level::Deny,
        summary: "test",
        spec: None,
        explanation: "",
    };

    fn render(text: &str, at: &str) -> String {
        let mut sources = SourceMap::new();
        let file = sources.add("long.cl", text);
        let start = text.find(at).unwrap() as u32;
        let diagnostic = Diagnostic::new(&CODE, "here")
            .with_primary(Span::new(file, start, start + at.len() as u32), "this");
        let mut out = Vec::new();
        render_human(&[diagnostic], &sources, &HumanOptions::default(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn long_lines_are_cut_around_the_label_and_keep_the_real_column() {
        let line = format!(
            "int a = {} + target + {};\n",
            "1 + ".repeat(50_000),
            "2 + ".repeat(50_000)
        );
        let text = format!("// first\n{line}// last\n");
        let rendered = render(&text, "target");
        assert!(rendered.len() < 1_000, "{} bytes", rendered.len());
        let column = line.find("target").unwrap() + 1;
        assert!(
            rendered.contains(&format!("long.cl:2:{column}")),
            "{rendered}"
        );
        assert!(rendered.contains("2 | ... 1 + 1"), "{rendered}");
        assert!(rendered.contains("target + 2 + 2"), "{rendered}");
        assert!(rendered.contains("2 + 2...\n"), "{rendered}");
        assert!(rendered.contains("^^^^^^ this"), "{rendered}");
    }

    #[test]
    fn short_lines_are_shown_whole() {
        let rendered = render("int a = target;\n", "target");
        assert!(rendered.contains("int a = target;"), "{rendered}");
        assert!(!rendered.contains("..."), "{rendered}");
    }
}
