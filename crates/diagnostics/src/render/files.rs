//! [`codespan_reporting::files::Files`] for [`SourceMap`], so codespan can
//! draw source snippets straight from the map. Byte indices past the end of a
//! file resolve to its last line; only a missing file or line is an error.

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
