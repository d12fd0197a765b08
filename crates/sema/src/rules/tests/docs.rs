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

/// A rule's spec section is written in its `//!` doc, its `CODE.spec` and
/// the `section::` rows its checks cite; the first two are tied above, and
/// this ties the code to the rows: the section `CODE.spec` cites is one of
/// the rows the rule's file names (or, for E0417, whose notes cite each
/// built-in's own row, the section that contains them all).
#[test]
fn every_code_cites_a_section_its_checks_name() {
    let table = include_str!("../../spec.rs");
    let number = |name: &str| -> Option<String> {
        let at = table.find(&format!("pub const {name}: &str = \""))?;
        let rest = &table[at..];
        let start = rest.find('"')? + 1;
        let end = start + rest[start..].find('"')?;
        Some(rest[start..end].to_owned())
    };
    let requirement = include_str!("../../requirement.rs");
    for (stem, source) in rule_sources() {
        let code = if source.contains("pub static CODE: Code") {
            source.as_str()
        } else {
            requirement
        };
        let spec = code
            .split("spec: Some(\"")
            .nth(1)
            .and_then(|s| s.split('"').next())
            .expect("every rule cites the specification");
        let cited: String = spec[spec.find('§').expect("a section number") + '§'.len_utf8()..]
            .chars()
            .take_while(|c| c.is_ascii_digit() || *c == '.')
            .collect();
        let cited = cited.trim_end_matches('.');
        let named: Vec<String> = source
            .match_indices("section::")
            .filter_map(|(at, _)| {
                let name: String = source[at + "section::".len()..]
                    .chars()
                    .take_while(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || *c == '_')
                    .collect();
                number(&name)
            })
            .collect();
        assert!(
            !named.is_empty(),
            "{stem}.rs cites no row of the section table"
        );
        let contains_all = named.iter().all(|n| n.starts_with(&format!("{cited}.")));
        assert!(
            named.iter().any(|n| n == cited) || contains_all,
            "{stem}.rs: CODE.spec cites §{cited}, its checks cite {named:?}"
        );
    }
}
