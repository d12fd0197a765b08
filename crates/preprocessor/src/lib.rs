//! The OpenCL C preprocessor: source text in, a flat token stream out.
//!
//! Architecture invariant: the preprocessor never fails. It always returns a
//! [`Preprocessed`] holding the tokens it could produce and the diagnostics
//! it found. It reads included files only through the caller's
//! [`FileLoader`], adds every file it reads to the caller's
//! [`SourceMap`], and prints nothing.
//!
//! Data flow: the lexer ([`lexer`]) turns one file's text into preprocessing
//! tokens; the engine (private modules `engine`, `directives`, `macros`)
//! runs `#` directives, expands macros with hide sets (the no-recursion
//! rule, `#`, `##`, `__VA_ARGS__`) using explicit work lists instead of
//! recursion, evaluates `#if` expressions (`expr`) and follows `#include`;
//! [`predefined`] supplies the macros a real OpenCL compiler defines for the
//! selected [`Target`], which the macro table (`definitions`) holds unparsed
//! until first used. [`print()`] turns tokens back into text for `-E`.
//! Every resource limit in [`Limits`] ends preprocessing with one error and
//! a truncated token stream.

mod clock;
pub mod codes;
mod definitions;
mod directives;
mod engine;
mod expr;
pub mod intern;
pub mod lexer;
mod loop_pragma;
mod macros;
pub mod predefined;
pub mod print;
pub mod token;
pub mod trigraphs;

#[cfg(test)]
mod tests;

pub use print::print;

pub use intern::{Interner, Symbol};
pub use token::{Expansion, ExpansionId, Punct, Token, TokenKind};

use oclc_diagnostics::{Diagnostic, FileId, SourceMap, Span};
use oclc_target::Target;
use std::path::{Path, PathBuf};

/// Where included files come from. The CLI passes [`FsLoader`]; embedders
/// may serve files from memory.
pub trait FileLoader {
    /// Reads a file as UTF-8 text. Errors are reported as diagnostics at the
    /// `#include` line.
    fn load(&self, path: &Path) -> std::io::Result<String>;
}

/// Reads files from the file system: regular files only (not devices such
/// as `/dev/zero` or FIFOs, which could block or never end), of at most
/// [`FsLoader::MAX_FILE_BYTES`].
#[derive(Clone, Copy, Debug, Default)]
pub struct FsLoader;

impl FsLoader {
    /// Largest file read (256 MiB, the same as the main source).
    pub const MAX_FILE_BYTES: u64 = 256 << 20;
}

impl FileLoader for FsLoader {
    fn load(&self, path: &Path) -> std::io::Result<String> {
        use std::io::Read;
        // `stat` before `open`: opening a FIFO blocks until a writer
        // appears, and a device may never end.
        let metadata = std::fs::metadata(path)?;
        if metadata.is_dir() {
            return Err(std::io::Error::other("it is a directory"));
        }
        if !metadata.is_file() {
            return Err(std::io::Error::other("not a regular file"));
        }
        let file = std::fs::File::open(path)?;
        let mut bytes = Vec::new();
        file.take(Self::MAX_FILE_BYTES + 1)
            .read_to_end(&mut bytes)?;
        if bytes.len() as u64 > Self::MAX_FILE_BYTES {
            return Err(std::io::Error::other(format!(
                "larger than {} bytes",
                Self::MAX_FILE_BYTES
            )));
        }
        // Bytes that are not UTF-8 are kept, as in the main source.
        Ok(oclc_diagnostics::decode_lossless(bytes).0)
    }
}

/// A command-line macro operation, applied in order: `-D NAME[=VALUE]` or
/// `-U NAME`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MacroOp {
    /// `-D NAME` (value `1`) or `-D NAME=VALUE`.
    Define(String, Option<String>),
    /// `-U NAME`.
    Undefine(String),
}

/// Resource limits. Exceeding one gives a diagnostic, never a crash.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Limits {
    /// Maximum `#include` nesting.
    pub include_depth: u32,
    /// Maximum number of macro expansions in one translation unit.
    pub macro_expansions: u64,
    /// Maximum number of tokens produced.
    pub output_tokens: u64,
    /// Maximum `#if` nesting.
    pub conditional_depth: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            include_depth: 200,
            // A million expansions is far beyond hand-written kernels and
            // is reached in about a second even by a debug build, so a
            // runaway macro is reported promptly.
            macro_expansions: 1_000_000,
            output_tokens: 10_000_000,
            conditional_depth: 1_000,
        }
    }
}

