//! Robustness: analysis never panics on any parsed input, including
//! random token soup (the parser recovers with error nodes) and nesting
//! up to the parser's depth limit.

use super::compile;

/// A small deterministic generator (xorshift64*), so failures reproduce.
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

const TOKENS: &[&str] = &[
    "kernel",
    "void",
    "int",
    "uint",
    "float",
    "long",
    "char",
    "bool",
    "size_t",
    "global",
    "local",
    "constant",
    "private",
    "generic",
    "const",
    "volatile",
    "struct",
    "union",
    "enum",
    "typedef",
    "static",
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
    "sizeof",
    "atomic_int",
    "atomic_uint",
    "atomic_flag",
    "atomic_long",
    "atomic_float",
    "memory_order",
    "int4",
    "x",
    "y",
    "p",
    "q",
    "S",
    "k",
    "f",
    "0",
    "1",
    "42",
    "0x10u",
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
    "/",
    "%",
    "<<",
    ">>",
    "<",
    ">",
    "<=",
    ">=",
    "==",
    "!=",
    "^",
    "|",
    "&&",
    "||",
    "?",
    ":",
    "=",
    "+=",
    "-=",
    "*=",
    "++",
    "--",
    "atomic_fetch_add",
    "atomic_fetch_add_explicit",
    "atomic_compare_exchange_strong",
    "atomic_load",
    "atomic_store",
    "atomic_init",
    "atomic_inc",
    "atom_add",
    "atomic_flag_clear",
    "barrier",
    "work_group_barrier",
    "atomic_work_item_fence",
    "get_global_id",
    "min",
    "abs",
    "memory_order_relaxed",
    "memory_order_seq_cst",
    "memory_scope_device",
    "memory_scope_work_item",
    "CLK_GLOBAL_MEM_FENCE",
    "NULL",
    "__attribute__",
    "reqd_work_group_size",
];

const PREFIXES: &[&str] = &[
    "",
    "kernel void k(global atomic_int *p, global int *q, int x) {",
    "struct S { int a; atomic_int b; }; kernel void k(global struct S *p, int x) { int y = 0;",
];

#[test]
fn random_token_soup_never_panics() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for _ in 0..400 {
        let mut source = rng.pick(PREFIXES).to_string();
        let len = 1 + rng.next() % 120;
        for _ in 0..len {
            source.push(' ');
            source.push_str(rng.pick(TOKENS));
        }
        if rng.next().is_multiple_of(2) {
            source.push_str(" ; }");
        }
        let _ = compile(&source);
    }
}

#[test]
fn deep_nesting_within_the_parser_limit_does_not_overflow() {
    let depth = 480;
    let parens = format!(
        "kernel void k(global int *p) {{ p[0] = {}1{}; }}",
        "(".repeat(depth),
        ")".repeat(depth)
    );
    let _ = compile(&parens);
    let negations = format!(
        "kernel void k(global int *p) {{ p[0] = {}1; }}",
        "- ".repeat(depth)
    );
    let _ = compile(&negations);
    let sums = format!(
        "kernel void k(global int *p, int a) {{ p[0] = a{}; }}",
        "+a".repeat(depth)
    );
    let c = compile(&sums);
    assert!(c.errors().is_empty(), "{:?}", c.error_ids());
    let blocks = format!(
        "kernel void k(void) {{ {} {} }}",
        "{".repeat(200),
        "}".repeat(200)
    );
    let _ = compile(&blocks);
    let conditions = format!(
        "kernel void k(global int *p, int a) {{ if ({}a{}) p[0] = 1; }}",
        "!(".repeat(depth / 2),
        ")".repeat(depth / 2)
    );
    let _ = compile(&conditions);
    let ifs = format!(
        "kernel void k(global int *p, int a) {{ {} p[0] = 1; }}",
        "if (a) ".repeat(depth)
    );
    let c = compile(&ifs);
    assert!(c.errors().is_empty(), "{:?}", c.error_ids());
    let dims = format!("kernel void k(void) {{ int a{}; }}", "[1]".repeat(20_000));
    let _ = compile(&dims);
}
