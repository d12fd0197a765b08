//! Command-line parsing. Front-end options (`-cl-std=`, `-D`, `-I`, `-W…`,
//! …) are clang's spellings and are parsed by the library
//! ([`oclc::Options::accept`]), exactly as OpenCL runtimes pass them; the
//! rest of the command line goes to clap. Clap cannot parse single-dash
//! long options such as `-fsyntax-only`, so those are rewritten to
//! `--fsyntax-only` first.

use clap::{Parser, ValueEnum};
use oclc::{Options, OptionsError};
use std::ffi::{OsStr, OsString};
use std::io::Write;
use std::path::PathBuf;

/// Options shared by every mode, listed in `--help`.
pub const FRONTEND_HELP: &str = "\
Front-end options (clang spellings, as passed to clBuildProgram):
  -cl-std=CL1.2|CL2.0|CL3.0|CL3.1  OpenCL C version (default CL2.0)
  -cl-ext=+name,-name         enable/disable extensions and 3.0 features
  -target spirv32|spirv64     pointer width (also --target=); default spirv64
  -target vulkan1.2|vulkan1.3 a Vulkan compute module (also --target-env=);
                              -fdescriptor-map=FILE writes its interface
  -D NAME[=VALUE], -U NAME    define / undefine a macro
  -I DIR                      add an include directory
  -w, -Werror, -Werror=NAME, -Wno-error=NAME, -WNAME, -Wno-NAME, -Weverything
                              warning levels (NAME from `oclc lint --list-rules`)
  -ferror-limit=N             stop after N errors (0: no limit)
  -ffp-contract=on|off|fast   contract a * b + c into one fma (default on;
                              #pragma OPENCL FP_CONTRACT overrides it)
  --spirv-max-version=1.N     highest SPIR-V version to emit (1.0..1.4)
  --no-validate               skip in-process SPIR-V validation
  -g, -g0                     more names in the module / the default
  -x cl                       the input language (OpenCL C is the only one)
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
    /// The OpenCL C source file (`-` for standard input).
    input: PathBuf,
    /// Output file (`-` for standard output). Default: the input's name with
    /// `.spv` (or `.spvasm` with -S) in the current directory.
    #[arg(short = 'o', value_name = "FILE")]
    output: Option<PathBuf>,
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
    /// Also write a make rule listing the files the input depends on
    /// (to -MF FILE, or OUTPUT's name with `.d`).
    #[arg(long = "MD", alias = "MMD")]
    make_deps: bool,
    /// Where -MD writes the make rule.
    #[arg(long = "MF", value_name = "FILE")]
    deps_file: Option<PathBuf>,
    /// The target named in the make rule (default: the output file).
    #[arg(long = "MT", value_name = "TARGET")]
    deps_target: Option<String>,
    /// With `-target vulkan1.x`: also write the kernels' interface (which
    /// argument is bound where) as JSON to FILE.
    #[arg(long = "fdescriptor-map", value_name = "FILE")]
    descriptor_map: Option<PathBuf>,
}

/// Where `-MD` writes the make rule, and the rule's target.
#[derive(Debug)]
pub struct Dependencies {
    /// The `.d` file.
    pub file: PathBuf,
    /// The target (`-MT`), or `None` for the output file's name.
    pub target: Option<String>,
}

/// The parsed compile-mode command line.
#[derive(Debug)]
pub struct CompileArgs {
    /// Input path (`-` for standard input).
    pub input: PathBuf,
    /// `-o`.
    pub output: Option<PathBuf>,
    /// What to produce.
    pub emit: Emit,
    /// Diagnostic format.
    pub format: Format,
    /// Colour choice.
    pub color: Color,
    /// `-MD`: where to write the make rule.
    pub dependencies: Option<Dependencies>,
    /// `-fdescriptor-map=`: where to write a Vulkan module's interface.
    pub descriptor_map: Option<PathBuf>,
}

/// Front-end options pulled out of the command line, and what remains.
pub struct Frontend {
    /// The options.
    pub options: Options,
    /// Arguments for clap, with single-dash long options rewritten.
    pub rest: Vec<OsString>,
    /// The rewritten arguments as the user wrote them: (rewritten,
    /// written), for error messages.
    pub rewritten: Vec<(String, String)>,
}

/// The time `__DATE__` and `__TIME__` show: `SOURCE_DATE_EPOCH` when set
/// (reproducible builds; GCC and clang honour it too), else the clock.
pub(crate) fn build_time() -> Option<u64> {
    match std::env::var("SOURCE_DATE_EPOCH") {
        Ok(value) => value.trim().parse().ok(),
        Err(_) => std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .ok()
            .map(|elapsed| elapsed.as_secs()),
    }
}

/// Options followed by a value that may look like an option or a file.
const TAKES_VALUE: [&str; 4] = ["-o", "-MF", "-MT", "-MQ"];

