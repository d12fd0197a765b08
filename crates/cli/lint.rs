//! `oclc lint [front-end options] FILE...`: report every invalid or
//! suspicious atomic order/scope combination without writing SPIR-V.
//!
//! Exit codes: 0 when no error-level finding remains, 1 when one does, 2
//! when the linter could not run (unreadable file, unknown option or rule).

use crate::args::{self, clap_exit, Color, Format, Frontend};
use crate::io;
use clap::Parser;
use oclc::{Level, LevelFlag, Report};
use std::ffi::OsString;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

#[derive(Parser, Debug)]
#[command(
    name = "oclc lint",
    version,
    about = "Check OpenCL C atomics: memory orders, scopes, fences and atomic objects.",
    after_help = args::FRONTEND_HELP
)]
struct LintCli {
    /// Files to check.
    #[arg(required_unless_present_any = ["explain", "list_rules"])]
    files: Vec<std::path::PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value = "human")]
    format: Format,
    /// Write the report to FILE instead of standard output (never one of
    /// the files checked).
    #[arg(short = 'o', value_name = "FILE")]
    output: Option<PathBuf>,
    /// Turn off the rule NAME.
    #[arg(long, value_name = "NAME")]
    allow: Vec<String>,
    /// Report the rule NAME as a warning.
    #[arg(long, value_name = "NAME")]
    warn: Vec<String>,
    /// Report the rule NAME as an error.
    #[arg(long, value_name = "NAME")]
    deny: Vec<String>,
    /// Explain a diagnostic code (e.g. E0401 or store-order) and exit.
    #[arg(long, value_name = "CODE")]
    explain: Option<String>,
    /// List every rule and exit.
    #[arg(long)]
    list_rules: bool,
    /// When to use colours.
    #[arg(long, value_enum, default_value = "auto")]
    color: Color,
}

/// A linter reports every finding unless `-ferror-limit=` asks otherwise.
const NO_ERROR_LIMIT: u32 = 0;

/// Runs the linter; returns the exit code.
pub fn run(argv: &[OsString]) -> u8 {
    let Frontend {
        mut options,
        rest,
        rewritten,
    } = match args::split_frontend(argv, NO_ERROR_LIMIT) {
        Ok(f) => f,
        Err(e) => return args::usage_error(&e.to_string()),
    };
    let cli =
        match LintCli::try_parse_from(std::iter::once(OsString::from("oclc lint")).chain(rest)) {
            Ok(c) => c,
            Err(e) => return clap_exit(e, &rewritten),
        };
    if let Some(code) = &cli.explain {
        return explain(code);
    }
    if cli.list_rules {
        return human_reporter().wrote(io::write_stdout(&|w| w.write_all(list_rules().as_bytes())));
    }
    // --allow/--warn/--deny apply after the -W flags, in that order.
    for (names, level) in [
        (&cli.allow, Level::Allow),
        (&cli.warn, Level::Warn),
        (&cli.deny, Level::Deny),
    ] {
        for name in names {
            match LevelFlag::set(name, level) {
                Ok(flag) => options.levels.apply(flag),
                Err(e) => return args::usage_error(&e),
            }
        }
    }
    let style = io::human_style(cli.color, false);
    let mut combined = Report::default();
    let mut could_not_run = false;
    for file in &cli.files {
        match io::read_source(file) {
            Ok(source) => combined.merge(oclc::check(&source, &options)),
            Err(report) => {
                could_not_run = true;
                combined.merge(report);
            }
        }
    }
    let text = match cli.format {
        Format::Human => combined.render_human(if cli.output.is_some() {
            oclc::HumanStyle::PLAIN
        } else {
            oclc::HumanStyle {
                color: style.color && std::io::IsTerminal::is_terminal(&std::io::stdout()),
                short: false,
            }
        }),
        Format::Json => combined.render_json(),
        Format::Sarif => combined.render_sarif(),
    };
    let inputs: Vec<&Path> = cli.files.iter().map(PathBuf::as_path).collect();
    // A report that cannot be written is itself reported, on standard
    // error, in the report's format.
    let reporter = io::Reporter {
        format: cli.format,
        style,
    };
    let write_code = reporter.wrote(match &cli.output {
        Some(path) => io::write_output(path, &inputs, &|w| w.write_all(text.as_bytes())),
        None => io::write_stdout(&|w| w.write_all(text.as_bytes())),
    });
    if could_not_run || write_code != 0 {
        2
    } else {
        u8::from(combined.has_errors())
    }
}

/// Failures of `--list-rules` and `--explain`, whose output is text.
fn human_reporter() -> io::Reporter {
    io::Reporter {
        format: Format::Human,
        style: io::human_style(crate::args::Color::Auto, false),
    }
}

fn explain(name: &str) -> u8 {
    match oclc::registry::find(name) {
        Some(code) => {
            let mut text = format!("{} ({}): {}\n\n", code.id, code.name, code.summary);
            if let Some(spec) = code.spec {
                let _ = writeln!(text, "Specification: {spec}\n");
            }
            let _ = writeln!(text, "{}", code.explanation);
            human_reporter().wrote(io::write_stdout(&|w| w.write_all(text.as_bytes())))
        }
        None => args::usage_error(&format!(
            "unknown diagnostic code `{name}` (see `oclc lint --list-rules`)"
        )),
    }
}

fn list_rules() -> String {
    let mut text = String::new();
    for code in oclc::registry::all() {
        let level = match code.default_level {
            Level::Allow => "allow",
            Level::Warn => "warn",
            Level::Deny => "deny",
        };
        let _ = writeln!(
            text,
            "{:<6} {:<28} {:<6} {}",
            code.id, code.name, level, code.summary
        );
    }
    text
}
