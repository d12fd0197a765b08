//! Unit tests of the parser: accepted constructs and their AST shapes,
//! error messages and spans, recovery, limits, literals, typedef tracking
//! and whole kernels.

mod constructs;
mod diagnostics;
mod kernels;
mod limits;
mod literals;
mod typedefs;

use crate::ast::*;
use crate::{parse, Parsed};
use oclc_diagnostics::{Diagnostic, SourceMap, Span};
use oclc_preprocessor::{preprocess, Config, FsLoader, Interner};

/// A parsed test input with what is needed to inspect it.
pub struct Parse {
    pub parsed: Parsed,
    pub sources: SourceMap,
    pub interner: Interner,
    pub pp_diagnostics: Vec<Diagnostic>,
}

impl Parse {
    /// The text a span covers.
    pub fn text(&self, span: Span) -> &str {
        self.sources.snippet(span)
    }

    /// An identifier's name.
    pub fn name(&self, ident: &Ident) -> &str {
        self.interner.get(ident.name)
    }

    /// The messages of all diagnostics.
    pub fn messages(&self) -> Vec<String> {
        self.parsed
            .diagnostics
            .iter()
            .map(|d| d.message.clone())
            .collect()
    }

    /// The single top-level item's function body statements.
    pub fn body(&self, item: usize) -> &[Stmt] {
        match &self.parsed.unit.items[item] {
            Item::Function(f) => &f.body.stmts,
            other => panic!("item {item} is not a function: {other:?}"),
        }
    }

    /// The declaration at top-level position `item`.
    pub fn decl(&self, item: usize) -> &Declaration {
        match &self.parsed.unit.items[item] {
            Item::Declaration(d) => d,
            other => panic!("item {item} is not a declaration: {other:?}"),
        }
    }
}

/// Preprocesses and parses `src` as the file `test.cl`.
pub fn parse_source(src: &str) -> Parse {
    let mut sources = SourceMap::new();
    let file = sources.add("test.cl", src);
    let pp = preprocess(&mut sources, file, &Config::default(), &FsLoader);
    let parsed = parse(&pp);
    Parse {
        parsed,
        sources,
        interner: pp.interner,
        pp_diagnostics: pp.diagnostics,
    }
}

/// Parses `src` and asserts there were no diagnostics at all.
pub fn parse_clean(src: &str) -> Parse {
    let p = parse_source(src);
    assert!(
        p.pp_diagnostics.is_empty(),
        "preprocessor diagnostics: {:?}",
        p.pp_diagnostics
    );
    assert!(
        p.parsed.diagnostics.is_empty(),
        "unexpected diagnostics for {src:?}: {:#?}",
        p.parsed.diagnostics
    );
    p
}

/// Parses `f(){ <stmt> }`-wrapped expression `expr` and returns it.
pub fn parse_expr(decls: &str, expr: &str) -> (Parse, Expr) {
    let src = format!("{decls}\nvoid f(void) {{ {expr}; }}");
    let p = parse_clean(&src);
    let last = p.parsed.unit.items.len() - 1;
    let e = match &p.body(last)[0].kind {
        StmtKind::Expr(e) => e.clone(),
        other => panic!("not an expression statement: {other:?}"),
    };
    (p, e)
}

/// A compact rendering of an expression for shape assertions:
/// `(+ a (* b c))`.
pub fn sexpr(p: &Parse, e: &Expr) -> String {
    match &e.kind {
        ExprKind::Ident(i) => p.name(i).to_string(),
        ExprKind::Literal(Literal::Int { value, .. }) => value.to_string(),
        ExprKind::Literal(Literal::Float { value, .. }) => format!("{value}"),
        ExprKind::Literal(Literal::Char(c)) => format!("'{c}'"),
        ExprKind::Literal(Literal::String(s)) => format!("{:?}", String::from_utf8_lossy(s)),
        ExprKind::Paren(inner) => format!("(paren {})", sexpr(p, inner)),
        ExprKind::Call(f, args) => {
            let mut s = format!("(call {}", sexpr(p, f));
            for a in args {
                s.push(' ');
                s.push_str(&sexpr(p, a));
            }
            s.push(')');
            s
        }
        ExprKind::Index(a, b) => format!("(index {} {})", sexpr(p, a), sexpr(p, b)),
        ExprKind::Member(a, m) => format!("(. {} {})", sexpr(p, a), p.name(m)),
        ExprKind::Arrow(a, m) => format!("(-> {} {})", sexpr(p, a), p.name(m)),
        ExprKind::Unary(op, a) => format!("({op:?} {})", sexpr(p, a)),
        ExprKind::Binary(op, a, b) => {
            format!("({} {} {})", op.as_str(), sexpr(p, a), sexpr(p, b))
        }
        ExprKind::Assign(op, a, b) => {
            let op = op.map_or("=".to_string(), |o| format!("{}=", o.as_str()));
            format!("({op} {} {})", sexpr(p, a), sexpr(p, b))
        }
        ExprKind::Conditional(c, a, b) => {
            format!("(? {} {} {})", sexpr(p, c), sexpr(p, a), sexpr(p, b))
        }
        ExprKind::Elvis(c, b) => format!("(?: {} {})", sexpr(p, c), sexpr(p, b)),
        ExprKind::StmtExpr(block) => format!("({{}} {})", block.stmts.len()),
        ExprKind::Cast(t, a) => format!("(cast {} {})", p.text(t.span), sexpr(p, a)),
        ExprKind::CompoundLiteral(t, items) => {
            format!("(compound {} {})", p.text(t.span), items.len())
        }
        ExprKind::SizeofExpr(a) => format!("(sizeof {})", sexpr(p, a)),
        ExprKind::SizeofType(t) => format!("(sizeof-type {})", p.text(t.span)),
        ExprKind::VecStepExpr(a) => format!("(vec_step {})", sexpr(p, a)),
        ExprKind::AsType(a, t) => format!("(astype {} {})", sexpr(p, a), p.text(t.span)),
        ExprKind::Generic(e, assocs) => {
            let assocs: Vec<String> = assocs
                .iter()
                .map(|a| {
                    let ty = a.ty.as_ref().map_or("default", |t| p.text(t.span));
                    format!("({ty} {})", sexpr(p, &a.expr))
                })
                .collect();
            format!("(generic {} {})", sexpr(p, e), assocs.join(" "))
        }
        ExprKind::VecStepType(t) => format!("(vec_step-type {})", p.text(t.span)),
        ExprKind::Offsetof(t, m, d) => {
            format!(
                "(offsetof {} {} {})",
                p.text(t.span),
                p.text(m.span),
                d.len()
            )
        }
        ExprKind::AlignofExpr(a) => format!("(alignof {})", sexpr(p, a)),
        ExprKind::AlignofType(t) => format!("(alignof-type {})", p.text(t.span)),
        ExprKind::Comma(a, b) => format!("(, {} {})", sexpr(p, a), sexpr(p, b)),
        ExprKind::Error => "<error>".to_string(),
    }
}
