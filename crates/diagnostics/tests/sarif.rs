//! Golden tests of the SARIF renderer and validation of its output against
//! the SARIF 2.1.0 JSON schema vendored in `tests/data` (see its README).

mod common;

use oclc_diagnostics::render_sarif;
use serde_json::Value;

fn render() -> Value {
    let mut out = Vec::new();
    let codes = common::codes();
    render_sarif(
        &common::diagnostics(),
        &common::sources(),
        &codes,
        "1.2.3",
        &mut out,
    )
    .expect("writing into a Vec succeeds");
    serde_json::from_slice(&out).expect("the renderer writes one JSON document")
}

#[test]
fn output_matches_golden() {
    let actual = render();
    let pretty = serde_json::to_string_pretty(&actual).expect("values serialize") + "\n";
    let expected: Value = serde_json::from_str(&common::golden("diagnostics.sarif", &pretty))
        .expect("golden is JSON");
    assert_eq!(actual, expected);
}

#[test]
fn output_is_valid_sarif_2_1_0() {
    let validator = common::schema_validator();
    let log = render();
    let errors = common::schema_violations(&validator, &log);
    assert!(errors.is_empty(), "schema violations: {errors:#?}");
}

#[test]
fn schema_rejects_broken_logs() {
    // Guards against a validator that accepts everything.
    let validator = common::schema_validator();
    let mut log = render();
    log["runs"][0]["results"][0]["level"] = "fatal".into();
    assert!(!validator.is_valid(&log));
    let mut log = render();
    log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]["startLine"] =
        0.into();
    assert!(!validator.is_valid(&log));
    let mut log = render();
    log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] =
        "my dir/k.cl".into();
    assert!(
        !validator.is_valid(&log),
        "`uri-reference` formats are checked"
    );
}

#[test]
fn regions_give_lines_columns_and_offsets() {
    let log = render();
    let results = &log["runs"][0]["results"];
    // `ö` in "    float größe": 2 bytes at byte 105, 1 column wide.
    let region = &results[2]["locations"][0]["physicalLocation"]["region"];
    let expected = serde_json::json!({
        "startLine": 3, "startColumn": 13, "endLine": 3, "endColumn": 14,
        "byteOffset": 105, "byteLength": 2,
    });
    assert_eq!(*region, expected);
    // The `;` insertion: an empty region.
    let change = &results[3]["fixes"][0]["artifactChanges"][0];
    let expected = serde_json::json!({
        "startLine": 4, "startColumn": 14, "endLine": 4, "endColumn": 14,
        "byteOffset": 132, "byteLength": 0,
    });
    assert_eq!(change["replacements"][0]["deletedRegion"], expected);
    assert_eq!(change["replacements"][0]["insertedContent"]["text"], ";");
    assert_eq!(change["artifactLocation"]["uri"], "kernels/k.cl");
}

#[test]
fn rules_carry_levels_and_spec_sections() {
    let log = render();
    let rule = &log["runs"][0]["tool"]["driver"]["rules"][4];
    assert_eq!(rule["id"], "E0401");
    assert_eq!(rule["properties"]["specSection"], "OpenCL C 3.0 §6.15.12.7");
    assert_eq!(rule["defaultConfiguration"]["level"], "error");
    let allowed = &log["runs"][0]["tool"]["driver"]["rules"][5];
    assert_eq!(allowed["defaultConfiguration"]["level"], "none");
    assert_eq!(
        allowed["shortDescription"]["text"],
        "order hidden in a macro"
    );
}

#[test]
fn rules_are_listed_once_and_results_point_at_them() {
    let log = render();
    let run = &log["runs"][0];
    let rules = run["tool"]["driver"]["rules"]
        .as_array()
        .expect("rules array");
    assert_eq!(rules.len(), 7, "the duplicated code is listed once");
    for result in run["results"].as_array().expect("results array") {
        let index = result["ruleIndex"].as_u64().expect("every code is a rule") as usize;
        assert_eq!(rules[index]["id"], result["ruleId"]);
    }
    assert_eq!(run["tool"]["driver"]["version"], "1.2.3");
}
