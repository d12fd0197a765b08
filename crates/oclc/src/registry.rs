//! The registry of every diagnostic code oclc can emit, gathered from each
//! stage. It drives `-W<name>` lookup, `--explain`, `--list-rules`, SARIF
//! rule metadata and `docs/diagnostics.md`.

use oclc_diagnostics::{Code, Level};

/// E0001: an input file could not be read.
pub static IO_ERROR: Code = Code {
    id: "E0001",
    name: "io-error",
    default_level: Level::Deny,
    summary: "an input file could not be read",
    spec: None,
    explanation: "oclc could not read a source file: it does not exist, is a directory, \
or is not readable. The message quotes the operating system's error.",
};

/// E0002: no longer reported (kept so that the code keeps its meaning).
pub static INVALID_UTF8: Code = Code {
    id: "E0002",
    name: "invalid-utf8",
    default_level: Level::Deny,
    summary: "source file is not valid UTF-8 (no longer reported)",
    spec: None,
    explanation: "Earlier versions of oclc rejected any source that was not valid UTF-8. \
Like clang, oclc now accepts bytes that are not UTF-8 (a Latin-1 `é` in a comment, say) \
inside comments and string and character literals, keeps them byte for byte (`oclc -E` \
writes them back unchanged), and reports such a byte anywhere else as E0202 \
(\"byte 0xE9 is not valid UTF-8\"). This code is kept so that it is never reused.",
};

/// E0003: the error limit was reached.
pub static TOO_MANY_ERRORS: Code = Code {
    id: "E0003",
    name: "too-many-errors",
    default_level: Level::Deny,
    summary: "too many errors emitted, stopping now",
    spec: None,
    explanation: "`-ferror-limit=N` caps the number of errors reported. When it is reached, \
oclc reports this error and stops listing further ones. `-ferror-limit=0` removes the cap.",
};

/// E0004: the source exceeds the size limit.
pub static SOURCE_TOO_LARGE: Code = Code {
    id: "E0004",
    name: "source-too-large",
    default_level: Level::Deny,
    summary: "source file exceeds the size limit",
    spec: None,
    explanation: "oclc refuses source files larger than 256 MiB so that a runaway input \
cannot exhaust memory. Split the program into smaller files.",
};

/// E0005: an output file could not be written.
pub static OUTPUT_ERROR: Code = Code {
    id: "E0005",
    name: "output-error",
    default_level: Level::Deny,
    summary: "an output file could not be written",
    spec: None,
    explanation: "oclc could not write an output (the module, the preprocessed source, a \
descriptor map, a dependency file or a lint report): its directory does not exist or is not \
writable, the disk is full, standard output is closed, or the output is one of the inputs, \
which oclc refuses to overwrite. Nothing is left behind: an existing output is untouched. \
The message quotes the operating system's error.",
};

/// E0006: oclc failed internally and the failure was caught at a library
/// boundary ([`crate::catch_panics`]).
pub static INTERNAL_ERROR: Code = Code {
    id: "E0006",
    name: "internal-error",
    default_level: Level::Deny,
    summary: "oclc failed internally (a bug in oclc)",
    spec: None,
    explanation: "oclc stopped on an internal failure (a Rust panic) while compiling or linting, \
and the library boundary it was called through (the C library, the Python package) caught it: \
the host program goes on, and the call reports an internal error instead of a result. This is \
a bug in oclc, not in the input; please report it with the input that triggered it. The \
message quotes the panic's message and where it happened.",
};

/// Codes defined by the library facade itself.
pub static DRIVER_CODES: &[&Code] = &[
    &IO_ERROR,
    &INVALID_UTF8,
    &TOO_MANY_ERRORS,
    &SOURCE_TOO_LARGE,
    &OUTPUT_ERROR,
    &INTERNAL_ERROR,
];

/// Every code, sorted by id.
pub fn all() -> Vec<&'static Code> {
    let mut codes: Vec<&'static Code> = DRIVER_CODES
        .iter()
        .chain(oclc_preprocessor::codes::CODES)
        .chain(oclc_syntax::codes::CODES)
        .chain(oclc_sema::codes::CODES)
        .chain(oclc_sema::rules::RULES)
        .chain(oclc_spirv::codes::CODES)
        .copied()
        .collect();
    codes.sort_by_key(|c| c.id);
    codes
}

/// The code with this id (`E0401`) or name (`store-order`).
pub fn find(name_or_id: &str) -> Option<&'static Code> {
    all()
        .into_iter()
        .find(|c| c.id.eq_ignore_ascii_case(name_or_id) || c.name == name_or_id)
}

/// `docs/diagnostics.md`: every code with its name, level, specification
/// section, summary and explanation (a test keeps the file in sync).
pub fn markdown() -> String {
    oclc_diagnostics::markdown_reference(&all())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_names_are_unique_and_well_formed() {
        let codes = all();
        let mut ids: Vec<_> = codes.iter().map(|c| c.id).collect();
        ids.dedup();
        assert_eq!(ids.len(), codes.len(), "duplicate code id");
        let mut names: Vec<_> = codes.iter().map(|c| c.name).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), codes.len(), "duplicate code name");
        for c in codes {
            assert!(
                c.id.len() == 5
                    && (c.id.starts_with('E') || c.id.starts_with('W'))
                    && c.id[1..].bytes().all(|b| b.is_ascii_digit()),
                "{}",
                c.id
            );
            assert!(
                c.name
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'),
                "{}",
                c.name
            );
            assert!(
                !c.summary.is_empty() && !c.explanation.is_empty(),
                "{}",
                c.id
            );
            // Warnings (and only they) have warning-like default levels:
            // `configurable()` derives from the id.
            assert_eq!(
                c.id.starts_with('W'),
                c.default_level != oclc_diagnostics::Level::Deny,
                "{}",
                c.id
            );
        }
    }
}
