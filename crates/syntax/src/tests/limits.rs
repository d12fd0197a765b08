//! Limits: deep nesting ends in one diagnostic without exhausting the
//! stack, random token soup never panics, the error cap holds, and a large
//! generated input parses in reasonable time.

use super::*;
use crate::codes;

const DEEP: usize = 100_000;

fn only_diagnostic(p: &Parse) -> &Diagnostic {
    assert_eq!(
        p.parsed.diagnostics.len(),
        1,
        "expected one diagnostic, got {:#?}",
        p.parsed.diagnostics
    );
    &p.parsed.diagnostics[0]
}

#[test]
fn deeply_nested_parentheses_stop_at_the_bracket_limit() {
    let src = format!(
        "void f(void) {{ x = {}x{}; }}",
        "(".repeat(DEEP),
        ")".repeat(DEEP)
    );
    let p = parse_source(&src);
    let d = only_diagnostic(&p);
    assert_eq!(d.code, &codes::NESTING_LIMIT);
    assert_eq!(d.message, "bracket nesting exceeds the limit of 256");
    let primary = d.primary.as_ref().unwrap();
    // `{` is depth 1, so the 256th `(` is the 257th bracket.
    let offset = "void f(void) { x = ".len() + 255;
    assert_eq!(primary.span.start as usize, offset);
    assert_eq!(p.text(primary.span), "(");
}

#[test]
fn deeply_nested_blocks_stop_at_the_bracket_limit() {
    let src = format!("void f(void) {}{}", "{".repeat(DEEP), "}".repeat(DEEP));
    let p = parse_source(&src);
    let d = only_diagnostic(&p);
    assert_eq!(d.message, "bracket nesting exceeds the limit of 256");
}

#[test]
fn long_unary_chains_are_cut_at_the_depth_limit() {
    let src = format!("void f(void) {{ y = {}x; }}", "!".repeat(DEEP));
    let p = parse_source(&src);
    let d = only_diagnostic(&p);
    assert_eq!(d.code, &codes::NESTING_LIMIT);
    assert_eq!(d.message, "expression nesting exceeds the limit of 512");
    assert_eq!(p.parsed.unit.items.len(), 1);
}

#[test]
fn long_binary_chains_are_not_nesting_but_right_nested_ones_are() {
    // `a+a+…+a`: a left-associative chain parses at any length.
    let mut src = String::from("void f(void) { y = a");
    for _ in 1..DEEP {
        src.push_str("+a");
    }
    src.push_str("; }");
    let p = parse_source(&src);
    assert!(p.messages().is_empty(), "{:?}", p.messages());
    // A right operand still nests (`a + - - … a`), and is cut at the
    // limit.
    let src = format!("void f(void) {{ y = a + {}a; }}", "- ".repeat(DEEP));
    let p = parse_source(&src);
    let d = only_diagnostic(&p);
    assert_eq!(d.message, "expression nesting exceeds the limit of 512");
}

#[test]
fn long_statement_chains_are_cut_at_the_depth_limit() {
    let src = format!("void f(void) {{ {} x = 1; }}", "if (c) ".repeat(DEEP));
    let p = parse_source(&src);
    let d = only_diagnostic(&p);
    assert_eq!(d.message, "statement nesting exceeds the limit of 512");
}

#[test]
fn nesting_within_the_limits_is_fine() {
    let src = format!(
        "void f(void) {{ x = {}x{}; y = {}z; {}{} }}",
        "(".repeat(200),
        ")".repeat(200),
        "-".repeat(500),
        "{".repeat(200),
        "}".repeat(200)
    );
    parse_clean(&src);
}

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[(self.next() % items.len() as u64) as usize]
    }
}

const SOUP: &[&str] = &[
    "int",
    "uint",
    "float4",
    "void",
    "unsigned",
    "long",
    "const",
    "volatile",
    "global",
    "__local",
    "kernel",
    "struct",
    "union",
    "enum",
    "typedef",
    "if",
    "else",
    "for",
    "while",
    "do",
    "switch",
    "case",
    "default",
    "break",
    "continue",
    "return",
    "goto",
    "sizeof",
    "__attribute__",
    "read_only",
    "x",
    "y",
    "T",
    "S",
    "0",
    "1u",
    "0x1p3",
    "1.5f",
    "'a'",
    "\"s\"",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ";",
    ",",
    ".",
    "->",
    "*",
    "&",
    "+",
    "-",
    "!",
    "~",
    "?",
    ":",
    "=",
    "+=",
    "<<=",
    "==",
    "&&",
    "||",
    "<",
    ">>",
    "...",
    "++",
    "--",
    "@",
    "08",
    "1e",
    "0x",
];

