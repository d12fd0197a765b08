//! The [`Diagnostic`] data type: a stable code, a severity, labelled spans,
//! notes and an optional machine-applicable fix.

use crate::Span;

/// How bad a diagnostic is, as reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    /// A supplementary note (rarely a diagnostic of its own).
    Note,
    /// Suspicious code that still compiles.
    Warning,
    /// The input is invalid; no output is written.
    Error,
    /// oclc itself failed (e.g. it produced a module the validator rejects).
    Bug,
}

impl Severity {
    /// The word used in rendered output (`error`, `warning`, ...).
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
            Severity::Bug => "internal compiler error",
        }
    }
}

/// The level a code is reported at by default, or after `-W`/`--allow` flags.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// Not reported.
    Allow,
    /// Reported as a warning.
    Warn,
    /// Reported as an error.
    Deny,
}

/// A registered diagnostic code. Every diagnostic oclc emits refers to one of
/// these statics; the registry of all of them drives `--explain`,
/// `--list-rules`, SARIF rule metadata and `docs/diagnostics.md`.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct Code {
    /// Stable identifier, e.g. `E0401`. Never reused or renumbered.
    pub id: &'static str,
    /// Kebab-case name used by `-W<name>`, e.g. `store-order`.
    pub name: &'static str,
    /// Level when no flag changes it.
    pub default_level: Level,
    /// One-line summary.
    pub summary: &'static str,
    /// The specification section the rule comes from, if any.
    pub spec: Option<&'static str>,
    /// Longer explanation shown by `--explain` (Markdown).
    pub explanation: &'static str,
}

impl Code {
    /// Whether `-W`/`--allow` may change the level: warnings (`W…`) only;
    /// errors (`E…`) are required by the specification or are oclc's own
    /// and cannot be silenced. Derived from the id, the one place it is
    /// written.
    pub fn configurable(&self) -> bool {
        self.id.starts_with('W')
    }
}

/// A span with a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    /// Where.
    pub span: Span,
    /// What to say there (may be empty).
    pub message: String,
}

impl Label {
    /// A label with a message.
    pub fn new(span: Span, message: impl Into<String>) -> Self {
        Label {
            span,
            message: message.into(),
        }
    }
}

/// One replacement of the text at `span` by `replacement`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edit {
    /// The text to replace (empty for an insertion).
    pub span: Span,
    /// The new text.
    pub replacement: String,
}

/// How safely a help's edits can be applied without a person's review
/// (rustc's levels).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Applicability {
    /// Certain to preserve the meaning the rule intends: a tool may apply
    /// it unasked.
    MachineApplicable,
    /// One of several reasonable fixes, or a guess (a spelling
    /// suggestion): shown, never applied automatically.
    MaybeIncorrect,
}

impl Applicability {
    /// rustc's spelling (`suggestion_applicability` in JSON).
    pub fn name(self) -> &'static str {
        match self {
            Applicability::MachineApplicable => "MachineApplicable",
            Applicability::MaybeIncorrect => "MaybeIncorrect",
        }
    }
}

/// A suggestion, with edits when it can be applied mechanically.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Help {
    /// What to do, in words.
    pub message: String,
    /// The edits; empty when the help is advice only.
    pub edits: Vec<Edit>,
    /// Whether the edits may be applied without review.
    pub applicability: Applicability,
}

/// One finding: what is wrong, where, and how to fix it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// The registered code.
    pub code: &'static Code,
    /// Severity as reported (after level flags are applied).
    pub severity: Severity,
    /// The headline, lower-case, no trailing period (rustc style).
    pub message: String,
    /// The main location; `None` for diagnostics about no place in the source
    /// (a missing file, a bad option).
    pub primary: Option<Label>,
    /// Further related locations.
    pub secondary: Vec<Label>,
    /// `note:` lines.
    pub notes: Vec<String>,
    /// A `help:` line, optionally with a fix.
    pub help: Option<Help>,
}

