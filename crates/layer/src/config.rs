//! The layer's settings, read once from the environment:
//!
//! - `OCLC_LAYER_MODE`: `lint` (default), `compile` or `fallback`;
//! - `OCLC_LAYER_REPORT`: path of the report file (none when unset; `%p`
//!   is replaced by the process id, so that each process writes its own);
//! - `OCLC_LAYER_REPORT_FORMAT`: `human`, `json` (one object per line) or
//!   `sarif`; by default from the path's extension (`.json`, `.sarif`),
//!   else `human`.

use std::path::PathBuf;

/// What the layer does with a program built from source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The driver compiles; oclc's findings are added to the build log.
    Lint,
    /// oclc compiles; a program it rejects fails to build.
    Compile,
    /// oclc compiles; a program it cannot compile is built by the driver.
    Fallback,
}

impl Mode {
    /// The mode a variable's value names.
    pub fn parse(text: &str) -> Option<Mode> {
        match text.trim().to_ascii_lowercase().as_str() {
            "lint" => Some(Mode::Lint),
            "compile" => Some(Mode::Compile),
            "fallback" => Some(Mode::Fallback),
            _ => None,
        }
    }

    /// The mode's name as the variable spells it.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Lint => "lint",
            Mode::Compile => "compile",
            Mode::Fallback => "fallback",
        }
    }
}

/// How the report file is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Text: one header line per build, then oclc's diagnostics.
    Human,
    /// One JSON object per build, one per line.
    Json,
    /// One SARIF 2.1.0 log for the whole process, rewritten after each
    /// build.
    Sarif,
}

impl Format {
    /// The format a variable's value names.
    pub fn parse(text: &str) -> Option<Format> {
        match text.trim().to_ascii_lowercase().as_str() {
            "human" | "text" => Some(Format::Human),
            "json" => Some(Format::Json),
            "sarif" => Some(Format::Sarif),
            _ => None,
        }
    }
}

/// Everything the environment decides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// The mode.
    pub mode: Mode,
    /// The report file, if any (with `%p` already replaced).
    pub report: Option<PathBuf>,
    /// The report's format.
    pub format: Format,
}

impl Config {
    /// The settings from variables looked up by `var`, with the problems
    /// found (an unknown mode or format), which the caller logs.
    pub fn from_vars(var: impl Fn(&str) -> Option<String>, pid: u32) -> (Config, Vec<String>) {
        let mut problems = Vec::new();
        let mode = match var("OCLC_LAYER_MODE") {
            None => Mode::Lint,
            Some(text) => Mode::parse(&text).unwrap_or_else(|| {
                problems.push(format!(
                    "OCLC_LAYER_MODE={text} is not lint, compile or fallback; using lint"
                ));
                Mode::Lint
            }),
        };
        let report = var("OCLC_LAYER_REPORT")
            .filter(|path| !path.is_empty())
            .map(|path| PathBuf::from(path.replace("%p", &pid.to_string())));
        let by_extension = match report
            .as_ref()
            .and_then(|p| p.extension())
            .and_then(|e| e.to_str())
        {
            Some("json") | Some("jsonl") => Format::Json,
            Some("sarif") => Format::Sarif,
            _ => Format::Human,
        };
        let format = match var("OCLC_LAYER_REPORT_FORMAT") {
            None => by_extension,
            Some(text) => Format::parse(&text).unwrap_or_else(|| {
                problems.push(format!(
                    "OCLC_LAYER_REPORT_FORMAT={text} is not human, json or sarif"
                ));
                by_extension
            }),
        };
        (
            Config {
                mode,
                report,
                format,
            },
            problems,
        )
    }

    /// The settings of this process's environment.
    pub fn from_env() -> (Config, Vec<String>) {
        Config::from_vars(|name| std::env::var(name).ok(), std::process::id())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(vars: &[(&str, &str)]) -> (Config, Vec<String>) {
        Config::from_vars(
            |name| {
                vars.iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, v)| v.to_string())
            },
            42,
        )
    }

    #[test]
    fn defaults_to_lint_without_report() {
        let (c, problems) = config(&[]);
        assert_eq!(c.mode, Mode::Lint);
        assert_eq!(c.report, None);
        assert!(problems.is_empty());
    }

    #[test]
    fn reads_mode_path_and_format() {
        type Case<'a> = (&'a [(&'a str, &'a str)], Mode, Option<&'a str>, Format);
        let cases: &[Case] = &[
            (
                &[
                    ("OCLC_LAYER_MODE", "Compile"),
                    ("OCLC_LAYER_REPORT", "r-%p.sarif"),
                ],
                Mode::Compile,
                Some("r-42.sarif"),
                Format::Sarif,
            ),
            (
                &[
                    ("OCLC_LAYER_MODE", "fallback"),
                    ("OCLC_LAYER_REPORT", "r.json"),
                ],
                Mode::Fallback,
                Some("r.json"),
                Format::Json,
            ),
            (
                &[
                    ("OCLC_LAYER_REPORT", "r.json"),
                    ("OCLC_LAYER_REPORT_FORMAT", "human"),
                ],
                Mode::Lint,
                Some("r.json"),
                Format::Human,
            ),
        ];
        for (vars, mode, path, format) in cases {
            let (c, problems) = config(vars);
            assert_eq!(c.mode, *mode, "{vars:?}");
            assert_eq!(c.report, path.map(PathBuf::from), "{vars:?}");
            assert_eq!(c.format, *format, "{vars:?}");
            assert!(problems.is_empty(), "{vars:?}");
        }
    }

    #[test]
    fn unknown_values_are_reported_and_replaced() {
        let (c, problems) = config(&[
            ("OCLC_LAYER_MODE", "strict"),
            ("OCLC_LAYER_REPORT_FORMAT", "xml"),
        ]);
        assert_eq!(c.mode, Mode::Lint);
        assert_eq!(c.format, Format::Human);
        assert_eq!(problems.len(), 2, "{problems:?}");
    }
}
