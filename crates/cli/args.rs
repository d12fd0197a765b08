//! Command-line parsing. Front-end options (`-cl-std=`, `-D`, `-I`, `-W…`,
//! …) are clang's spellings and are parsed by the library
//! ([`oclc::Options::accept`]), exactly as OpenCL runtimes pass them; the
//! rest of the command line goes to clap. Clap cannot parse single-dash
//! long options such as `-fsyntax-only`, so those are rewritten to
//! `--fsyntax-only` first.

use clap::{Parser, ValueEnum};
use oclc::{Options, OptionsError};
use std::path::PathBuf;

/// Options shared by every mode, listed in `--help`.
pub const FRONTEND_HELP: &str = "\
Front-end options (clang spellings, as passed to clBuildProgram):
  -cl-std=CL1.2|CL2.0|CL3.0|CL3.1  OpenCL C version (default CL2.0)
  -cl-ext=+name,-name         enable/disable extensions and 3.0 features
  -target spirv32|spirv64     pointer width (also --target=); default spirv64
  -D NAME[=VALUE], -U NAME    define / undefine a macro
  -I DIR                      add an include directory
  -w, -Werror, -Werror=NAME, -Wno-error=NAME, -WNAME, -Wno-NAME, -Weverything
                              warning levels (NAME from `oclc lint --list-rules`)
  -ferror-limit=N             stop after N errors (0: no limit)
  --spirv-max-version=1.N     highest SPIR-V version to emit (1.0..1.4)
  --no-validate               skip in-process SPIR-V validation
  -g                          more names in the module
  -O0..-O3, -cl-mad-enable, -cl-fast-relaxed-math, ... accepted; they do not
                              change what oclc emits (see docs/cli.md)
The -f options above also take one dash, as in clang: -fsyntax-only,
-fdiagnostics-format=json.

Exit status: 0 success, 1 errors in the input, 2 usage or I/O error,
3 internal compiler error.";

/// Diagnostic output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// rustc-like text (`clang` is accepted as a synonym).
    #[value(alias = "clang")]
    Human,
    /// One JSON object per diagnostic (rustc's shape).
    Json,
    /// A SARIF 2.1.0 log.
    Sarif,
}

/// When to colour human output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Color {
    /// Only when writing to a terminal and `NO_COLOR` is unset.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

/// What the compile mode produces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Emit {
    /// A `.spv` binary (default).
    Binary,
    /// SPIR-V assembly (`-S`).
    Assembly,
    /// Preprocessed source (`-E`).
    Preprocessed,
    /// Diagnostics only (`-fsyntax-only`).
    SyntaxOnly,
}

#[derive(Parser, Debug)]
#[command(
    name = "oclc",
    version,
    about = "Compile OpenCL C kernels that use atomics to validated SPIR-V.\n\nUse `oclc lint FILE...` to check atomics without compiling.",
    after_help = FRONTEND_HELP
)]
struct CompileCli {
    /// The OpenCL C source file.
    input: PathBuf,
    /// Output file (`-` for standard output). Default: the input's name with
    /// `.spv` (or `.spvasm` with -S) in the current directory.
    #[arg(short = 'o', value_name = "FILE")]
    output: Option<String>,
    /// Only preprocess; write the result to standard output (or -o).
    #[arg(short = 'E')]
    preprocess: bool,
    /// Write SPIR-V assembly text instead of a binary.
    #[arg(short = 'S')]
    assembly: bool,
    /// Compile (the default; accepted for drop-in use).
    #[arg(short = 'c')]
    compile: bool,
    /// Check the input and report diagnostics; write nothing.
    #[arg(long = "fsyntax-only")]
    syntax_only: bool,
    /// Diagnostic format.
    #[arg(long = "fdiagnostics-format", value_enum, default_value = "human")]
    format: Format,
    /// When to use colours.
    #[arg(long, value_enum, default_value = "auto")]
    color: Color,
}

/// The parsed compile-mode command line.
#[derive(Debug)]
pub struct CompileArgs {
    /// Input path.
    pub input: PathBuf,
    /// `-o`.
    pub output: Option<String>,
    /// What to produce.
    pub emit: Emit,
    /// Diagnostic format.
    pub format: Format,
    /// Colour choice.
    pub color: Color,
}

/// Front-end options pulled out of the command line, and what remains.
pub struct Frontend {
    /// The options.
    pub options: Options,
    /// Arguments for clap, with single-dash long options rewritten.
    pub rest: Vec<String>,
}

/// Separates front-end options from the rest.
pub fn split_frontend(argv: &[String]) -> Result<Frontend, OptionsError> {
    let mut options = Options::default();
    let mut rest = Vec::new();
    let mut iter = argv.iter().cloned();
    let mut after_dashes = false;
    while let Some(arg) = iter.next() {
        if after_dashes || arg == "-" || !arg.starts_with('-') {
            after_dashes |= arg == "--";
            rest.push(arg);
            continue;
        }
        // `-o` takes a value that could look like an option (`-o -`).
        if arg == "-o" {
            rest.push(arg);
            rest.extend(iter.next());
            continue;
        }
        if options.accept(&arg, &mut || iter.next())? {
            continue;
        }
        rest.push(rewrite_single_dash(arg));
    }
    Ok(Frontend { options, rest })
}

/// `-fsyntax-only` → `--fsyntax-only` (clap's long options need two dashes).
pub fn rewrite_single_dash(arg: String) -> String {
    if arg.starts_with("-f") && arg.len() > 2 {
        format!("-{arg}")
    } else {
        arg
    }
}

/// Parses the compile-mode arguments; on `--help`/`--version` or a usage
/// error, prints and returns the exit code.
pub fn parse_compile(rest: &[String]) -> Result<CompileArgs, u8> {
    let cli =
        CompileCli::try_parse_from(std::iter::once("oclc".to_string()).chain(rest.iter().cloned()))
            .map_err(clap_exit)?;
    let emit = if cli.preprocess {
        Emit::Preprocessed
    } else if cli.syntax_only {
        Emit::SyntaxOnly
    } else if cli.assembly {
        Emit::Assembly
    } else {
        Emit::Binary
    };
    let _ = cli.compile;
    Ok(CompileArgs {
        input: cli.input,
        output: cli.output,
        emit,
        format: cli.format,
        color: cli.color,
    })
}

/// Prints a clap error or help and returns its exit code (0 for help and
/// version, 2 for usage errors).
pub fn clap_exit(e: clap::Error) -> u8 {
    let _ = e.print();
    if e.use_stderr() {
        2
    } else {
        0
    }
}

/// Prints a usage error and returns 2.
pub fn usage_error(message: &str) -> u8 {
    eprintln!("error: {message}\n\nFor more information, try '--help'.");
    2
}