impl Diagnostic {
    /// A diagnostic of `code` at its default severity.
    pub fn new(code: &'static Code, message: impl Into<String>) -> Self {
        let severity = match code.default_level {
            Level::Deny => Severity::Error,
            Level::Warn | Level::Allow => Severity::Warning,
        };
        Diagnostic {
            code,
            severity,
            message: message.into(),
            primary: None,
            secondary: Vec::new(),
            notes: Vec::new(),
            help: None,
        }
    }

    /// Sets the primary label.
    pub fn with_primary(mut self, span: Span, message: impl Into<String>) -> Self {
        self.primary = Some(Label::new(span, message));
        self
    }

    /// Adds a secondary label.
    pub fn with_secondary(mut self, span: Span, message: impl Into<String>) -> Self {
        self.secondary.push(Label::new(span, message));
        self
    }

    /// Adds a note.
    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }

    /// Sets advice without edits.
    pub fn with_help(mut self, message: impl Into<String>) -> Self {
        self.help = Some(Help {
            message: message.into(),
            edits: Vec::new(),
            applicability: Applicability::MaybeIncorrect,
        });
        self
    }

    /// Sets a machine-applicable fix replacing `span` by `replacement`:
    /// only for an edit certain to give the meaning the diagnostic asks
    /// for (otherwise [`with_suggestion`](Self::with_suggestion)).
    pub fn with_fix(
        mut self,
        message: impl Into<String>,
        span: Span,
        replacement: impl Into<String>,
    ) -> Self {
        self.help = Some(Help {
            message: message.into(),
            edits: vec![Edit {
                span,
                replacement: replacement.into(),
            }],
            applicability: Applicability::MachineApplicable,
        });
        self
    }

    /// Sets a suggested edit that may be wrong (one choice among several,
    /// or a guess such as a similar spelling): shown, never applied
    /// unasked.
    pub fn with_suggestion(
        mut self,
        message: impl Into<String>,
        span: Span,
        replacement: impl Into<String>,
    ) -> Self {
        self = self.with_fix(message, span, replacement);
        if let Some(help) = &mut self.help {
            help.applicability = Applicability::MaybeIncorrect;
        }
        self
    }

    /// Overrides the severity.
    pub fn with_severity(mut self, severity: Severity) -> Self {
        self.severity = severity;
        self
    }

    /// Whether this diagnostic stops compilation.
    pub fn is_error(&self) -> bool {
        self.severity >= Severity::Error
    }
}

/// `text` as a message quotes it: whole when short, otherwise its start and
/// end around an ellipsis, so that a 10,000-digit literal or identifier
/// does not become a 10,000-character message (the label still underlines
/// all of it).
pub fn excerpt(text: &str) -> std::borrow::Cow<'_, str> {
    const HEAD: usize = 24;
    const TAIL: usize = 8;
    let count = text.chars().count();
    if count <= HEAD + TAIL + 8 {
        return std::borrow::Cow::Borrowed(text);
    }
    let head_end = text.char_indices().nth(HEAD).map_or(text.len(), |(i, _)| i);
    let tail_start = text
        .char_indices()
        .nth(count - TAIL)
        .map_or(text.len(), |(i, _)| i);
    std::borrow::Cow::Owned(format!("{}…{}", &text[..head_end], &text[tail_start..]))
}

#[cfg(test)]
mod tests {
    use super::excerpt;

    #[test]
    fn short_text_is_quoted_whole_and_long_text_is_shortened() {
        assert_eq!(excerpt("0x1zz"), "0x1zz");
        let forty = "a".repeat(40);
        assert_eq!(excerpt(&forty), forty);
        let digits = "9".repeat(10_000);
        let short = excerpt(&digits);
        assert_eq!(short, format!("{}…{}", "9".repeat(24), "9".repeat(8)));
        // Multi-byte characters are never split.
        let accents = "é".repeat(100);
        assert_eq!(excerpt(&accents).chars().count(), 24 + 1 + 8);
    }
}
