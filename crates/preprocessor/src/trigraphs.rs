//! Trigraphs (C translation phase 1, which clang applies to OpenCL C with
//! a warning): `??=` is `#`, `??(` `[`, `??)` `]`, `??<` `{`, `??>` `}`,
//! `??/` `\`, `??'` `^`, `??!` `|` and `??-` `~`, everywhere, comments and
//! literals included.
//!
//! A file's text is replaced before it is lexed, and the source map holds
//! the replaced text, so spans and excerpts agree with what was compiled.
//! A file without `??` is not copied.

use oclc_diagnostics::{Diagnostic, FileId, Span};

use crate::codes;

/// Most trigraph warnings reported per file; a note counts the rest.
const MAX_WARNINGS: usize = 20;

/// The character a trigraph ending in `last` stands for.
fn replacement(last: u8) -> Option<u8> {
    Some(match last {
        b'=' => b'#',
        b'(' => b'[',
        b')' => b']',
        b'<' => b'{',
        b'>' => b'}',
        b'/' => b'\\',
        b'\'' => b'^',
        b'!' => b'|',
        b'-' => b'~',
        _ => return None,
    })
}

/// The text with its trigraphs replaced, and where each replacement is in
/// the new text with the character it became; `None` when there is no
/// trigraph.
pub fn replace(text: &str) -> Option<(String, Vec<(usize, char)>)> {
    let bytes = text.as_bytes();
    let first = bytes
        .windows(3)
        .position(|w| w[0] == b'?' && w[1] == b'?' && replacement(w[2]).is_some())?;
    let mut out = Vec::with_capacity(bytes.len());
    out.extend_from_slice(&bytes[..first]);
    let mut replaced = Vec::new();
    let mut i = first;
    while i < bytes.len() {
        if bytes[i] == b'?' && bytes.get(i + 1) == Some(&b'?') {
            if let Some(c) = bytes.get(i + 2).copied().and_then(replacement) {
                replaced.push((out.len(), char::from(c)));
                out.push(c);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    // Only ASCII bytes were replaced by ASCII bytes, so UTF-8 is kept.
    let text = String::from_utf8(out).ok()?;
    Some((text, replaced))
}

/// The warnings for the replacements [`replace`] made in `file`.
pub fn warnings(file: FileId, replaced: &[(usize, char)]) -> Vec<Diagnostic> {
    let mut out: Vec<Diagnostic> = replaced
        .iter()
        .take(MAX_WARNINGS)
        .map(|&(at, c)| {
            let span = Span::new(file, at as u32, at as u32 + 1);
            Diagnostic::new(&codes::TRIGRAPH, format!("trigraph converted to `{c}`"))
                .with_primary(span, "a trigraph here")
        })
        .collect();
    if replaced.len() > MAX_WARNINGS {
        if let Some(last) = out.pop() {
            out.push(last.with_note(format!(
                "{} more trigraphs in this file are not reported",
                replaced.len() - MAX_WARNINGS
            )));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_trigraph_is_replaced() {
        let (text, replaced) =
            replace("??=define X ??( ??) ??< ??> ??/ ??' ??! ??- ?? ???=").unwrap();
        assert_eq!(text, "#define X [ ] { } \\ ^ | ~ ?? ?#");
        assert_eq!(replaced.len(), 10);
        assert_eq!(replaced[0], (0, '#'));
        assert_eq!(replace("a ? b : c; /* ?? */"), None);
    }

    #[test]
    fn warnings_are_capped() {
        let text = "??!".repeat(50);
        let (_, replaced) = replace(&text).unwrap();
        let file = FileId(0);
        let warnings = warnings(file, &replaced);
        assert_eq!(warnings.len(), MAX_WARNINGS);
        assert!(warnings[MAX_WARNINGS - 1]
            .notes
            .iter()
            .any(|n| n.contains("30 more")));
    }
}
