//! Whether a built-in's requirement holds on the target: the evaluation
//! of the built-in table's [`Requires`] (OpenCL C version, extensions and
//! 3.0 features) and the E0417 `unavailable` diagnostic when it does not.
//! Lowering checks each built-in name it resolves ([`check_name`],
//! [`check_feature`]); the `availability` rule (`rules/availability.rs`,
//! which documents E0417) checks what depends on how an atomic is used.
//! Its own module, beside the table and the rules, so that neither
//! lowering nor the table imports from the rules.

use crate::builtins::table::{self, Need, Requires};
use crate::spec::see;
use oclc_diagnostics::{Code, Diagnostic, Level, Span};
use oclc_target::{ClStd, Feature, Target};

/// E0417.
pub static CODE: Code = Code {
    id: "E0417",
    name: "unavailable",
    default_level: Level::Deny,
    summary: "an atomic built-in is not available for the selected OpenCL C version or features",
    spec: Some("OpenCL C 3.0 §6.15.12"),
    // The rule's documentation is `rules/availability.rs`'s `//!` doc.
    explanation: rule_doc!("availability"),
};

/// Why a built-in is unavailable.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Missing {
    /// The OpenCL C version is too old.
    Version(ClStd),
    /// All of these features or extensions are needed; some are missing
    /// (listed are the missing ones).
    AllOf(Vec<Feature>),
    /// One of these would do; none is supported. The second field is the
    /// one to suggest enabling.
    AnyOf(Vec<Feature>, Feature),
}

impl Missing {
    /// "OpenCL C 2.0 or later", "the `x` feature", ...
    fn describe(&self) -> String {
        match self {
            Missing::Version(std) => {
                let n = std.number();
                format!("OpenCL C {}.{} or later", n / 100, n / 10 % 10)
            }
            Missing::AllOf(features) => names(features, "and"),
            Missing::AnyOf(features, _) => names(features, "or"),
        }
    }

    /// How to get it.
    fn help(&self) -> String {
        match self {
            Missing::Version(std) => format!("compile with `-cl-std={std}`"),
            Missing::AllOf(features) => format!(
                "if the device supports it, add `-cl-ext={}`",
                features
                    .iter()
                    .map(|f| format!("+{}", f.name()))
                    .collect::<Vec<_>>()
                    .join(",")
            ),
            Missing::AnyOf(_, suggested) => format!(
                "if the device supports it, add `-cl-ext=+{}`",
                suggested.name()
            ),
        }
    }
}

/// "the `a` extension", "the `a` and `b` features".
pub(crate) fn names(features: &[Feature], conjunction: &str) -> String {
    let quoted: Vec<String> = features
        .iter()
        .map(|f| {
            let kind = if f.name().starts_with("__opencl_c_") {
                "feature"
            } else {
                "extension"
            };
            format!("the `{}` {kind}", f.name())
        })
        .collect();
    match quoted.split_last() {
        None => "a feature".to_owned(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} {conjunction} {last}", rest.join(", ")),
    }
}

/// The features of `all` that `target` lacks, as a requirement.
pub(crate) fn all_of(target: &Target, all: &[Feature]) -> Option<Missing> {
    let missing: Vec<Feature> = all
        .iter()
        .copied()
        .filter(|&f| !target.supports(f))
        .collect();
    (!missing.is_empty()).then_some(Missing::AllOf(missing))
}

/// A requirement when `target` supports none of `any` (suggesting
/// `suggested`).
pub(crate) fn any_of(target: &Target, any: &[Feature], suggested: Feature) -> Option<Missing> {
    (!any.iter().any(|&f| target.supports(f))).then(|| Missing::AnyOf(any.to_vec(), suggested))
}

/// The int64 atomics extensions.
pub(crate) const INT64_ATOMICS: [Feature; 2] = [
    Feature::KhrInt64BaseAtomics,
    Feature::KhrInt64ExtendedAtomics,
];

/// The one of `any` to suggest enabling: the first 3.0 feature under
/// OpenCL C 3.0, the first extension before.
pub(crate) fn suggestion(target: &Target, any: &[Feature]) -> Feature {
    let cl30 = target.std >= ClStd::Cl30;
    any.iter()
        .copied()
        .find(|f| f.name().starts_with("__opencl_c_") == cl30)
        .unwrap_or(any[0])
}

/// Why a built-in with requirement `requires` is unavailable on `target`,
/// if it is.
pub(crate) fn requirement(requires: &Requires, target: &Target) -> Option<Missing> {
    if target.std < requires.std {
        return Some(Missing::Version(requires.std));
    }
    requires.needs.iter().find_map(|need| match *need {
        Need::All(all) => all_of(target, all),
        Need::Any(any) => any_of(target, any, suggestion(target, any)),
        Need::AllIn30(all) if target.std >= ClStd::Cl30 => all_of(target, all),
        Need::AllWith64BitPointers(all) if target.pointer_bits == 64 => all_of(target, all),
        Need::AllIn30(_) | Need::AllWith64BitPointers(_) => None,
    })
}

/// The diagnostic for `subject` (quoted code) at `span`.
pub(crate) fn report(subject: &str, span: Span, missing: &Missing, section: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("{subject} requires {}", missing.describe()))
        .with_primary(span, "not available for this target")
        .with_note(see(section))
        .with_help(missing.help())
}

/// Checks that the built-in identifier `name` (a function, type or
/// enumerator name lowering resolved) exists on `target`; returns the
/// E0417 diagnostic at `span` when it does not.
pub(crate) fn check_name(name: &str, span: Span, target: &Target) -> Option<Diagnostic> {
    let entry = table::lookup(name)?;
    let missing = requirement(&entry.requires, target)?;
    let mut diagnostic = report(&format!("`{name}`"), span, &missing, entry.requires.section);
    if let Some(spelling) = entry.requires.spelled_in_2_0 {
        if target.std == ClStd::Cl20 {
            diagnostic = diagnostic.with_fix(
                format!("in OpenCL C 2.0 this scope is spelled `{spelling}`"),
                span,
                spelling,
            );
        }
    }
    Some(diagnostic)
}

/// E0417 for `subject` at `span` unless `target` supports `feature`.
pub(crate) fn check_feature(
    subject: &str,
    span: Span,
    target: &Target,
    feature: Feature,
    section: &str,
) -> Option<Diagnostic> {
    let missing = all_of(target, &[feature])?;
    Some(report(subject, span, &missing, section))
}
