//! The source map: every file oclc has read, addressed by [`FileId`], and
//! byte [`Span`]s into those files.

use std::fmt;

/// Index of a file in a [`SourceMap`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct FileId(pub u32);

/// A half-open byte range `start..end` in one file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Span {
    /// The file the range is in.
    pub file: FileId,
    /// First byte.
    pub start: u32,
    /// One past the last byte.
    pub end: u32,
}

impl Span {
    /// A span from `start` to `end` in `file`.
    pub fn new(file: FileId, start: u32, end: u32) -> Self {
        Span { file, start, end }
    }

    /// The smallest span covering `self` and `other`; `self` when they are in
    /// different files (a macro expansion can join tokens from two files).
    pub fn to(self, other: Span) -> Span {
        if self.file != other.file {
            return self;
        }
        Span {
            file: self.file,
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    /// An empty span at the end of `self` (for "expected `;` here").
    pub fn end_point(self) -> Span {
        Span {
            file: self.file,
            start: self.end,
            end: self.end,
        }
    }

    /// Whether `other` lies within `self`.
    pub fn contains(self, other: Span) -> bool {
        self.file == other.file && self.start <= other.start && other.end <= self.end
    }

    /// Length in bytes.
    pub fn len(self) -> u32 {
        self.end - self.start
    }

    /// Whether the span is empty.
    pub fn is_empty(self) -> bool {
        self.start == self.end
    }
}

/// A 1-based line and column (column counted in bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineCol {
    /// 1-based line.
    pub line: u32,
    /// 1-based column in bytes.
    pub column: u32,
}

impl fmt::Display for LineCol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// One file: its display name, its text, and where its lines start.
#[derive(Clone, Debug)]
pub struct SourceFile {
    name: String,
    text: String,
    line_starts: Vec<u32>,
    /// `#line` directives, in order: from this 0-based physical line on,
    /// lines are numbered from the given presumed number, in the given
    /// presumed file (when named).
    line_directives: Vec<LineDirective>,
}

/// One `#line N ["file"]` in effect from a physical line on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineDirective {
    /// The first physical line (0-based) it numbers.
    pub from_line: u32,
    /// The presumed (1-based) number of that line.
    pub presumed_line: u32,
    /// The presumed file name, if the directive gave one (or an earlier
    /// one did).
    pub presumed_name: Option<String>,
}

impl SourceFile {
    /// The name shown in diagnostics (the path as given).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The file's text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Byte offsets where each line starts (always begins with 0).
    pub fn line_starts(&self) -> &[u32] {
        &self.line_starts
    }

    /// The `#line` directive in effect on physical line `line` (0-based).
    fn directive_at(&self, line: usize) -> Option<&LineDirective> {
        let index = self
            .line_directives
            .partition_point(|d| d.from_line as usize <= line);
        index.checked_sub(1).map(|i| &self.line_directives[i])
    }

    /// The presumed (1-based) number of physical line `line` (0-based):
    /// the physical one unless a `#line` directive renumbers it.
    pub fn presumed_line(&self, line: usize) -> usize {
        match self.directive_at(line) {
            Some(d) => d.presumed_line as usize + (line - d.from_line as usize),
            None => line + 1,
        }
    }

    /// The presumed file name of physical line `line` (0-based).
    pub fn presumed_name(&self, line: usize) -> &str {
        self.directive_at(line)
            .and_then(|d| d.presumed_name.as_deref())
            .unwrap_or(&self.name)
    }

    /// Line and column of a byte offset (clamped to the file).
    pub fn line_col(&self, offset: u32) -> LineCol {
        let offset = offset.min(self.text.len() as u32);
        let line = match self.line_starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        LineCol {
            line: line as u32 + 1,
            column: offset - self.line_starts[line] + 1,
        }
    }
}

/// Every file read during one compilation. Files are only ever added, so a
/// [`FileId`] stays valid for the map's lifetime.
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
}

impl SourceMap {
    /// An empty map.
    pub fn new() -> Self {
        SourceMap::default()
    }

    /// Adds a file and returns its id.
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> FileId {
        let text = text.into();
        let line_starts = line_starts(&text);
        self.files.push(SourceFile {
            name: name.into(),
            text,
            line_starts,
            line_directives: Vec::new(),
        });
        FileId(self.files.len() as u32 - 1)
    }