#[test]
fn random_token_sequences_never_panic() {
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    for round in 0..300 {
        let len = 1 + (rng.next() % 120) as usize;
        let mut src = String::new();
        for _ in 0..len {
            src.push_str(rng.pick(SOUP));
            src.push(' ');
        }
        let p = parse_source(&src);
        let errors = p.parsed.diagnostics.iter().filter(|d| d.is_error()).count();
        assert!(
            errors <= crate::MAX_ERRORS,
            "round {round}: {errors} errors"
        );
        for d in &p.parsed.diagnostics {
            assert!(
                !d.message.contains("Ident"),
                "internal name leaked: {}",
                d.message
            );
            assert!(
                !d.message.contains('"'),
                "internal name leaked: {}",
                d.message
            );
        }
    }
}

#[test]
fn error_count_is_capped_with_a_note() {
    let src = "void f(void) { x = ; }\n".repeat(80);
    let p = parse_source(&src);
    let diagnostics = &p.parsed.diagnostics;
    assert_eq!(diagnostics.len(), crate::MAX_ERRORS + 1);
    let last = diagnostics.last().unwrap();
    assert_eq!(last.code, &codes::TOO_MANY_ERRORS);
    assert!(!last.is_error());
    assert_eq!(last.message, "too many errors; stopped after 50");
}

/// A kernel used to build large inputs; `N` is replaced by a number.
const UNIT: &str = r#"
typedef struct { int count; float sum; } StatsN;
__kernel void kernelN(__global atomic_int *counter, __global const float4 *in,
                      __global float *out, __local int *scratch, uint n) {
    size_t gid = get_global_id(0);
    StatsN s = { 0, 0.0f };
    for (uint i = 0; i < n; ++i) {
        float4 v = in[gid * n + i];
        s.sum += v.x * 2.5f + v.y - (v.z / 3.0f) + v.w;
        if (s.sum > 100.0f && (i & 1) == 0) { s.count++; } else s.count -= 1;
    }
    scratch[get_local_id(0)] = s.count;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_fetch_add_explicit(counter, s.count, memory_order_relaxed, memory_scope_device);
    out[gid] = s.sum * (float)s.count + 0x1p-3f;
}
"#;

/// Generates at least `bytes` of distinct kernels.
pub fn large_input(bytes: usize) -> String {
    let mut src = String::with_capacity(bytes + UNIT.len());
    let mut i = 0;
    while src.len() < bytes {
        src.push_str(&UNIT.replace('N', &i.to_string()));
        i += 1;
    }
    src
}

#[test]
fn large_input_parses_cleanly() {
    let src = large_input(1 << 20);
    let p = parse_clean(&src);
    assert!(p.parsed.unit.items.len() > 1000);
}

/// A macro can turn one stray character into millions of tokens; the token
/// adapter keeps at most `MAX_LEXICAL_DIAGNOSTICS` errors and counts the
/// rest (each kept one cost hundreds of bytes: 9.4 million took 5.5 GB).
#[test]
fn lexical_errors_are_capped() {
    let mut src = String::from("#define S @ @ @ @ @ @ @ @ @ @\n#define T S S S S S S S S S S\n");
    src.push_str("#define U T T T T T T T T T T\nU U U U U U\n");
    let mut sources = SourceMap::new();
    let file = sources.add("test.cl", src.as_str());
    let pp = preprocess(&mut sources, file, &Config::default(), &FsLoader);
    let lexed = crate::lexer::lex(&pp);
    let max = crate::lexer::MAX_LEXICAL_DIAGNOSTICS;
    assert_eq!(lexed.suppressed, 6000 - max);
    assert_eq!(lexed.diagnostics.len(), max + 1);
    let (_, last) = lexed.diagnostics.last().expect("the closing diagnostic");
    assert_eq!(
        last.message,
        "5000 more lexical errors not reported (invalid characters or literals)"
    );
}

/// Statement expressions alternate statements and expressions: their depth
/// counts both, so deep nesting ends in the nesting error, not a stack
/// overflow.
#[test]
fn nested_statement_expressions_stop_at_the_depth_limit() {
    let n = 2_000;
    let src = format!(
        "void f(void) {{ int x = {}1{}; }}",
        "({ ".repeat(n),
        "; })".repeat(n)
    );
    let p = parse_source(&src);
    assert!(
        p.parsed
            .diagnostics
            .iter()
            .any(|d| d.code == &codes::NESTING_LIMIT),
        "{:#?}",
        p.parsed.diagnostics.first()
    );
}

#[test]
fn statement_expressions_parse() {
    parse_clean("int f(int a, int b) { return ({ int t = a; t > b ? t : b; }) + 1; }");
}