/// Preprocessor settings.
#[derive(Clone, Debug, Default)]
pub struct Config {
    /// Language version, extensions and pointer width (selects the
    /// predefined macros).
    pub target: Target,
    /// `-D`/`-U`, in command-line order.
    pub macros: Vec<MacroOp>,
    /// `-I` directories, searched in order after the including file's
    /// directory (for `"..."`) or alone (for `<...>`).
    pub include_dirs: Vec<PathBuf>,
    /// Resource limits.
    pub limits: Limits,
    /// The build time `__DATE__`, `__TIME__` and `__TIMESTAMP__` show,
    /// in seconds since the Unix epoch (UTC); `None` gives GCC's
    /// placeholders for an unknown time (`"??? ?? ????"`).
    pub build_time: Option<u64>,
}

/// `#pragma OPENCL EXTENSION name : enable|disable`, recorded in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExtensionPragma {
    /// The extension name, or `all`.
    pub name: Symbol,
    /// `enable` (true) or `disable` (false).
    pub enable: bool,
    /// The pragma line.
    pub span: Span,
    /// Index in [`Preprocessed::tokens`] of the first token after the pragma.
    pub token_index: u32,
}

/// A `#pragma` other than `once`, kept for `-E` output (and for later
/// stages that want to look at unknown pragmas).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pragma {
    /// The directive as written, normalized to `#pragma <tokens>`.
    pub text: String,
    /// The pragma line.
    pub span: Span,
    /// Index in [`Preprocessed::tokens`] of the first token after the pragma.
    pub token_index: u32,
}

/// What a loop pragma (`#pragma unroll`, `#pragma unroll N`,
/// `#pragma nounroll`, or the same through `_Pragma`) asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoopPragmaKind {
    /// `#pragma unroll`: unroll fully.
    Unroll,
    /// `#pragma unroll N` (or `unroll(N)`), N ≥ 1 after macro expansion.
    UnrollCount(u32),
    /// `#pragma nounroll`.
    NoUnroll,
}

/// A loop pragma, kept as data for the parser, which attaches it to the
/// loop that follows (and reports it when no loop follows).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LoopPragma {
    /// What it asks for.
    pub kind: LoopPragmaKind,
    /// The pragma line.
    pub span: Span,
    /// Index in [`Preprocessed::tokens`] of the first token after the pragma.
    pub token_index: u32,
}

/// The preprocessor's result.
#[derive(Debug, Default)]
pub struct Preprocessed {
    /// The token stream (no end-of-file token).
    pub tokens: Vec<Token>,
    /// The text of every symbol in `tokens`.
    pub interner: Interner,
    /// Every macro expansion that produced tokens, referenced by
    /// [`Token::expansion`].
    pub expansions: Vec<Expansion>,
    /// OPENCL EXTENSION pragmas.
    pub extension_pragmas: Vec<ExtensionPragma>,
    /// Every pragma except `#pragma once` (including the OPENCL ones), in
    /// order; they produce no tokens.
    pub pragmas: Vec<Pragma>,
    /// The loop pragmas among them, with what each asks for (a malformed
    /// one is reported and left out).
    pub loop_pragmas: Vec<LoopPragma>,
    /// Errors and warnings (`#error`, `#warning`, malformed directives,
    /// limits).
    pub diagnostics: Vec<Diagnostic>,
    /// A resource limit stopped preprocessing: `tokens` is truncated (and
    /// may be enormous), so later stages should not read it.
    pub stopped: bool,
    /// The token stream ends before the source does (a limit, an
    /// unterminated comment or macro invocation): a parse error where the
    /// tokens run out is a consequence, already reported.
    pub cut_short: bool,
}

/// Preprocesses the file `main` (already in `sources`).
///
/// The predefined macros for `config.target` come from a `<built-in>`
/// pseudo-file and the `-D`/`-U` operations from a `<command line>`
/// pseudo-file, both added to `sources` and in effect before `main` is
/// read. (The `<built-in>` file is not run through the directive
/// machinery: each of its definitions is parsed the first time it is
/// needed, with the same result and spans.)
pub fn preprocess(
    sources: &mut SourceMap,
    main: FileId,
    config: &Config,
    loader: &dyn FileLoader,
) -> Preprocessed {
    let predefined::PredefinedSource {
        text: builtin_text,
        lines: builtin_lines,
    } = predefined::predefined_definitions(&config.target);
    let builtin = sources.add("<built-in>", builtin_text);
    let command_line = (!config.macros.is_empty()).then(|| {
        sources.add(
            "<command line>",
            predefined::command_line_source(&config.macros),
        )
    });
    let main_path = PathBuf::from(sources.file(main).name());
    let mut engine = engine::Engine::new(sources, config, loader);
    engine.define_predefined_macros(builtin, &builtin_lines);
    engine.loaded.insert(main_path.clone(), main);
    // The file stack is read from the top: the command line, then the main
    // file. The built-in definitions are already in the macro table.
    engine.push_file(main, Some(main_path));
    if let Some(command_line) = command_line {
        engine.push_file(command_line, None);
    }
    engine.run()
}
