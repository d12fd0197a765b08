//! [`Report`]: the diagnostics of one compilation together with the sources
//! they point into, and the three renderings (human, JSON, SARIF).

use crate::registry;
use oclc_diagnostics::{Code, Diagnostic, HumanOptions, Severity, SourceMap};

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
