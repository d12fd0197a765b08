//! Span resolution shared by every renderer: turns a [`Span`] that may be
//! reversed, run past the end of its file or cut a UTF-8 sequence into a
//! valid byte range, and computes 1-based lines and character columns from
//! it, so that the human, JSON and SARIF outputs agree on every position and
//! none of them can panic on a bad span.

use crate::{SourceFile, SourceMap, Span};
use std::ops::Range;

/// A span checked against its file: `start..end` is a valid, possibly empty,
/// byte range on character boundaries of `file`'s text.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ResolvedSpan<'a> {
    /// The file the span points into.
    pub(crate) file: &'a SourceFile,
    /// First byte (clamped, on a character boundary).
    pub(crate) start: usize,
    /// One past the last byte (clamped, on a character boundary, `>= start`).
    pub(crate) end: usize,
}

/// A position in a file, in the units the output formats use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Position {
    /// 0-based line index.
    pub(crate) line_index: usize,
    /// 1-based line number.
    pub(crate) line: usize,
    /// 1-based column counted in Unicode scalar values, like rustc.
    pub(crate) column: usize,
}

/// One source line a span touches, with the highlighted columns (1-based,
/// in characters, end exclusive), as rustc's JSON `text` entries need.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SpanLine<'a> {
    /// The line without its line terminator.
    pub(crate) text: &'a str,
    /// First highlighted column.
    pub(crate) highlight_start: usize,
    /// Column after the last highlighted one.
    pub(crate) highlight_end: usize,
}

impl<'a> ResolvedSpan<'a> {
    /// Resolves `span`, or `None` when its file is not in `sources`.
    pub(crate) fn new(sources: &'a SourceMap, span: Span) -> Option<Self> {
        let file = sources.get(span.file)?;
        let text = file.text();
        let (low, high) = if span.start <= span.end {
            (span.start, span.end)
        } else {
            (span.end, span.start)
        };
        let start = floor_char_boundary(text, low as usize);
        // An empty span stays empty (an insertion point), even inside a character.
        let end = if low == high {
            start
        } else {
            ceil_char_boundary(text, high as usize)
        };
        Some(ResolvedSpan { file, start, end })
    }

    /// The byte range.
    pub(crate) fn range(&self) -> Range<usize> {
        self.start..self.end
    }

    /// The text the span covers.
    pub(crate) fn snippet(&self) -> &'a str {
        self.file.text().get(self.range()).unwrap_or("")
    }

    /// The position of the first byte.
    pub(crate) fn start_position(&self) -> Position {
        position(self.file, self.start)
    }

    /// The position just after the last byte.
    pub(crate) fn end_position(&self) -> Position {
        position(self.file, self.end)
    }

    /// Every line from the start line to the end line with its highlight.
    pub(crate) fn lines(&self) -> Vec<SpanLine<'a>> {
        let start = self.start_position();
        let end = self.end_position();
        (start.line_index..=end.line_index)
            .map(|index| {
                let text = line_text(self.file, index);
                let highlight_start = if index == start.line_index {
                    start.column
                } else {
                    1
                };
                let highlight_end = if index == end.line_index {
                    end.column
                } else {
                    text.chars().count() + 1
                };
                SpanLine {
                    text,
                    highlight_start,
                    highlight_end,
                }
            })
            .collect()
    }
}

/// The 0-based index of the line holding byte `offset`; offsets past the end
/// give the last line.
pub(crate) fn line_index(file: &SourceFile, offset: usize) -> usize {
    let offset = u32::try_from(offset.min(file.text().len())).unwrap_or(u32::MAX);
    match file.line_starts().binary_search(&offset) {
        Ok(index) => index,
        Err(next) => next.saturating_sub(1),
    }
}

/// The byte range of line `index`, including its line terminator, or `None`
/// when the file has no such line.
pub(crate) fn line_range(file: &SourceFile, index: usize) -> Option<Range<usize>> {
    let starts = file.line_starts();
    let start = *starts.get(index)? as usize;
    let end = starts
        .get(index + 1)
        .map_or(file.text().len(), |&next| next as usize);
    Some(start..end.max(start))
}

/// Line `index` without its `\n` or `\r\n` terminator ("" when out of range).
fn line_text(file: &SourceFile, index: usize) -> &str {
    let line = line_range(file, index)
        .and_then(|range| file.text().get(range))
        .unwrap_or("");
    let line = line.strip_suffix('\n').unwrap_or(line);
    line.strip_suffix('\r').unwrap_or(line)
}

