//! Regression fixtures from fuzzing and robustness work
//! (`tests/regressions/*.cl`, or `*.bin` for inputs that are not UTF-8).
//!
//! Each must end in diagnostics or in a module that validates, within a
//! time limit, without a panic. A fixture may state its expected outcome in
//! its first lines: `// oclc-flags: ...` (options), `// expect-code: E0205`
//! (a diagnostic that must be present), `// expect: module` (must compile).

use super::support::{compile_checked, within, Ending};
use crate::fixtures;
use std::time::Duration;

/// Time limit per fixture in a debug build.
const LIMIT: Duration = Duration::from_secs(30);

/// The `// key: value` header lines of a fixture.
fn header<'t>(text: &'t str, key: &str) -> Vec<&'t str> {
    text.lines()
        .take(10)
        .filter_map(|l| {
            l.trim()
                .strip_prefix("//")?
                .trim()
                .strip_prefix(key)?
                .strip_prefix(':')
        })
        .map(str::trim)
        .collect()
}

#[test]
fn regression_fixtures_end_well() {
    let mut files = fixtures::files("tests/regressions", "cl");
    files.extend(fixtures::files("tests/regressions", "bin"));
    assert!(!files.is_empty(), "tests/regressions is empty");
    for path in files {
        let name = fixtures::display(&path);
        let bytes = std::fs::read(&path).expect("readable fixture");
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let options = fixtures::options_for(&text);
        let codes: Vec<String> = header(&text, "expect-code")
            .iter()
            .map(|s| s.to_string())
            .collect();
        let wants_module = header(&text, "expect").contains(&"module");
        let job_name = name.clone();
        let ending = within(LIMIT, move || {
            compile_checked(&oclc::Source::from_bytes(job_name, bytes), &options)
        })
        .and_then(|r| r)
        .unwrap_or_else(|why| panic!("{name}: {why}"));
        match ending {
            Ending::Module(..) => assert!(codes.is_empty(), "{name}: compiled, expected {codes:?}"),
            Ending::Diagnostics(got) => {
                assert!(!wants_module, "{name}: expected a module, got {got:?}");
                for code in &codes {
                    assert!(got.contains(code), "{name}: expected {code}, got {got:?}");
                }
            }
        }
    }
}
