//! Documentation that is generated from code stays in sync with it:
//! `docs/diagnostics.md` from the diagnostic registry and `docs/builtins.md`
//! from the built-in library table (regenerate with `OCLC_BLESS=1`).

use crate::fixtures;

#[test]
fn diagnostics_reference_is_up_to_date() {
    let path = fixtures::root().join("docs/diagnostics.md");
    let generated = oclc::registry::markdown();
    if std::env::var_os("OCLC_BLESS").is_some() {
        std::fs::write(&path, &generated).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "docs/diagnostics.md is out of date with the registry; run `OCLC_BLESS=1 cargo test --test suite docs` and commit the result"
    );
    for code in oclc::registry::all() {
        assert!(committed.contains(code.id), "{} missing", code.id);
    }
}

#[test]
fn builtins_reference_is_up_to_date() {
    let path = fixtures::root().join("docs/builtins.md");
    let generated = oclc::builtins::markdown();
    if std::env::var_os("OCLC_BLESS").is_some() {
        std::fs::write(&path, &generated).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "docs/builtins.md is out of date with the library table; run `OCLC_BLESS=1 cargo test --test suite docs` and commit the result"
    );
}
