//! Resource limits: one error, a clean stop, no hang or stack overflow.

use super::{codes, run, run_with, spellings, MemLoader};
use crate::{Config, Limits};
use std::fmt::Write;

fn config(limits: Limits) -> Config {
    Config {
        limits,
        ..Config::default()
    }
}

/// `#define X0 x`, `#define Xn X(n-1) X(n-1)`, then `X<levels>`.
fn doubling_chain(levels: u32) -> String {
    let mut text = String::from("#define X0 x\n");
    for i in 1..=levels {
        let _ = writeln!(text, "#define X{i} X{} X{}", i - 1, i - 1);
    }
    let _ = write!(text, "before X{levels} after");
    text
}

#[test]
fn exponential_macro_hits_expansion_limit() {
    let limits = Limits {
        macro_expansions: 50_000,
        ..Limits::default()
    };
    let (pp, _, _) = run_with(&doubling_chain(60), &config(limits), &MemLoader::default());
    assert_eq!(codes(&pp), ["E0112"]);
    assert!(pp.diagnostics[0].message.contains("50000 macro expansions"));
    assert!(pp.tokens.len() < 50_000);
    assert_eq!(spellings(&pp)[0], "before");
    assert!(!spellings(&pp).contains(&"after".to_string()));
}

#[test]
fn exponential_macro_hits_output_limit() {
    let limits = Limits {
        output_tokens: 10_000,
        ..Limits::default()
    };
    let (pp, _, _) = run_with(&doubling_chain(60), &config(limits), &MemLoader::default());
    assert_eq!(codes(&pp), ["E0112"]);
    assert!(pp.tokens.len() <= 10_000);
    // Plain text stops exactly at the limit.
    let (pp, _, _) = run_with(&"x ".repeat(20_000), &config(limits), &MemLoader::default());
    assert_eq!(codes(&pp), ["E0112"]);
    assert!(pp.diagnostics[0].message.contains("more than 10000 tokens"));
    assert_eq!(pp.tokens.len(), 10_000);
}

#[test]
fn deep_conditional_nesting_hits_limit() {
    let text = "#if 1\n".repeat(100_000);
    let pp = run(&text);
    assert_eq!(codes(&pp), ["E0112"]);
    assert!(pp.diagnostics[0].message.contains("nested more than 1000"));
    // Deeply nested skipped groups need no stack at all.
    let text = format!(
        "#if 0\n{}{}#endif\nok",
        "#if 1\n".repeat(100_000),
        "#endif\n".repeat(100_000)
    );
    let pp = run(&text);
    assert_eq!(pp.diagnostics, vec![]);
    assert_eq!(spellings(&pp), ["ok"]);
}

#[test]
fn deeply_nested_invocations_do_not_overflow() {
    let depth = 20_000;
    let text = format!(
        "#define f(x) (x)\n{}1{}",
        "f(".repeat(depth),
        ")".repeat(depth)
    );
    let limits = Limits {
        output_tokens: 1_000_000,
        ..Limits::default()
    };
    let (pp, _, _) = run_with(&text, &config(limits), &MemLoader::default());
    assert_eq!(codes(&pp), ["E0112"]);
    // Moderate nesting works.
    let text = format!("#define f(x) (x)\n{}1{}", "f(".repeat(200), ")".repeat(200));
    let pp = run(&text);
    assert_eq!(pp.diagnostics, vec![]);
    assert_eq!(pp.tokens.len(), 401);
}

#[test]
fn include_depth_limit_is_configurable() {
    let loader = MemLoader::with(&[("self.h", "#include \"self.h\"\n")]);
    let limits = Limits {
        include_depth: 5,
        ..Limits::default()
    };
    let (pp, _, _) = run_with("#include \"self.h\"", &config(limits), &loader);
    assert_eq!(codes(&pp), ["E0110"]);
    assert_eq!(
        pp.diagnostics[0].notes[0],
        "include chain: main.cl → self.h → self.h → self.h → self.h → self.h"
    );
}
