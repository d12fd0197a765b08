//! Documentation that is generated from code stays in sync with it:
//! `docs/diagnostics.md` from the diagnostic registry and `docs/builtins.md`
//! from the built-in library table (regenerate with `OCLC_BLESS=1`).

use crate::fixtures;

/// Checks (or, with `OCLC_BLESS`, writes) a generated document; returns
/// its committed text.
fn generated_doc(file: &str, generated: &str, source: &str) -> String {
    let path = fixtures::root().join(file);
    if std::env::var_os("OCLC_BLESS").is_some() {
        std::fs::write(&path, generated).unwrap();
        return generated.to_owned();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "{file} is out of date with {source}; run `OCLC_BLESS=1 cargo test --test suite docs` and commit the result"
    );
    committed
}

#[test]
fn diagnostics_reference_is_up_to_date() {
    let committed = generated_doc(
        "docs/diagnostics.md",
        &oclc::registry::markdown(),
        "the registry",
    );
    for code in oclc::registry::all() {
        assert!(committed.contains(code.id), "{} missing", code.id);
    }
}

#[test]
fn builtins_reference_is_up_to_date() {
    generated_doc(
        "docs/builtins.md",
        &oclc::builtins::markdown(),
        "the library table",
    );
}
