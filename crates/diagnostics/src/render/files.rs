//! [`codespan_reporting::files::Files`] for [`SourceMap`], so codespan can
//! draw source snippets straight from the map. Byte indices past the end of a
//! file resolve to its last line; only a missing file or line is an error.
//! Line numbers are the presumed ones of `#line` directives, as clang
//! reports them ([`Renamed`] also gives the presumed file name).

use super::position;
use crate::{FileId, SourceFile, SourceMap};
use codespan_reporting::files::{Error, Files};
use std::ops::Range;

impl SourceMap {
    /// The file with this id, or codespan's "missing file" error.
    fn codespan_file(&self, id: FileId) -> Result<&SourceFile, Error> {
        self.get(id).ok_or(Error::FileMissing)
    }
}

impl<'a> Files<'a> for SourceMap {
    type FileId = FileId;
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, id: FileId) -> Result<&'a str, Error> {
        Ok(self.codespan_file(id)?.name())
    }

    fn source(&'a self, id: FileId) -> Result<&'a str, Error> {
        Ok(self.codespan_file(id)?.text())
    }

    fn line_index(&'a self, id: FileId, byte_index: usize) -> Result<usize, Error> {
        Ok(position::line_index(self.codespan_file(id)?, byte_index))
    }

    fn line_range(&'a self, id: FileId, line_index: usize) -> Result<Range<usize>, Error> {
        let file = self.codespan_file(id)?;
        position::line_range(file, line_index).ok_or(Error::LineTooLarge {
            given: line_index,
            max: file.line_starts().len().saturating_sub(1),
        })
    }

    /// The presumed line number (`#line`), as clang reports it; at least
    /// 1, since the gutter cannot show the line 0 that `#line 0` (a GNU
    /// extension clang accepts) gives the line after it.
    fn line_number(&'a self, id: FileId, line_index: usize) -> Result<usize, Error> {
        Ok(self.codespan_file(id)?.presumed_line(line_index).max(1))
    }
}

/// A [`SourceMap`] whose file `file` is named `name` (the presumed name a
/// `#line` directive gives the place a diagnostic points at).
pub(crate) struct Renamed<'s> {
    pub(crate) sources: &'s SourceMap,
    pub(crate) file: FileId,
    pub(crate) name: &'s str,
}

impl<'a> Files<'a> for Renamed<'_> {
    type FileId = FileId;
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, id: FileId) -> Result<&'a str, Error> {
        if id == self.file {
            Ok(self.name)
        } else {
            self.sources.name(id)
        }
    }

    fn source(&'a self, id: FileId) -> Result<&'a str, Error> {
        self.sources.source(id)
    }

    fn line_index(&'a self, id: FileId, byte_index: usize) -> Result<usize, Error> {
        self.sources.line_index(id, byte_index)
    }

    fn line_range(&'a self, id: FileId, line_index: usize) -> Result<Range<usize>, Error> {
        self.sources.line_range(id, line_index)
    }

    fn line_number(&'a self, id: FileId, line_index: usize) -> Result<usize, Error> {
        self.sources.line_number(id, line_index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_impl_answers_like_codespans_simple_files() {
        let mut sources = SourceMap::new();
        let id = sources.add("k.cl", "int a;\nint é;\n");
        assert_eq!(sources.name(id).ok(), Some("k.cl"));
        assert_eq!(sources.line_index(id, 8).ok(), Some(1));
        assert_eq!(sources.line_index(id, 1_000).ok(), Some(2));
        assert_eq!(sources.line_range(id, 1).ok(), Some(7..15));
        assert_eq!(sources.line_range(id, 2).ok(), Some(15..15));
        assert!(sources.line_range(id, 3).is_err());
        let location = sources
            .location(id, 13)
            .ok()
            .map(|l| (l.line_number, l.column_number));
        assert_eq!(location, Some((2, 6)));
        assert!(sources.name(FileId(9)).is_err());
    }
}

#[cfg(test)]
mod line_directive_tests {
    use crate::render::human::{render_human, HumanOptions};
    use crate::{Code, Diagnostic, Level, SourceMap, Span};

    static CODE: Code = Code {
        id: "E9998",
        name: "test",
        default_level: Level::Deny,
        summary: "test",
        spec: None,
        explanation: "",
    };

    #[test]
    fn human_diagnostics_report_presumed_lines_and_names() {
        let text = "a\n#line 100 \"gen.cl\"\nbad here\n#line 7\nworse\n";
        let mut sources = SourceMap::new();
        let file = sources.add("real.cl", text);
        sources.add_line_directive(file, 2, 100, Some("gen.cl".into()));
        sources.add_line_directive(file, 4, 7, None);
        let at = |word: &str| {
            let start = text.find(word).unwrap() as u32;
            Span::new(file, start, start + word.len() as u32)
        };
        let diagnostics = [
            Diagnostic::new(&CODE, "one").with_primary(at("bad"), "x"),
            Diagnostic::new(&CODE, "two").with_primary(at("worse"), "y"),
            Diagnostic::new(&CODE, "three").with_primary(at("a"), "z"),
        ];
        let mut out = Vec::new();
        render_human(&diagnostics, &sources, &HumanOptions::default(), &mut out).unwrap();
        let rendered = String::from_utf8(out).unwrap();
        assert!(rendered.contains("--> gen.cl:100:1"), "{rendered}");
        assert!(rendered.contains("--> gen.cl:7:1"), "{rendered}");
        assert!(rendered.contains("--> real.cl:1:1"), "{rendered}");
    }

    #[test]
    fn line_zero_renders() {
        let text = "#line 0
bad
";
        let mut sources = SourceMap::new();
        let file = sources.add("zero.cl", text);
        sources.add_line_directive(file, 1, 0, None);
        let diagnostics =
            [Diagnostic::new(&CODE, "zero").with_primary(Span::new(file, 8, 11), "x")];
        let mut out = Vec::new();
        render_human(&diagnostics, &sources, &HumanOptions::default(), &mut out).unwrap();
        let rendered = String::from_utf8(out).unwrap();
        assert!(rendered.contains("--> zero.cl:1:1"), "{rendered}");
    }
}
