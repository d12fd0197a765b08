//! Codegen snapshots: each `tests/codegen/*.cl` compiles (with validation)
//! and its disassembly must equal the committed `.spvasm` next to it. Run
//! with `OCLC_BLESS=1` to rewrite the snapshots after an intended change.

use crate::fixtures;

#[test]
fn spvasm_snapshots() {
    let bless = std::env::var_os("OCLC_BLESS").is_some();
    let files = fixtures::files("tests/codegen", "cl");
    assert!(!files.is_empty(), "no codegen fixtures found");
    let mut failures = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let options = fixtures::options_for(&text);
        let source = oclc::Source::new(fixtures::display(path), text);
        let compiled = match oclc::compile(&source, &options) {
            Ok(c) => c,
            Err(f) => {
                failures.push(format!(
                    "{}: does not compile:\n{}",
                    fixtures::display(path),
                    f.report.render_human(oclc::HumanStyle::PLAIN)
                ));
                continue;
            }
        };
        let again = oclc::compile(&source, &options).expect("second compile");
        assert_eq!(
            compiled.words,
            again.words,
            "{}: output is not deterministic",
            path.display()
        );
        let asm = compiled.disassemble().expect("disassembles");
        let snapshot = path.with_extension("spvasm");
        if bless {
            std::fs::write(&snapshot, &asm).unwrap();
            continue;
        }
        match std::fs::read_to_string(&snapshot) {
            Ok(expected) if expected == asm => {}
            Ok(expected) => failures.push(format!(
                "{}: disassembly differs from the snapshot (rerun with OCLC_BLESS=1 if intended)\n{}",
                fixtures::display(path),
                first_difference(&expected, &asm)
            )),
            Err(_) => failures.push(format!(
                "{}: no snapshot; run with OCLC_BLESS=1 to create it",
                fixtures::display(path)
            )),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

fn first_difference(expected: &str, actual: &str) -> String {
    for (i, (e, a)) in expected.lines().zip(actual.lines()).enumerate() {
        if e != a {
            return format!("line {}:\n  expected: {e}\n  actual:   {a}", i + 1);
        }
    }
    format!(
        "lengths differ: expected {} lines, got {}",
        expected.lines().count(),
        actual.lines().count()
    )
}
