//! Warning and lint levels: clang's `-w`, `-Werror`, `-Werror=<name>`,
//! `-W<name>`, `-Wno-<name>` and the linter's `--allow/--warn/--deny`,
//! applied in command-line order to every diagnostic's registered code.

use crate::registry;
use oclc_diagnostics::{Code, Diagnostic, Level, Severity};

/// One level-changing flag.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LevelFlag {
    /// `-w`: drop every warning.
    SuppressWarnings,
    /// `-Werror` (true) / `-Wno-error` (false).
    WarningsAsErrors(bool),
    /// `-Werror=<name>` (true) / `-Wno-error=<name>` (false).
    ErrorFor(&'static str, bool),
    /// `-W<name>`, `-Wno-<name>`, `--allow/--warn/--deny <name>`.
    Set(&'static str, Level),
    /// `-Weverything`: every configurable code at least a warning.
    Everything,
    /// `-Wall`, `-Wextra`, `-Wpedantic`: accepted for drop-in
    /// compatibility with clang; oclc's default set already is "all".
    Unchanged,
}

impl LevelFlag {
    /// Parses a `-W…`/`-w` argument: `Ok(None)` when `arg` is not one,
    /// `Err` when it names no configurable code.
    pub fn parse(arg: &str) -> Result<Option<LevelFlag>, String> {
        let flag = match arg {
            "-w" => LevelFlag::SuppressWarnings,
            "-Werror" => LevelFlag::WarningsAsErrors(true),
            "-Wno-error" => LevelFlag::WarningsAsErrors(false),
            "-Weverything" => LevelFlag::Everything,
            // Accepted for drop-in compatibility with clang: oclc's default
            // set already is "all".
            "-Wall" | "-Wextra" | "-Wpedantic" => LevelFlag::Unchanged,
            _ => {
                if let Some(name) = arg.strip_prefix("-Werror=") {
                    LevelFlag::ErrorFor(lookup(name)?, true)
                } else if let Some(name) = arg.strip_prefix("-Wno-error=") {
                    LevelFlag::ErrorFor(lookup(name)?, false)
                } else if let Some(name) = arg.strip_prefix("-Wno-") {
                    LevelFlag::Set(lookup(name)?, Level::Allow)
                } else if let Some(name) = arg.strip_prefix("-W") {
                    LevelFlag::Set(lookup(name)?, Level::Warn)
                } else {
                    return Ok(None);
                }
            }
        };
        Ok(Some(flag))
    }

    /// `--allow/--warn/--deny NAME` from the linter.
    pub fn set(name: &str, level: Level) -> Result<LevelFlag, String> {
        Ok(LevelFlag::Set(lookup(name)?, level))
    }
}

/// Finds a configurable code by name (`relaxed-fence`) or id (`W0401`).
fn lookup(name: &str) -> Result<&'static str, String> {
    match registry::find(name) {
        Some(code) if code.configurable() => Ok(code.name),
        Some(code) => Err(format!(
            "`{}` ({}) is an error required by the OpenCL C specification and cannot be configured",
            code.name, code.id
        )),
        None => Err(format!(
            "unknown warning or rule `{name}` (see `oclc lint --list-rules`)"
        )),
    }
}

/// The level flags in command-line order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct LintLevels {
    flags: Vec<LevelFlag>,
}

impl LintLevels {
    /// Appends a flag (later flags win).
    pub fn apply(&mut self, flag: LevelFlag) {
        self.flags.push(flag);
    }

    /// The level `code` is reported at.
    pub fn level(&self, code: &Code) -> Level {
        if !code.configurable() {
            return code.default_level;
        }
        let mut level = code.default_level;
        let mut as_error: Option<bool> = None;
        let mut global_error = false;
        let mut suppress = false;
        for flag in &self.flags {
            match *flag {
                LevelFlag::SuppressWarnings => suppress = true,
                LevelFlag::WarningsAsErrors(on) => global_error = on,
                LevelFlag::ErrorFor(name, on) if name == code.name => {
                    as_error = Some(on);
                    if on && level == Level::Allow {
                        level = Level::Warn;
                    }
                }
                LevelFlag::Set(name, l) if name == code.name => {
                    level = l;
                    as_error = None;
                }
                LevelFlag::Everything if level == Level::Allow => level = Level::Warn,
                _ => {}
            }
        }
        match level {
            Level::Allow => Level::Allow,
            Level::Deny => Level::Deny,
            Level::Warn if as_error.unwrap_or(global_error) => Level::Deny,
            Level::Warn if suppress => Level::Allow,
            Level::Warn => Level::Warn,
        }
    }

    /// Applies the levels to diagnostics: drops allowed ones, sets the
    /// severity of the rest. Internal errors and notes are left alone.
    pub fn apply_to(&self, diagnostics: Vec<Diagnostic>) -> Vec<Diagnostic> {
        diagnostics
            .into_iter()
            .filter_map(|mut d| {
                if matches!(d.severity, Severity::Bug | Severity::Note) {
                    return Some(d);
                }
                match self.level(d.code) {
                    Level::Allow => None,
                    Level::Warn => {
                        d.severity = Severity::Warning;
                        Some(d)
                    }
                    Level::Deny => {
                        d.severity = Severity::Error;
                        Some(d)
                    }
                }
            })
            .collect()
    }
}