/// The position of byte `offset`, which must be a character boundary of
/// `file`'s text (anything else counts fewer characters but cannot panic).
fn position(file: &SourceFile, offset: usize) -> Position {
    let text = file.text();
    let index = line_index(file, offset);
    let line_start = line_range(file, index).map_or(0, |range| range.start);
    Position {
        line_index: index,
        line: index + 1,
        column: char_count(text, line_start..offset) + 1,
    }
}

/// Number of characters in `text[range]` (0 when the range is not valid).
fn char_count(text: &str, range: Range<usize>) -> usize {
    text.get(range).map_or(0, |s| s.chars().count())
}

/// The greatest character boundary of `text` at or before `index`.
fn floor_char_boundary(text: &str, index: usize) -> usize {
    let mut index = index.min(text.len());
    while !text.is_char_boundary(index) {
        index -= 1;
    }
    index
}

/// The least character boundary of `text` at or after `index`.
fn ceil_char_boundary(text: &str, index: usize) -> usize {
    let mut index = index.min(text.len());
    while !text.is_char_boundary(index) {
        index += 1;
    }
    index
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::FileId;

    fn map(text: &str) -> SourceMap {
        let mut sources = SourceMap::new();
        sources.add("a.cl", text);
        sources
    }

    fn resolve(sources: &SourceMap, start: u32, end: u32) -> ResolvedSpan<'_> {
        ResolvedSpan::new(sources, Span::new(FileId(0), start, end)).expect("file 0 exists")
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        let sources = map("é = ü;\nx");
        let span = resolve(&sources, 5, 7); // `ü`
        assert_eq!(span.snippet(), "ü");
        let start = span.start_position();
        assert_eq!((start.line, start.column), (1, 5));
        assert_eq!(span.end_position().column, 6);
    }

    #[test]
    fn spans_are_clamped_snapped_and_ordered() {
        let sources = map("aé\n");
        assert_eq!(resolve(&sources, 2, 2).range(), 1..1);
        assert_eq!(resolve(&sources, 1, 2).range(), 1..3);
        assert_eq!(resolve(&sources, 3, 1).range(), 1..3);
        assert_eq!(resolve(&sources, 50, 90).range(), 4..4);
        let eof = resolve(&sources, 50, 90).start_position();
        assert_eq!((eof.line, eof.column), (2, 1));
        assert!(ResolvedSpan::new(&sources, Span::new(FileId(7), 0, 1)).is_none());
    }

    #[test]
    fn lines_report_highlights_per_line() {
        let sources = map("ab\r\ncdé\nf");
        let lines = resolve(&sources, 1, 8).lines();
        assert_eq!(
            lines,
            vec![
                SpanLine {
                    text: "ab",
                    highlight_start: 2,
                    highlight_end: 3
                },
                SpanLine {
                    text: "cdé",
                    highlight_start: 1,
                    highlight_end: 4
                },
            ]
        );
    }

    #[test]
    fn line_ranges_include_terminators_and_stop_at_the_end() {
        let sources = map("ab\ncd");
        let file = sources.file(FileId(0));
        assert_eq!(line_range(file, 0), Some(0..3));
        assert_eq!(line_range(file, 1), Some(3..5));
        assert_eq!(line_range(file, 2), None);
        assert_eq!(line_index(file, 99), 1);
    }
}

/// Where a span lies, in the units every output format uses: the file's
/// name, the byte range, and 1-based lines and character columns (end
/// exclusive), exactly as the JSON and SARIF renderings report them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    /// The file's name as given to the [`SourceMap`].
    pub file: String,
    /// First byte.
    pub byte_start: usize,
    /// One past the last byte.
    pub byte_end: usize,
    /// 1-based line of the first byte.
    pub line_start: usize,
    /// 1-based column (in characters) of the first byte.
    pub column_start: usize,
    /// 1-based line of the position after the last byte.
    pub line_end: usize,
    /// 1-based column (in characters) of the position after the last byte.
    pub column_end: usize,
}

/// The [`Location`] of `span`, or `None` when its file is not in `sources`.
/// Never panics, whatever the span.
pub fn locate(sources: &SourceMap, span: Span) -> Option<Location> {
    let resolved = ResolvedSpan::new(sources, span)?;
    let start = resolved.start_position();
    let end = resolved.end_position();
    Some(Location {
        file: resolved.file.name().to_string(),
        byte_start: resolved.start,
        byte_end: resolved.end,
        line_start: start.line,
        column_start: start.column,
        line_end: end.line,
        column_end: end.column,
    })
}
