//! Typedef names: recognised at any depth, scoped to their braces, and
//! shadowed by ordinary declarations.

use super::*;
use crate::lexer::lex;
use crate::token::Tok;
use oclc_preprocessor::{preprocess, Config, FsLoader};

/// For each identifier-like token in `src`, whether the lexer adapter
/// classified it as a type name (`T`) or an identifier (`i`), in order.
fn classes(src: &str) -> String {
    let mut sources = SourceMap::new();
    let file = sources.add("t.cl", src);
    let pp = preprocess(&mut sources, file, &Config::default(), &FsLoader);
    lex(&pp)
        .toks
        .iter()
        .filter_map(|t| match t {
            Tok::TypeName(n) if n.builtin.is_none() => Some('T'),
            Tok::Ident(_) => Some('i'),
            _ => None,
        })
        .collect()
}

#[test]
fn the_briefs_example() {
    let p = parse_source(
        "typedef int T; T x; typedef struct S { int a; } S; S s; \
         typedef int (*fp)(int x); typedef uint U4[4]; \
         void f(void) { typedef float F; F y; } F z;",
    );
    // Everything up to `F z` parses; `F` is out of scope there.
    assert_eq!(p.messages(), ["unknown type name `F`"]);
    let d = p.parsed.diagnostics[0].primary.as_ref().unwrap();
    assert_eq!(p.text(d.span), "F");
    assert!(matches!(p.decl(1).specs.ty, TypeSpec::Typedef(_)));
    assert!(matches!(p.decl(3).specs.ty, TypeSpec::Typedef(_)));
}

#[test]
fn declared_names_and_uses() {
    // typedef int T ; T x ;
    assert_eq!(classes("typedef int T; T x;"), "iTi");
    assert_eq!(classes("typedef int T; T x; x = (T)1;"), "iTiiT");
    // The tag after `struct` is not a type name; the declarator is.
    assert_eq!(
        classes("typedef struct S { int a; } S; S s; struct S t;"),
        "iiiTiii"
    );
    // A function-pointer typedef names the pointer, not the parameter.
    assert_eq!(classes("typedef int (*fp)(int x); fp g; x;"), "iiTii");
    assert_eq!(classes("typedef uint U4[N]; U4 v; N;"), "iiTii");
    assert_eq!(
        classes("typedef int A, *B, C[2]; A a; B b; C c;"),
        "iiiTiTiTi"
    );
    // Attributes name no declarations.
    assert_eq!(
        classes("typedef int __attribute__((aligned(N))) T; T t;"),
        "iiiTi"
    );
}

#[test]
fn block_typedefs_end_with_their_block() {
    assert_eq!(
        classes("void f(void) { typedef float F; F y; { F z; } } F w;"),
        "iiTiTiii"
    );
}

#[test]
fn ordinary_declarations_shadow_typedef_names() {
    // In the block, `T` is a variable; after it, a type again.
    assert_eq!(
        classes("typedef int T; void f(void) { float T = 1; T = 2; } T y;"),
        "iiiiTi"
    );
    // Parameters shadow within the function body only.
    assert_eq!(
        classes("typedef int T; void f(int T) { T = 1; } T y;"),
        "iiiiTi"
    );
    // Struct members do not leak.
    assert_eq!(
        classes("typedef int T; struct S { float T; }; T y;"),
        "iiiTi"
    );
    let p = parse_clean("typedef int T; void f(void) { float T = 1; T = 2; } T y;");
    assert_eq!(p.parsed.unit.items.len(), 3);
}

#[test]
fn casts_with_typedef_names_parse() {
    let p = parse_clean(
        "typedef float4 vec; typedef struct { int a; } Pair;\n\
         void f(global vec *v, Pair p) { vec x = (vec)(1.0f); int n = sizeof(Pair) + p.a; \
         x = (vec)v[0] * (float)n; }",
    );
    assert_eq!(p.parsed.unit.items.len(), 3);
}
