//! [`Report`]: the diagnostics of one compilation together with the sources
//! they point into, and the three renderings (human, JSON, SARIF).

use crate::registry;
use oclc_diagnostics::{Code, Diagnostic, HumanOptions, Location, Severity, SourceMap, Span};

/// What a compilation or lint run amounts to, decided once here so that
/// every face of oclc (the command, the C library, the Python package, a
/// loader layer) reports the same class for the same report.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Outcome {
    /// No error: the output (if any was asked for) was produced; warnings
    /// may remain.
    Success,
    /// The input has errors (error-level diagnostics, including warnings
    /// raised to errors): nothing was produced.
    InputErrors,
    /// oclc itself failed (a diagnostic of [`Severity::Bug`]: a module the
    /// validator rejected, a caught panic). Takes precedence over input
    /// errors.
    InternalError,
}

/// How to render diagnostics for people.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HumanStyle {
    /// ANSI colours.
    pub color: bool,
    /// One line per diagnostic (`file:line:col: error[CODE]: message`).
    pub short: bool,
}

impl HumanStyle {
    /// Full, uncoloured output.
    pub const PLAIN: HumanStyle = HumanStyle {
        color: false,
        short: false,
    };
}

/// Diagnostics plus the sources they refer to.
#[derive(Clone, Debug, Default)]
pub struct Report {
    sources: SourceMap,
    diagnostics: Vec<Diagnostic>,
}

impl Report {
    pub(crate) fn new(sources: SourceMap, diagnostics: Vec<Diagnostic>) -> Report {
        Report {
            sources,
            diagnostics,
        }
    }

    /// The diagnostics in the order they were found.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// Every file read (the main file first, then includes).
    pub fn sources(&self) -> &SourceMap {
        &self.sources
    }

    /// The class of this report: [`Outcome::InternalError`] if any
    /// diagnostic is a [`Severity::Bug`], else [`Outcome::InputErrors`] if
    /// any is an error, else [`Outcome::Success`].
    pub fn outcome(&self) -> Outcome {
        if self.count(Severity::Bug) > 0 {
            Outcome::InternalError
        } else if self.has_errors() {
            Outcome::InputErrors
        } else {
            Outcome::Success
        }
    }

    /// Where `span` (of one of this report's diagnostics) lies: file name,
    /// bytes, and lines and character columns as the JSON and SARIF
    /// renderings give them; `None` for a span outside the report's files.
    pub fn locate(&self, span: Span) -> Option<Location> {
        oclc_diagnostics::locate(&self.sources, span)
    }

    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }

    /// Number of diagnostics of a severity.
    pub fn count(&self, severity: Severity) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == severity)
            .count()
    }

    /// Human-readable text, like rustc's.
    pub fn render_human(&self, style: HumanStyle) -> String {
        let mut out = Vec::new();
        let options = HumanOptions {
            color: style.color,
            short: style.short,
        };
        // Writing into a Vec cannot fail.
        let _ =
            oclc_diagnostics::render_human(&self.diagnostics, &self.sources, &options, &mut out);
        String::from_utf8_lossy(&out).into_owned()
    }

    /// One JSON object per line, in rustc's `--error-format=json` shape.
    pub fn render_json(&self) -> String {
        let mut out = Vec::new();
        let _ = oclc_diagnostics::render_json(&self.diagnostics, &self.sources, &mut out);
        String::from_utf8_lossy(&out).into_owned()
    }

    /// A SARIF 2.1.0 log describing the rules that have results (SARIF
    /// allows a partial `rules` array; listing all of them put every rule's
    /// help text into every log).
    pub fn render_sarif(&self) -> String {
        let used: std::collections::HashSet<&str> =
            self.diagnostics.iter().map(|d| d.code.id).collect();
        let rules: Vec<&Code> = registry::all()
            .into_iter()
            .filter(|code| used.contains(code.id))
            .collect();
        let mut out = Vec::new();
        let _ = oclc_diagnostics::render_sarif(
            &self.diagnostics,
            &self.sources,
            &rules,
            crate::VERSION,
            &mut out,
        );
        String::from_utf8_lossy(&out).into_owned()
    }

    /// Appends the diagnostics of another report over the same kind of
    /// input (used when linting several files into one SARIF log).
    pub fn merge(&mut self, other: Report) {
        let offset = self.sources.files().count() as u32;
        for (_, file) in other.sources.files() {
            self.sources.add(file.name(), file.text());
        }
        for mut d in other.diagnostics {
            let shift = |s: &mut oclc_diagnostics::Span| s.file.0 += offset;
            if let Some(p) = d.primary.as_mut() {
                shift(&mut p.span);
            }
            for l in &mut d.secondary {
                shift(&mut l.span);
            }
            if let Some(h) = d.help.as_mut() {
                for e in &mut h.edits {
                    shift(&mut e.span);
                }
            }
            self.diagnostics.push(d);
        }
    }
}

impl Report {
    pub(crate) fn diagnostics_mut(&mut self) -> &mut Vec<Diagnostic> {
        &mut self.diagnostics
    }
}

impl Report {
    /// A report with no sources (for problems outside any file, such as an
    /// unreadable input).
    pub fn from_diagnostics(diagnostics: Vec<Diagnostic>) -> Report {
        Report::new(SourceMap::new(), diagnostics)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Options, Source};

    #[test]
    fn outcome_classes() {
        let options = Options::default();
        let good = Source::new("k.cl", "kernel void k(global int *p) { p[0] = 1; }");
        assert_eq!(crate::check(&good, &options).outcome(), Outcome::Success);
        let bad = Source::new("k.cl", "kernel void k() { undeclared = 1; }");
        assert_eq!(crate::check(&bad, &options).outcome(), Outcome::InputErrors);
        let mut report = crate::check(&bad, &options);
        report
            .diagnostics_mut()
            .push(Diagnostic::new(&registry::INTERNAL_ERROR, "oops").with_severity(Severity::Bug));
        assert_eq!(report.outcome(), Outcome::InternalError);
    }

    #[test]
    fn locate_gives_the_json_positions() {
        let source = Source::new("k.cl", "kernel void k() {\n  é = 1; }");
        let report = crate::check(&source, &Options::default());
        let d = &report.diagnostics()[0];
        let at = report.locate(d.primary.as_ref().unwrap().span).unwrap();
        assert_eq!(at.file, "k.cl");
        assert_eq!((at.line_start, at.column_start), (2, 3));
        let json = report.render_json();
        let first = json.lines().next().unwrap();
        assert!(
            first.contains("\"line_start\":2") && first.contains("\"column_start\":3"),
            "{first}"
        );
    }
}
