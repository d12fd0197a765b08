//! Tests of the whole preprocessor, through [`crate::preprocess`].

mod conditionals;
mod files;
mod limits;
mod macros;
mod output;
mod predefined;

use crate::lexer::{new_interner, Lexer};
use crate::{preprocess, Config, FileLoader, Preprocessed};
use oclc_diagnostics::{FileId, SourceMap};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Serves files from memory.
#[derive(Default)]
pub(crate) struct MemLoader {
    files: HashMap<PathBuf, String>,
}

impl MemLoader {
    pub(crate) fn with(files: &[(&str, &str)]) -> Self {
        MemLoader {
            files: files
                .iter()
                .map(|(p, t)| (PathBuf::from(p), t.to_string()))
                .collect(),
        }
    }
}

impl FileLoader for MemLoader {
    fn load(&self, path: &Path) -> std::io::Result<String> {
        self.files
            .get(path)
            .cloned()
            .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::NotFound, "no such file"))
    }
}

/// Preprocesses `text` as `main.cl` with `config` and `loader`.
pub(crate) fn run_with(
    text: &str,
    config: &Config,
    loader: &dyn FileLoader,
) -> (Preprocessed, SourceMap, FileId) {
    let mut sources = SourceMap::new();
    let main = sources.add("main.cl", text);
    let pp = preprocess(&mut sources, main, config, loader);
    (pp, sources, main)
}

/// Preprocesses `text` with the default configuration and no files.
pub(crate) fn run(text: &str) -> Preprocessed {
    run_with(text, &Config::default(), &MemLoader::default()).0
}

/// The spellings of the output tokens.
pub(crate) fn spellings(pp: &Preprocessed) -> Vec<String> {
    pp.tokens
        .iter()
        .map(|t| pp.interner.get(t.sym).to_string())
        .collect()
}

/// The spellings of the tokens of `text` (for expected output).
pub(crate) fn lex_spellings(text: &str) -> Vec<String> {
    let mut interner = new_interner();
    let mut diags = Vec::new();
    let mut lexer = Lexer::new(text, FileId(0));
    let mut out = Vec::new();
    while let Some(t) = lexer.next_token(&mut interner, &mut diags) {
        out.push(interner.get(t.sym).to_string());
    }
    out
}

/// The diagnostic codes reported, in order.
pub(crate) fn codes(pp: &Preprocessed) -> Vec<&'static str> {
    pp.diagnostics.iter().map(|d| d.code.id).collect()
}

/// Asserts that `source` preprocesses to the tokens of `expected` without
/// diagnostics.
#[track_caller]
pub(crate) fn assert_pp(source: &str, expected: &str) {
    let pp = run(source);
    assert_eq!(
        pp.diagnostics,
        vec![],
        "unexpected diagnostics for {source:?}"
    );
    assert_eq!(spellings(&pp).join(" "), lex_spellings(expected).join(" "));
}

/// A fixed-seed xorshift generator.
pub(crate) fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

#[test]
fn plain_text_passes_through_with_flags() {
    let pp = run("int x;\n  float y;");
    assert_eq!(spellings(&pp), ["int", "x", ";", "float", "y", ";"]);
    assert!(pp.tokens[0].start_of_line);
    assert!(pp.tokens[3].start_of_line && pp.tokens[3].leading_space);
    assert!(pp.tokens[1].leading_space && !pp.tokens[2].leading_space);
    assert!(pp.tokens.iter().all(|t| t.expansion.is_none()));
    assert_eq!(pp.tokens[3].span.start, 9);
}

#[test]
fn random_bytes_never_panic() {
    let alphabet: &[&str] = &[
        "#",
        "define",
        "if",
        "elif",
        "else",
        "endif",
        "include",
        "undef",
        " ",
        "\n",
        "(",
        ")",
        ",",
        "A",
        "B",
        "x",
        "1",
        "##",
        "...",
        "__VA_ARGS__",
        "\"",
        "'",
        "\\",
        "/*",
        "*/",
        "//",
        "defined",
        "0x",
        "?",
        ":",
        "/",
        "0",
        "line",
        "pragma",
        "<",
        ">",
        "é",
        "\0",
    ];
    let mut state = 0x9e37_79b9_7f4a_7c15;
    for _ in 0..3000 {
        let len = (xorshift(&mut state) % 60) as usize;
        let text: String = (0..len)
            .map(|_| alphabet[(xorshift(&mut state) % alphabet.len() as u64) as usize])
            .collect();
        let pp = run(&text);
        assert!(pp.tokens.len() < 100_000, "runaway output for {text:?}");
    }
}
