//! `-E` printing, the comparison with clang, and lexing throughput.

use super::{lex_spellings, run_with, MemLoader};
use crate::{print, Config};

fn printed(source: &str, loader: &MemLoader) -> String {
    let (pp, sources, _) = run_with(source, &Config::default(), loader);
    print(&pp, &sources)
}

#[test]
fn keeps_line_structure() {
    let out = printed(
        "int a;\n\n\nint   b ;\n#define X 1\nX +\n  X",
        &MemLoader::default(),
    );
    assert_eq!(out, "# 1 \"main.cl\"\nint a;\n\n\nint b ;\n\n1 +\n  1\n");
}

#[test]
fn line_markers_for_files_and_jumps() {
    let loader = MemLoader::with(&[("h.h", "h1\nh2")]);
    let source = format!("a\n#include \"h.h\"\nb{}c", "\n".repeat(20));
    let out = printed(&source, &loader);
    assert_eq!(
        out,
        "# 1 \"main.cl\"\na\n# 1 \"h.h\"\nh1\nh2\n# 3 \"main.cl\"\nb\n# 23 \"main.cl\"\nc\n"
    );
}

#[test]
fn pragmas_are_passed_through() {
    let out = printed(
        "a\n#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n#pragma once\nb",
        &MemLoader::default(),
    );
    assert_eq!(
        out,
        "# 1 \"main.cl\"\na\n#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n\nb\n"
    );
}

#[test]
fn pragma_operator_becomes_a_line_of_its_own() {
    let out = printed(
        "#define U _Pragma(\"unroll 4\")\nU for (;;) {}\n_Pragma(\"once\") x\n",
        &MemLoader::default(),
    );
    assert_eq!(
        out,
        "# 2 \"main.cl\"\n#pragma unroll 4\n# 2 \"main.cl\"\n  for (;;) {}\n#pragma once\n# 3 \"main.cl\"\n                x\n"
    );
}

#[test]
fn separates_tokens_that_would_merge() {
    let out = printed(
        "#define P +\n#define E\nP+ -P-E- x/E/y a.P",
        &MemLoader::default(),
    );
    let line = out.lines().last().unwrap_or_default();
    assert_eq!(
        lex_spellings(line),
        ["+", "+", "-", "+", "-", "-", "x", "/", "/", "y", "a", ".", "+"]
    );
}

/// Inputs for the clang comparison (no predefined macros involved).
const CLANG_INPUTS: &[&str] = &[
    "#define x 3\n#define f(a) f(x * (a))\n#undef x\n#define x 2\n#define g f\n#define z z[0]\n\
     #define h g(~\n#define m(a) a(w)\n#define w 0,1\n#define t(a) a\n#define p() int\n\
     #define q(x) x\n#define r(x,y) x ## y\n#define str(x) # x\n\
     f(y+1) + f(f(z)) % t(t(g)(0) + t)(1);\ng(x+(3,4)-w) | h 5) & m\n(f)^m(m);\n\
     p() i[q()] = { q(1), r(2,3), r(4,), r(,5), r(,) };\nchar c[2][6] = { str(hello), str() };\n",
    "#define CAT(a, b) a ## b\n#define XCAT(a, b) CAT(a, b)\n#define N 4\n\
     kernel void k(global int *p) { p[XCAT(N, 2)] = CAT(0x, 1f) + __LINE__; }\n",
    "#define L(...) __VA_ARGS__\n#define S(x) #x\n#define XS(x) S(x)\nL(a, b, c) XS(L( 1  + 2 ))\n\
     #if (3 > 2u) && defined(L) && !defined(M) || 1/0\nyes\n#elif 1\nno\n#endif\n",
];

#[test]
fn matches_clang_token_sequences() {
    let available = std::process::Command::new("clang-15")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !available {
        println!("skipping: clang-15 is not installed");
        return;
    }
    let dir = std::env::temp_dir().join(format!("oclc-pp-clang-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    for (i, input) in CLANG_INPUTS.iter().enumerate() {
        let path = dir.join(format!("t{i}.cl"));
        std::fs::write(&path, input).expect("write input");
        let clang = std::process::Command::new("clang-15")
            .args(["-E", "-P", "-x", "cl", "-cl-std=CL2.0", "-cl-no-stdinc"])
            .arg(&path)
            .output()
            .expect("run clang");
        assert!(clang.status.success(), "clang failed on input {i}");
        let expected = lex_spellings(&String::from_utf8_lossy(&clang.stdout));
        let ours = lex_spellings(&printed(input, &MemLoader::default()));
        let ours = strip_markers(&ours);
        assert_eq!(ours, expected, "input {i}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Removes `# <n> "<file>"` line markers from a token list.
fn strip_markers(tokens: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let is_marker = tokens[i] == "#"
            && tokens
                .get(i + 1)
                .is_some_and(|t| t.bytes().all(|b| b.is_ascii_digit()))
            && tokens.get(i + 2).is_some_and(|t| t.starts_with('"'));
        if is_marker {
            i += 3;
        } else {
            out.push(tokens[i].clone());
            i += 1;
        }
    }
    out
}

/// Throughput of the lexer and of plain-text preprocessing on ~5 MB
/// (meaningful in release builds: `cargo test --release -- --nocapture`).
#[test]
#[cfg(not(debug_assertions))]
fn throughput() {
    use crate::lexer::{new_interner, Lexer};
    use oclc_diagnostics::FileId;
    let unit = "kernel void add(global const float *a, global float *b, int n) {\n\
                \tint i = get_global_id(0); /* index */\n\
                \tif (i < n) b[i] = a[i] * 2.5f + 0x1fu; // scale\n}\n";
    let text = unit.repeat(5_000_000 / unit.len());
    let mb = text.len() as f64 / 1e6;
    // Best of three runs (the machine may be shared).
    let mut lex_time = f64::MAX;
    let mut pp_time = f64::MAX;
    let mut count = 0usize;
    let mut pp = None;
    for _ in 0..3 {
        let start = std::time::Instant::now();
        let mut interner = new_interner();
        let mut diags = Vec::new();
        let mut lexer = Lexer::new(&text, FileId(0));
        count = 0;
        while lexer.next_token(&mut interner, &mut diags).is_some() {
            count += 1;
        }
        lex_time = lex_time.min(start.elapsed().as_secs_f64());
        let start = std::time::Instant::now();
        pp = Some(run_with(&text, &Config::default(), &MemLoader::default()).0);
        pp_time = pp_time.min(start.elapsed().as_secs_f64());
    }
    let pp = pp.expect("ran three times");
    assert_eq!(pp.tokens.len(), count);
    println!(
        "lexer: {:.0} MB/s; preprocess: {:.0} MB/s ({count} tokens, {mb:.1} MB)",
        mb / lex_time,
        mb / pp_time
    );
}
