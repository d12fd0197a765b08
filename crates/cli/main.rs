//! The `oclc` command: the only place in oclc that reads the command line,
//! prints, writes files and picks exit codes. Everything else is the
//! `oclc` library.
//!
//! Exit codes: 0 success; 1 the input has errors (or, for `lint`, an
//! error-level finding remains); 2 oclc could not run (bad usage, unreadable
//! input, unwritable output); 3 internal compiler error.

mod args;
mod io;
mod lint;

use args::{CompileArgs, Emit, Frontend};
use oclc::{Failed, Report, Severity, Source};
use std::process::ExitCode;

fn main() -> ExitCode {
    report_panics_as_internal_errors();
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let code = if argv.first().map(String::as_str) == Some("lint") {
        lint::run(&argv[1..])
    } else {
        compile_main(&argv)
    };
    ExitCode::from(code)
}

/// A panic is a bug in oclc: print it as an internal compiler error and
/// exit with the documented code 3 (the release build aborts on panic, so
/// the hook is the only place that can pick the exit code). Output files
/// are written only after a compile has finished, so none is left behind.
fn report_panics_as_internal_errors() {
    std::panic::set_hook(Box::new(|info| {
        eprintln!("error: internal compiler error: {info}");
        eprintln!("note: this is a bug in oclc; please report it with the input that triggered it");
        std::process::exit(3);
    }));
}

/// `oclc [options] FILE`.
fn compile_main(argv: &[String]) -> u8 {
    let Frontend { options, rest } = match args::split_frontend(argv) {
        Ok(f) => f,
        Err(e) => return args::usage_error(&e.to_string()),
    };
    let args = match args::parse_compile(&rest) {
        Ok(a) => a,
        Err(code) => return code,
    };
    let style = io::human_style(args.color, false);
    let source = match io::read_source(&args.input) {
        Ok(s) => s,
        Err(report) => {
            io::print_report(&report, args.format, style);
            return 2;
        }
    };
    match args.emit {
        Emit::Preprocessed => preprocess(&args, &source, &options, style),
        Emit::SyntaxOnly => {
            let report = oclc::check(&source, &options);
            io::print_report(&report, args.format, style);
            u8::from(report.has_errors())
        }
        Emit::Binary | Emit::Assembly => compile(&args, &source, &options, style),
    }
}

fn preprocess(
    args: &CompileArgs,
    source: &Source,
    options: &oclc::Options,
    style: oclc::HumanStyle,
) -> u8 {
    match oclc::preprocess(source, options) {
        Ok((text, report)) => {
            io::print_report(&report, args.format, style);
            let out = args.output.clone().unwrap_or_else(|| "-".into());
            io::write_output(&out, &args.input, text.as_bytes())
        }
        Err(Failed { report }) => {
            io::print_report(&report, args.format, style);
            1
        }
    }
}

fn compile(
    args: &CompileArgs,
    source: &Source,
    options: &oclc::Options,
    style: oclc::HumanStyle,
) -> u8 {
    match oclc::compile(source, options) {
        Ok(compiled) => {
            io::print_report(&compiled.report, args.format, style);
            let bytes = match args.emit {
                Emit::Assembly => compiled.disassemble().into_bytes(),
                _ => compiled.to_bytes(),
            };
            let out = args
                .output
                .clone()
                .unwrap_or_else(|| io::default_output(&args.input, args.emit));
            io::write_output(&out, &args.input, &bytes)
        }
        Err(Failed { report }) => {
            io::print_report(&report, args.format, style);
            exit_code_for_failure(&report)
        }
    }
}

fn exit_code_for_failure(report: &Report) -> u8 {
    if report.count(Severity::Bug) > 0 {
        3
    } else {
        1
    }
}
