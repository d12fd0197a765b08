//! Codegen snapshots: each `tests/codegen/*.cl` compiles (with validation)
//! and its disassembly must equal the committed `.spvasm` next to it. Run
//! with `OCLC_BLESS=1` to rewrite the snapshots after an intended change.

use crate::fixtures;

#[test]
fn spvasm_snapshots() {
    let failures = fixtures::snapshots("tests/codegen", "spvasm", |path, text, options| {
        let source = oclc::Source::new(fixtures::display(path), text);
        let compiled = oclc::compile(&source, options).map_err(|f| {
            format!(
                "does not compile:\n{}",
                f.report.render_human(oclc::HumanStyle::PLAIN)
            )
        })?;
        let again = oclc::compile(&source, options).expect("second compile");
        assert_eq!(
            compiled.words,
            again.words,
            "{}: output is not deterministic",
            path.display()
        );
        Ok(compiled.disassemble().expect("disassembles"))
    });
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
