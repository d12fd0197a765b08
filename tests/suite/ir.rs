//! IR snapshots: each `tests/ir/*.cl` lowers to the IR text next to it
//! (`.ir`, [`oclc::ir_text`]), so a change in lowering is visible in review.
//! Run with `OCLC_BLESS=1` to rewrite the snapshots after an intended
//! change.

use crate::fixtures;

#[test]
fn ir_snapshots() {
    let bless = std::env::var_os("OCLC_BLESS").is_some();
    let files = fixtures::files("tests/ir", "cl");
    assert!(!files.is_empty(), "no IR fixtures found");
    let mut failures = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let options = fixtures::options_for(&text);
        let source = oclc::Source::new(fixtures::display(path), text);
        let ir = match oclc::ir_text(&source, &options) {
            Ok(ir) => ir,
            Err(f) => {
                failures.push(format!(
                    "{}: does not lower:\n{}",
                    fixtures::display(path),
                    f.report.render_human(oclc::HumanStyle::PLAIN)
                ));
                continue;
            }
        };
        let snapshot = path.with_extension("ir");
        if bless {
            std::fs::write(&snapshot, &ir).unwrap();
            continue;
        }
        match std::fs::read_to_string(&snapshot) {
            Ok(expected) if expected == ir => {}
            Ok(expected) => {
                let line = expected
                    .lines()
                    .zip(ir.lines())
                    .position(|(a, b)| a != b)
                    .map_or(expected.lines().count().min(ir.lines().count()), |i| i);
                failures.push(format!(
                    "{}: IR differs from the snapshot at line {} (rerun with OCLC_BLESS=1 if intended)\n  expected: {}\n  actual:   {}",
                    fixtures::display(path),
                    line + 1,
                    expected.lines().nth(line).unwrap_or(""),
                    ir.lines().nth(line).unwrap_or("")
                ));
            }
            Err(_) => failures.push(format!(
                "{}: no snapshot; run with OCLC_BLESS=1 to create it",
                fixtures::display(path)
            )),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
