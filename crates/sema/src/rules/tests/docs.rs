//! Each rule is documented once, in its file's leading `//!` comment, and
//! that comment (through `build.rs`) is its code's explanation.

use super::super::RULES;
use std::path::Path;

/// `(file stem, source)` of every rule file: those declaring a `CODE`.
fn rule_sources() -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/rules");
    let mut rules = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|ext| ext != "rs") {
            continue;
        }
        let source = std::fs::read_to_string(&path).unwrap();
        // `availability` re-exports its code from `crate::requirement`,
        // where lowering reads it too.
        if source.contains("pub static CODE: Code")
            || source.contains("pub use crate::requirement::CODE;")
        {
            let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
            rules.push((stem, source));
        }
    }
    rules.sort();
    rules
}

#[test]
fn every_explanation_comes_from_the_rule_doc() {
    let rules = rule_sources();
    assert_eq!(rules.len(), RULES.len());
    for (stem, source) in &rules {
        assert!(
            !source.contains("explanation: \""),
            "{stem}.rs writes its explanation as a string; document the rule in its `//!` comment"
        );
        let include = format!("explanation: rule_doc!(\"{stem}\"),");
        let requirement = include_str!("../../requirement.rs");
        assert!(
            source.contains(&include)
                || (source.contains("pub use crate::requirement::CODE;")
                    && requirement.contains(&include)),
            "{stem}.rs lacks `{include}`"
        );
        assert!(source.starts_with("//! "), "{stem}.rs has no `//!` doc");
    }
}

#[test]
fn every_explanation_has_the_sections_and_cites_its_spec() {
    for code in RULES {
        let text = code.explanation;
        let id = code.id;
        // The title paragraph is dropped: readers print id, name and summary.
        assert!(
            text.starts_with("**What it does.**"),
            "{id}: explanation starts with {:?}",
            text.lines().next()
        );
        for heading in ["**Why is this bad?**", "**Example.**\n```c\n", "**Spec.**"] {
            assert!(text.contains(heading), "{id}: no {heading:?}");
        }
        // Rustdoc links become plain code spans.
        assert!(!text.contains("[`"), "{id}: a rustdoc link is left");
        let spec = code.spec.expect("every rule cites the specification");
        let section = &spec[spec.find('§').expect("a section number")..];
        let cites = &text[text.find("**Spec.**").unwrap()..];
        // `§6.15.12.7` must not match inside `§6.15.12.7.1`.
        let cited = cites.match_indices(section).any(|(at, _)| {
            let mut after = cites[at + section.len()..].chars();
            !matches!(
                (after.next(), after.next()),
                (Some('0'..='9'), _) | (Some('.'), Some('0'..='9'))
            )
        });
        assert!(
            cited,
            "{id}: the **Spec.** paragraph does not cite {section}"
        );
    }
}

#[test]
fn rustdoc_links_read_as_code() {
    let unavailable = RULES.iter().find(|c| c.id == "E0417").unwrap();
    assert!(unavailable.explanation.contains("(`check_name`)"));
}
