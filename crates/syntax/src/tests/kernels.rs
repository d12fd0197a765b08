//! Realistic kernels under `tests/data/` parse without diagnostics.

use super::*;

fn parse_file(name: &str) -> Parse {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let src = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    parse_clean(&src)
}

fn function_names(p: &Parse) -> Vec<String> {
    p.parsed
        .unit
        .items
        .iter()
        .filter_map(|item| match item {
            Item::Function(f) => f.declarator.name.map(|n| p.name(&n).to_string()),
            _ => None,
        })
        .collect()
}

#[test]
fn histogram_kernel() {
    let p = parse_file("histogram.cl");
    assert_eq!(function_names(&p), ["bin_of", "histogram"]);
}

#[test]
fn legacy_atomics_kernel() {
    let p = parse_file("legacy_atomics.cl");
    assert_eq!(
        function_names(&p),
        ["lock", "unlock", "count_matches", "guarded_sum"]
    );
}

#[test]
fn work_queue_kernel() {
    let p = parse_file("work_queue.cl");
    assert_eq!(function_names(&p), ["try_pop", "consume", "produce"]);
}

#[test]
fn reduction_kernel() {
    let p = parse_file("reduction.cl");
    assert_eq!(function_names(&p), ["weighted", "reduce"]);
    // Two program-scope variables precede the functions.
    assert!(matches!(p.parsed.unit.items[0], Item::Declaration(_)));
    assert!(matches!(p.parsed.unit.items[1], Item::Declaration(_)));
}
