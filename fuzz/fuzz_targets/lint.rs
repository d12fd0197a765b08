//! Fuzzes the linter's path (`oclc::check`, every rule, no emission) and
//! its output: the report of two sources merged (as `oclc lint a.cl b.cl`
//! merges them) under lint levels chosen by the input, rendered as human
//! text (plain, coloured, short), JSON lines and SARIF. Beyond "no panic",
//! each rendering must be well-formed: every JSON line parses and names a
//! code, the SARIF log parses and holds exactly one result per diagnostic,
//! and its `rules` list only rules that have results, each once.
//!
//! Input layout: the options byte of every target ([`oclc_fuzz::split_input`]),
//! a level byte, then the source; a `\0` in the source splits it into two
//! files.
#![no_main]

use libfuzzer_sys::fuzz_target;
use oclc::{Level, LevelFlag, Report, Source};
use oclc_fuzz::{on_small_stack, options_for, MemoryLoader};
use std::collections::BTreeSet;

/// Level flags a lint run may carry, picked by the bits of the level byte
/// (configurable codes only: the specification's errors cannot be allowed).
fn level_flags(bits: u8) -> Vec<LevelFlag> {
    let mut flags = Vec::new();
    let mut set = |on: bool, flag: Result<LevelFlag, String>| {
        if on {
            flags.push(flag.expect("a registered code"));
        }
    };
    set(bits & 1 != 0, Ok(LevelFlag::Everything));
    set(bits & 2 != 0, Ok(LevelFlag::WarningsAsErrors(true)));
    set(bits & 4 != 0, Ok(LevelFlag::SuppressWarnings));
    set(bits & 8 != 0, LevelFlag::set("printf-format", Level::Allow));
    set(bits & 16 != 0, LevelFlag::set("deprecated-atomics", Level::Deny));
    flags
}

fuzz_target!(|data: &[u8]| {
    on_small_stack(|| {
        let (selector, rest) = data.split_first().unwrap_or((&0, &[]));
        let (level_bits, text) = rest.split_first().unwrap_or((&0, &[]));
        let mut options = options_for(*selector);
        for flag in level_flags(*level_bits) {
            options.levels.apply(flag);
        }
        let mut report = Report::default();
        for (i, part) in text.splitn(2, |&b| b == 0).enumerate() {
            let source = Source::from_bytes(format!("f{i}.cl"), part.to_vec());
            report.merge(oclc::check_with_loader(&source, &options, &MemoryLoader));
        }
        check_renderings(&report);
    });
});

fn check_renderings(report: &Report) {
    let count = report.diagnostics().len();
    for style in [
        oclc::HumanStyle::PLAIN,
        oclc::HumanStyle {
            color: true,
            short: false,
        },
        oclc::HumanStyle {
            color: false,
            short: true,
        },
    ] {
        let human = report.render_human(style);
        assert_eq!(human.is_empty(), count == 0);
    }

    let json = report.render_json();
    let lines: Vec<serde_json::Value> = json
        .lines()
        .map(|line| serde_json::from_str(line).expect("each JSON line parses"))
        .collect();
    assert_eq!(lines.len(), count, "one JSON line per diagnostic");
    for line in &lines {
        assert!(line["message"].is_string());
        assert!(line["level"].is_string());
    }

    let sarif: serde_json::Value =
        serde_json::from_str(&report.render_sarif()).expect("the SARIF log parses");
    let run = &sarif["runs"][0];
    let results = run["results"].as_array().expect("results");
    assert_eq!(results.len(), count, "one SARIF result per diagnostic");
    let used: BTreeSet<&str> = results
        .iter()
        .filter_map(|r| r["ruleId"].as_str())
        .collect();
    let rules = run["tool"]["driver"]["rules"].as_array().expect("rules");
    let listed: Vec<&str> = rules.iter().filter_map(|r| r["id"].as_str()).collect();
    let unique: BTreeSet<&str> = listed.iter().copied().collect();
    assert_eq!(unique.len(), listed.len(), "each rule listed once");
    assert_eq!(unique, used, "the rules listed are those with results");
}
