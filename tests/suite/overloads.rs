//! Overload resolution of the built-ins against clang's, on the calls
//! `scripts/overload-oracle.py` recorded from clang-15:
//! * every call in `tests/overloads/library.txt` (the library functions)
//!   must resolve to the same result type, be ambiguous (E0324) or match
//!   no overload (E0310), as clang has it;
//! * every call in `tests/overloads/others.txt` (conversions, loads and
//!   stores, collectives, legacy atomics, work-item functions) that clang
//!   accepts must resolve to the same type. oclc accepts some calls clang
//!   rejects there: atomics on objects the rules then report, and
//!   `volatile` pointers to loads.
//!
//! The calls are compiled together, one per line of a generated kernel,
//! each assigned to a `struct P` so that the type mismatch (E0303) names
//! the type the call resolved to.

use crate::fixtures;

const SCALARS: [&str; 11] = [
    "char", "uchar", "short", "ushort", "int", "uint", "long", "ulong", "float", "double", "half",
];

/// Pointer arguments: the type as the oracle writes it, and the probe's
/// expression of that type.
const POINTERS: [(&str, &str); 21] = [
    ("global float*", "gp_float"),
    ("global float4*", "gp_float4"),
    ("global double2*", "gp_double2"),
    ("global int*", "gp_int"),
    ("global int4*", "gp_int4"),
    ("local float*", "lp_float"),
    ("local int8*", "lp_int8"),
    ("private float*", "&v_float"),
    ("private int*", "&v_int"),
    ("private float3*", "&v_float3"),
    ("private int3*", "&v_int3"),
    ("constant float*", "cp_float"),
    ("global const float*", "gcp_float"),
    ("global uint*", "gp_uint"),
    ("global half*", "gp_half"),
    ("global long*", "gp_long"),
    ("global uchar*", "gp_uchar"),
    ("local int*", "lp_int"),
    ("volatile global int*", "vgp_int"),
    ("global atomic_int*", "ap_int"),
    ("local float4*", "lp_float4"),
];

struct Call<'a> {
    text: &'a str,
    name: &'a str,
    args: Vec<&'a str>,
    expected: &'a str,
}

fn parse(line: &str) -> Option<Call<'_>> {
    let (call, expected) = line.split_once(" -> ")?;
    let (name, args) = call.split_once('(')?;
    let args = args.strip_suffix(')')?;
    Some(Call {
        text: call,
        name,
        args: args.split(", ").collect(),
        expected: expected.trim(),
    })
}

fn argument(ty: &str) -> String {
    match POINTERS.iter().find(|(t, _)| *t == ty) {
        Some((_, expr)) => expr.to_string(),
        None => format!("v_{ty}"),
    }
}

/// The probe kernel's head: a variable of every scalar and vector type,
/// pointer parameters in each address space.
fn prelude() -> Vec<String> {
    let mut lines = vec![
        "#pragma OPENCL EXTENSION cl_khr_fp16 : enable".to_string(),
        "struct P { int x; };".to_string(),
        "kernel void probe(global float *gp_float, global float4 *gp_float4, \
         global double2 *gp_double2, global int *gp_int, global int4 *gp_int4, \
         local float *lp_float, local int8 *lp_int8, constant float *cp_float, \
         global const float *gcp_float, global uint *gp_uint, global half *gp_half, \
         global long *gp_long, global uchar *gp_uchar, local int *lp_int, \
         volatile global int *vgp_int, global atomic_int *ap_int, local float4 *lp_float4) {"
            .to_string(),
    ];
    for s in SCALARS {
        lines.push(format!("  {s} v_{s} = 0;"));
        for n in [2, 3, 4, 8, 16] {
            lines.push(format!("  {s}{n} v_{s}{n} = 0;"));
        }
    }
    lines
}

/// What oclc made of the call on each line: the result type, `ambiguous`
/// or `none`, or the unexpected diagnostic.
fn verdicts(report: &oclc::Report) -> std::collections::HashMap<usize, String> {
    let mut out = std::collections::HashMap::new();
    for d in report.diagnostics() {
        // Incompatible pointer arguments convert with a warning, as in
        // clang.
        let Some(label) = d.primary.as_ref().filter(|_| d.code.id != "W0301") else {
            continue;
        };
        let line = report
            .sources()
            .file(label.span.file)
            .line_col(label.span.start)
            .line as usize;
        let verdict = match d.code.id {
            "E0324" => "ambiguous".to_string(),
            "E0310" => "none".to_string(),
            "E0303" => match d.message.strip_prefix("assigning `") {
                Some(rest) => rest.split('`').next().unwrap_or("?").to_string(),
                None => format!("{}: {}", d.code.id, d.message),
            },
            _ => format!("{}: {}", d.code.id, d.message),
        };
        out.entry(line).or_insert(verdict);
    }
    out
}

/// Each call of `file` with clang's verdict and oclc's.
fn compare(file: &str) -> Vec<(String, String, String)> {
    let path = fixtures::root().join("tests/overloads").join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{file}: {e}"));
    let calls: Vec<Call<'_>> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| parse(l).unwrap_or_else(|| panic!("bad line: {l}")))
        .collect();
    let mut source = prelude();
    let first = source.len() + 1;
    for call in &calls {
        let args: Vec<String> = call.args.iter().map(|a| argument(a)).collect();
        source.push(format!(
            "  {{ struct P r = {}({}); }}",
            call.name,
            args.join(", ")
        ));
    }
    source.push("}".to_string());
    let source = oclc::Source::new(file, source.join("\n"));
    let options =
        oclc::Options::from_build_options("-cl-std=CL2.0 -ferror-limit=0").expect("options");
    let report = oclc::check(&source, &options);
    let found = verdicts(&report);
    calls
        .iter()
        .enumerate()
        .map(|(i, call)| {
            let got = found
                .get(&(first + i))
                .map_or("no diagnostic", |s| s.as_str());
            (
                call.text.to_string(),
                call.expected.to_string(),
                got.to_string(),
            )
        })
        .collect()
}

fn assert_none(file: &str, wrong: Vec<String>, total: usize) {
    assert!(
        wrong.is_empty(),
        "{file}: {} of {total} calls resolve differently:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn library_calls_resolve_as_clang_resolves_them() {
    let results = compare("library.txt");
    let wrong = results
        .iter()
        .filter(|(_, clang, oclc)| clang != oclc)
        .map(|(call, clang, oclc)| format!("  {call}: clang {clang}, oclc {oclc}"))
        .collect();
    assert_none("library.txt", wrong, results.len());
}

#[test]
fn other_builtin_calls_clang_accepts_resolve_alike() {
    let results = compare("others.txt");
    let wrong = results
        .iter()
        .filter(|(_, clang, oclc)| clang != "none" && clang != "ambiguous" && clang != oclc)
        .map(|(call, clang, oclc)| format!("  {call}: clang {clang}, oclc {oclc}"))
        .collect();
    assert_none("others.txt", wrong, results.len());
}
