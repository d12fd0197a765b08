//! The `oclc` command: the only place in oclc that reads the command line,
//! prints, writes files and picks exit codes. Everything else is the
//! `oclc` library.
//!
//! Exit codes: 0 success; 1 the input has errors (or, for `lint`, an
//! error-level finding remains); 2 oclc could not run (bad usage, unreadable
//! input, unwritable output); 3 internal compiler error.
//!
//! The process starts at C's `main` rather than Rust's. Rust's start-up
//! code installs a stack-overflow handler, which asks the C library for the
//! main thread's stack bounds by reading and parsing `/proc/self/maps`, maps
//! a signal stack and sets SIGPIPE to be ignored: together about 3% of
//! compiling a small kernel (docs/performance.md). oclc does not need them:
//! every recursion in the compiler is bounded by a nesting limit, and a
//! closed pipe on standard output ends oclc the way it ends `cat` or clang.
//! Leaving through [`std::process::exit`] still flushes standard output.

#![no_main]

mod args;
mod cts;
mod io;
mod lint;

use args::{CompileArgs, Emit};
use oclc::{Failed, Report, Source};
use std::ffi::OsString;
use std::io::Write;

/// The process entry point (see the module documentation for why it is C's).
#[allow(unsafe_code)] // `no_mangle` names the entry point; nothing unsafe runs.
#[unsafe(no_mangle)]
extern "C" fn main(
    _argc: std::ffi::c_int,
    _argv: *const *const std::ffi::c_char,
) -> std::ffi::c_int {
    std::process::exit(i32::from(run()))
}

/// Runs one `oclc` command line; returns the exit code.
fn run() -> u8 {
    report_panics_as_internal_errors();
    // The C library hands the arguments to the standard library before
    // `main` (an `.init_array` hook on glibc), so `args_os` works here too.
    // Arguments need not be UTF-8 (file names on Unix are bytes).
    let argv: Vec<OsString> = std::env::args_os().skip(1).collect();
    if argv.first().is_some_and(|a| a == "lint") {
        lint::run(&argv[1..])
    } else if cts::is_cts_command(&argv) {
        cts::run(&argv)
    } else {
        compile_main(&argv)
    }
}

/// A panic is a bug in oclc: print it as an internal compiler error and
/// exit with the documented code 3 (the release build aborts on panic, so
/// the hook is the only place that can pick the exit code). Output files
/// are written only after a compile has finished, so none is left behind.
fn report_panics_as_internal_errors() {
    std::panic::set_hook(Box::new(|info| {
        // Written without `eprintln!`, which panics (and so aborts) when
        // standard error cannot be written.
        let _ = writeln!(
            std::io::stderr(),
            "error: internal compiler error: {info}\n\
             note: this is a bug in oclc; please report it with the input that triggered it"
        );
        std::process::exit(3);
    }));
}

/// Errors shown before the command stops (`-ferror-limit=`), as in clang.
const DEFAULT_ERROR_LIMIT: u32 = 20;

/// `oclc [options] FILE`.
fn compile_main(argv: &[OsString]) -> u8 {
    // clang's default: a file with thousands of errors shows the first 20.
    let mut frontend = match args::split_frontend(argv, DEFAULT_ERROR_LIMIT) {
        Ok(f) => f,
        Err(e) => return args::usage_error(&e.to_string()),
    };
    let options = std::mem::take(&mut frontend.options);
    let args = match args::parse_compile(frontend) {
        Ok(a) => a,
        Err(code) => return code,
    };
    if args.descriptor_map.is_some() && !options.env.is_vulkan() {
        return args::usage_error(
            "-fdescriptor-map needs a Vulkan target (-target vulkan1.2 or vulkan1.3)",
        );
    }
    let reporter = io::Reporter {
        format: args.format,
        style: io::human_style(args.color, false),
    };
    let source = match io::read_source(&args.input) {
        Ok(s) => s,
        Err(report) => return reporter.report(&report).max(2),
    };
    let loader = io::RecordingLoader::default();
    let mut outcome = match args.emit {
        Emit::Preprocessed => preprocess(&args, &source, &options, &loader),
        Emit::SyntaxOnly => {
            let report = oclc::check_with_loader(&source, &options, &loader);
            let code = u8::from(report.has_errors());
            Outcome { report, code }
        }
        Emit::Binary | Emit::Assembly => compile(&args, &source, &options, &loader),
    };
    if outcome.code == 0 {
        if let Some(deps) = &args.dependencies {
            let written = io::write_dependencies(deps, &args, &loader);
            outcome.wrote(written);
        }
    }
    // One report per run, failures to write included: a JSON or SARIF
    // consumer reads a single log.
    reporter.report(&outcome.report).max(outcome.code)
}

/// What a run produced: its diagnostics and its exit code so far.
struct Outcome {
    report: Report,
    code: u8,
}

impl Outcome {
    /// Records the result of writing an output: a failure is an error
    /// diagnostic (E0005) and exit code 2.
    fn wrote(&mut self, written: Result<(), String>) {
        if let Err(message) = written {
            self.report.merge(io::output_error(message));
            self.code = self.code.max(2);
        }
    }
}

fn preprocess(
    args: &CompileArgs,
    source: &Source,
    options: &oclc::Options,
    loader: &io::RecordingLoader,
) -> Outcome {
    match oclc::preprocess_with_loader(source, options, loader) {
        Ok((text, report)) => {
            let mut outcome = Outcome { report, code: 0 };
            let out = args.output.clone().unwrap_or_else(|| "-".into());
            // Bytes of the source that were not UTF-8 go out as they came.
            let bytes = oclc::encode_lossless(&text);
            outcome.wrote(io::write_output(&out, &[&args.input], &|w| {
                w.write_all(&bytes)
            }));
            outcome
        }
        Err(Failed { report }) => Outcome { report, code: 1 },
    }
}

fn compile(
    args: &CompileArgs,
    source: &Source,
    options: &oclc::Options,
    loader: &io::RecordingLoader,
) -> Outcome {
    match oclc::compile_with_loader(source, options, loader) {
        Ok(mut compiled) => {
            let report = std::mem::take(&mut compiled.report);
            let mut outcome = Outcome { report, code: 0 };
            let out = args
                .output
                .clone()
                .unwrap_or_else(|| io::default_output(&args.input, args.emit));
            let written = if args.emit == Emit::Assembly {
                compiled
                    .disassemble()
                    .map_err(|e| format!("cannot write assembly: {e}"))
                    .and_then(|text| {
                        io::write_output(&out, &[&args.input], &|w| w.write_all(text.as_bytes()))
                    })
            } else {
                // Straight from the words: no byte copy of the module.
                io::write_output(&out, &[&args.input], &|w| compiled.write_to(w))
            };
            let written = written.and_then(|()| match &args.descriptor_map {
                Some(path) => {
                    let json = compiled.descriptor_map();
                    io::write_output(path, &[&args.input], &|w| w.write_all(json.as_bytes()))
                }
                None => Ok(()),
            });
            outcome.wrote(written);
            outcome
        }
        Err(Failed { report }) => {
            let code = exit_code_for_failure(&report);
            Outcome { report, code }
        }
    }
}

/// The exit status of a failed compilation, from the facade's outcome
/// class.
pub(crate) fn exit_code_for_failure(report: &Report) -> u8 {
    match report.outcome() {
        oclc::Outcome::InternalError => 3,
        oclc::Outcome::InputErrors | oclc::Outcome::Success => 1,
    }
}
