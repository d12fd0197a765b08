//! IR snapshots: each `tests/ir/*.cl` lowers to the IR text next to it
//! (`.ir`, [`oclc::ir_text`]), so a change in lowering is visible in review.
//! Run with `OCLC_BLESS=1` to rewrite the snapshots after an intended
//! change.

use crate::fixtures;

#[test]
fn ir_snapshots() {
    let failures = fixtures::snapshots("tests/ir", "ir", |path, text, options| {
        let source = oclc::Source::new(fixtures::display(path), text);
        oclc::ir_text(&source, options).map_err(|f| {
            format!(
                "does not lower:\n{}",
                f.report.render_human(oclc::HumanStyle::PLAIN)
            )
        })
    });
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