/// Separates front-end options from the rest, starting from `error_limit`
/// (which `-ferror-limit=` overrides). Arguments that are not UTF-8 (file
/// names) go to the rest untouched.
pub fn split_frontend(argv: &[OsString], error_limit: u32) -> Result<Frontend, OptionsError> {
    let mut options = Options {
        error_limit,
        build_time: build_time(),
        ..Options::default()
    };
    let mut rest = Vec::new();
    let mut rewritten = Vec::new();
    let mut iter = argv.iter().cloned();
    let mut after_dashes = false;
    while let Some(raw) = iter.next() {
        let Some(arg) = raw.to_str().map(str::to_owned) else {
            rest.push(raw);
            continue;
        };
        if after_dashes || arg == "-" || !arg.starts_with('-') {
            after_dashes |= arg == "--";
            rest.push(raw);
            continue;
        }
        if TAKES_VALUE.contains(&arg.as_str()) {
            rest.push(rewrite_single_dash(&arg, &mut rewritten));
            rest.extend(iter.next());
            continue;
        }
        // `-x cl`: OpenCL C is the only language.
        if arg == "-x" || arg.starts_with("-x") && arg.len() > 2 {
            let language = match arg.strip_prefix("-x").filter(|v| !v.is_empty()) {
                Some(v) => v.to_owned(),
                None => iter
                    .next()
                    .and_then(|v| v.to_str().map(str::to_owned))
                    .unwrap_or_default(),
            };
            if !matches!(language.as_str(), "cl" | "CL" | "c-cl") {
                return Err(OptionsError {
                    arg,
                    reason: format!("oclc compiles OpenCL C only (`-x cl`), not `{language}`"),
                });
            }
            continue;
        }
        let mut next = || iter.next().and_then(|v| v.into_string().ok());
        if options.accept(&arg, &mut next)? {
            continue;
        }
        rest.push(rewrite_single_dash(&arg, &mut rewritten));
    }
    Ok(Frontend {
        options,
        rest,
        rewritten,
    })
}

/// `-fsyntax-only` → `--fsyntax-only`, `-MD` → `--MD`, an unknown
/// `-cl-nv-verbose` → `--cl-nv-verbose` (clap's long options need two
/// dashes); records each rewrite in `rewritten`.
fn rewrite_single_dash(arg: &str, rewritten: &mut Vec<(String, String)>) -> OsString {
    // (An unknown `-cl-…` too: clap would read it as the flags `-c -l …`
    // and report `-l`.)
    let long = (arg.starts_with("-f") && arg.len() > 2)
        || arg.starts_with("-cl-")
        || matches!(arg, "-MD" | "-MMD" | "-MF" | "-MT" | "-MQ");
    if long {
        let new = format!("-{arg}");
        let name = new.split('=').next().unwrap_or(&new).to_owned();
        let old = arg.split('=').next().unwrap_or(arg).to_owned();
        rewritten.push((name, old));
        new.into()
    } else {
        arg.into()
    }
}

/// Parses the compile-mode arguments; on `--help`/`--version` or a usage
/// error, prints and returns the exit code.
pub fn parse_compile(frontend: Frontend) -> Result<CompileArgs, u8> {
    let Frontend {
        rest, rewritten, ..
    } = frontend;
    let cli = CompileCli::try_parse_from(std::iter::once(OsString::from("oclc")).chain(rest))
        .map_err(|e| clap_exit(e, &rewritten))?;
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
    let dependencies = (cli.make_deps || cli.deps_file.is_some()).then(|| Dependencies {
        file: cli.deps_file.clone().unwrap_or_else(|| {
            let output = cli
                .output
                .clone()
                .unwrap_or_else(|| crate::io::default_output(&cli.input, emit));
            let mut file = if output == OsStr::new("-") {
                PathBuf::from(cli.input.file_name().unwrap_or(OsStr::new("out")))
            } else {
                output
            };
            file.set_extension("d");
            file
        }),
        target: cli.deps_target.clone(),
    });
    Ok(CompileArgs {
        input: cli.input,
        output: cli.output,
        emit,
        format: cli.format,
        color: cli.color,
        dependencies,
        descriptor_map: cli.descriptor_map,
    })
}

/// Prints a clap error or help and returns its exit code (0 for help and
/// version, 2 for usage errors). An unknown option is reported the way
/// clang reports it, spelled as written (`rewritten` maps clap's spelling
/// back).
pub fn clap_exit(e: clap::Error, rewritten: &[(String, String)]) -> u8 {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if e.kind() == ErrorKind::UnknownArgument {
        if let Some(ContextValue::String(arg)) = e.get(ContextKind::InvalidArg) {
            let shown = rewritten
                .iter()
                .find(|(new, _)| new == arg)
                .map_or(arg.as_str(), |(_, old)| old.as_str());
            return usage_error(&format!("unknown argument: '{shown}'"));
        }
    }
    let printed = if e.use_stderr() {
        let _ = std::io::stdout().flush();
        write!(std::io::stderr(), "{}", e.render())
    } else {
        write!(std::io::stdout(), "{}", e.render()).and_then(|()| std::io::stdout().flush())
    };
    if e.use_stderr() || printed.is_err() {
        2
    } else {
        0
    }
}

/// Prints a usage error and returns 2.
pub fn usage_error(message: &str) -> u8 {
    let _ = writeln!(
        std::io::stderr(),
        "error: {message}\n\nFor more information, try '--help'."
    );
    2
}