    /// Records a `#line` directive of `file`: physical line `from_line`
    /// (0-based) and those after it are numbered from `presumed_line`, in
    /// `presumed_name` when given (else the name in effect before).
    /// Directives must be recorded in source order.
    pub fn add_line_directive(
        &mut self,
        file: FileId,
        from_line: u32,
        presumed_line: u32,
        presumed_name: Option<String>,
    ) {
        if let Some(source) = self.files.get_mut(file.0 as usize) {
            let name = presumed_name.or_else(|| {
                source
                    .line_directives
                    .last()
                    .and_then(|d| d.presumed_name.clone())
            });
            source.line_directives.push(LineDirective {
                from_line,
                presumed_line,
                presumed_name: name,
            });
        }
    }

    /// The file with this id.
    ///
    /// # Panics
    /// If `id` did not come from this map.
    pub fn file(&self, id: FileId) -> &SourceFile {
        &self.files[id.0 as usize]
    }

    /// The file with this id, if it exists.
    pub fn get(&self, id: FileId) -> Option<&SourceFile> {
        self.files.get(id.0 as usize)
    }

    /// All files in the order they were added.
    pub fn files(&self) -> impl Iterator<Item = (FileId, &SourceFile)> {
        self.files
            .iter()
            .enumerate()
            .map(|(i, f)| (FileId(i as u32), f))
    }

    /// The text a span covers ("" when the span is out of range).
    pub fn snippet(&self, span: Span) -> &str {
        self.get(span.file)
            .and_then(|f| f.text.get(span.start as usize..span.end as usize))
            .unwrap_or("")
    }

    /// Line and column of the start of a span.
    pub fn line_col(&self, span: Span) -> LineCol {
        self.file(span.file).line_col(span.start)
    }
}

/// The byte offset of every line's start: 0 and the offset after each
/// `\n`. Scans eight bytes at a time and looks at single bytes only in a
/// word holding a newline (every file, including the built-in macros, is
/// scanned once per compilation).
fn line_starts(text: &str) -> Vec<u32> {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);
    const NEWLINES: u64 = u64::from_ne_bytes([b'\n'; 8]);
    let bytes = text.as_bytes();
    let mut starts = Vec::with_capacity(bytes.len() / 32 + 1);
    starts.push(0);
    let mut push_newlines = |offset: usize, chunk: &[u8]| {
        for (i, _) in chunk.iter().enumerate().filter(|&(_, &b)| b == b'\n') {
            starts.push((offset + i + 1) as u32);
        }
    };
    let mut words = bytes.chunks_exact(8);
    let mut offset = 0;
    for chunk in &mut words {
        let mut word = [0; 8];
        word.copy_from_slice(chunk);
        // A zero byte in `x` is a newline in the chunk (the classic
        // "has zero byte" test: exact, no false positives).
        let x = u64::from_ne_bytes(word) ^ NEWLINES;
        if x.wrapping_sub(ONES) & !x & HIGHS != 0 {
            push_newlines(offset, chunk);
        }
        offset += 8;
    }
    push_newlines(offset, words.remainder());
    starts
}

#[cfg(test)]
mod tests {
    use super::line_starts;

    /// The word-at-a-time scan agrees with a byte-by-byte one on every
    /// alignment, newline position and neighbouring byte value.
    #[test]
    fn line_starts_match_a_bytewise_scan() {
        let naive = |text: &str| {
            let mut starts = vec![0];
            starts.extend(
                text.bytes()
                    .enumerate()
                    .filter(|&(_, b)| b == b'\n')
                    .map(|(i, _)| i as u32 + 1),
            );
            starts
        };
        let fillers = ["a", "\t", "\u{7f}", "\u{e9}", "\u{b}", "\r", "\u{2028}"];
        for len in 0..40 {
            for filler in fillers {
                let base: String = filler.repeat(len);
                for at in 0..=base.len() {
                    if !base.is_char_boundary(at) {
                        continue;
                    }
                    for extra in ["\n", "\n\n", "x\nx\n"] {
                        let mut text = base.clone();
                        text.insert_str(at, extra);
                        assert_eq!(line_starts(&text), naive(&text), "{text:?}");
                    }
                }
                assert_eq!(line_starts(&base), naive(&base));
            }
        }
    }
}
