//! E0414 `atomic-arithmetic`: an ordinary read, write or arithmetic
//! operator applied to an atomic object.
//!
//! **What it does.** Reports a read (`x`, `*p`), an assignment (`x = v`),
//! `++`/`--` and compound assignment (`x += v`) whose object has an atomic
//! type (`atomic_int`, …, `atomic_flag`), including the `=` initializer of
//! a function-scope atomic variable.
//!
//! **Why is this bad?** Unlike C11, where `x++` on an `_Atomic int` is a
//! sequentially consistent read-modify-write, OpenCL C supports no
//! operators on atomic types: every access to an atomic object must go
//! through a built-in atomic function, and using an operator is a
//! compilation error.
//!
//! **Example.**
//! ```c
//! kernel void count(global atomic_int *hits) {
//!     (*hits)++;                   // error[E0414]
//!     atomic_fetch_add(hits, 1);   // ok
//! }
//! ```
//!
//! **How to fix.** Call the atomic function that performs the access:
//!
//! | instead of       | write                                   |
//! |------------------|-----------------------------------------|
//! | `x` (a read)     | `atomic_load(&x)`                       |
//! | `x = v`          | `atomic_store(&x, v)`                   |
//! | `x++` / `x--`    | `atomic_fetch_add(&x, 1)` / `atomic_fetch_sub(&x, 1)` |
//! | `++x`            | `(atomic_fetch_add(&x, 1) + 1)`         |
//! | `x += v`         | `atomic_fetch_add(&x, v)` (also `-=`, `&=`, `\|=`, `^=`) |
//! | `atomic_int x = v;` | `atomic_int x; atomic_init(&x, v);` |
//!
//! Other compound assignments (`*=`, `/=`, `<<=`, …) have no atomic
//! function: write a loop around `atomic_compare_exchange_weak`. An
//! `atomic_flag` is used only through `atomic_flag_test_and_set` and
//! `atomic_flag_clear`. `atomic_init` and `ATOMIC_VAR_INIT` are the ways to
//! initialize an atomic object. Fixes are offered where the replacement
//! computes the same value (for `x = v` and `x += v` only when the result
//! is not used).
//!
//! **Spec.** OpenCL C 3.0 §6.15.12.10 (Restrictions), which excludes
//! operators on atomic types.

use super::support::{section, see, spelled};
use super::walk::StatementFacts;
use crate::Context;
use oclc_diagnostics::{Code, Diagnostic, Level, Span};
use oclc_ir::{BinaryOp, ExprId, ExprKind, Function, Module, Type};

/// E0414.
pub static CODE: Code = Code {
    id: "E0414",
    name: "atomic-arithmetic",
    default_level: Level::Deny,
    summary: "operators cannot be used on atomic objects; use the atomic functions",
    spec: Some("OpenCL C 3.0 §6.15.12.10"),
    explanation: rule_doc!("atomic_arithmetic"),
};

/// Reports `Load`/`Store`/`IncDec`/`CompoundAssign` expression `id` when it
/// accesses an atomic object.
pub(super) fn check(
    module: &Module,
    function: &Function,
    facts: &StatementFacts<'_>,
    cx: &Context<'_>,
    id: ExprId,
    out: &mut Vec<Diagnostic>,
) {
    let Some(expr) = function.exprs.get(id) else {
        return;
    };
    let pointer_id = match &expr.kind {
        ExprKind::Load(p)
        | ExprKind::Store { pointer: p, .. }
        | ExprKind::IncDec { pointer: p, .. }
        | ExprKind::CompoundAssign { pointer: p, .. } => *p,
        _ => return,
    };
    let Some(pointer) = function.exprs.get(pointer_id) else {
        return;
    };
    let Type::Pointer { pointee, .. } = module.types.get(pointer.ty) else {
        return;
    };
    let is_flag = match module.types.get(pointee) {
        Type::Atomic(_) => false,
        Type::AtomicFlag => true,
        _ => return,
    };
    let access = Access {
        cx,
        function,
        span: expr.span,
        discarded: facts.discarded(id),
    };
    let diagnostic = match &expr.kind {
        ExprKind::Load(_) => access.read(),
        ExprKind::Store { value, .. } => {
            let initializer = match pointer.kind {
                ExprKind::Local(local) => function
                    .locals
                    .get(local)
                    .is_some_and(|l| l.span.contains(expr.span) && l.span != expr.span),
                _ => false,
            };
            access.write(*value, initializer)
        }
        ExprKind::IncDec {
            increment, prefix, ..
        } => access.step(*increment, *prefix),
        ExprKind::CompoundAssign { op, value, .. } => access.compound(*op, *value),
        _ => return,
    };
    let diagnostic = if is_flag {
        Diagnostic {
            help: Some(oclc_diagnostics::Help {
                message: "use `atomic_flag_test_and_set` or `atomic_flag_clear`".to_owned(),
                edits: Vec::new(),
                applicability: oclc_diagnostics::Applicability::MaybeIncorrect,
            }),
            ..diagnostic
        }
    } else {
        diagnostic
    };
    out.push(diagnostic.with_note(see(section::RESTRICTIONS)));
}

/// One operator access to an atomic object.
struct Access<'a> {
    cx: &'a Context<'a>,
    function: &'a Function,
    /// The whole operator expression.
    span: Span,
    /// Whether its value is unused.
    discarded: bool,
}

impl Access<'_> {
    fn text(&self, span: Span) -> &str {
        spelled(self.cx, span, "")
    }

    fn value_span(&self, value: ExprId) -> Option<Span> {
        let span = self.function.exprs.get(value)?.span;
        (span.file == self.span.file && self.span.start < span.start && span.end <= self.span.end)
            .then_some(span)
    }

    /// The text of the object operand, left of an assignment operator
    /// ending where `value` starts, without the operator.
    fn target_before(&self, value: Span) -> Option<String> {
        let before = Span::new(self.span.file, self.span.start, value.start);
        let text = self.text(before).trim_end();
        let text = text.trim_end_matches(['=', '+', '-', '*', '/', '%', '&', '|', '^', '<', '>']);
        let text = text.trim();
        (!text.is_empty()).then(|| text.to_owned())
    }

    fn base(&self, message: &str, label: &str) -> Diagnostic {
        Diagnostic::new(&CODE, message).with_primary(self.span, label)
    }

    fn read(&self) -> Diagnostic {
        let diagnostic = self.base(
            "an atomic object cannot be read directly",
            "ordinary read of an atomic object",
        );
        let object = self.text(self.span).trim();
        if object.is_empty() {
            return diagnostic.with_help("use `atomic_load`");
        }
        let call = format!("atomic_load({})", address_of(object));
        diagnostic.with_fix(format!("use `{call}`"), self.span, call)
    }

    fn write(&self, value: ExprId, initializer: bool) -> Diagnostic {
        if initializer {
            let help = match self.value_span(value) {
                Some(v) => format!(
                    "declare the variable without an initializer and call `atomic_init(&variable, {})`",
                    self.text(v)
                ),
                None => "declare the variable without an initializer and call `atomic_init`"
                    .to_owned(),
            };
            return self
                .base(
                    "an atomic variable cannot be initialized with `=`",
                    "initializer of an atomic variable",
                )
                .with_help(help);
        }
        let diagnostic = self.base(
            "an atomic object cannot be assigned directly",
            "ordinary write of an atomic object",
        );
        let parts = self
            .value_span(value)
            .and_then(|v| Some((self.target_before(v)?, self.text(v).to_owned())));
        match parts {
            Some((object, value)) => {
                let call = format!("atomic_store({}, {value})", address_of(&object));
                if self.discarded {
                    diagnostic.with_fix(format!("use `{call}`"), self.span, call)
                } else {
                    diagnostic.with_help(format!("use `{call}`"))
                }
            }
            None => diagnostic.with_help("use `atomic_store`"),
        }
    }

    fn step(&self, increment: bool, prefix: bool) -> Diagnostic {
        let (operator, function) = if increment {
            ("++", "atomic_fetch_add")
        } else {
            ("--", "atomic_fetch_sub")
        };
        let diagnostic = self.base(
            &format!("`{operator}` cannot be applied to an atomic object"),
            "operator on an atomic object",
        );
        let text = self.text(self.span).trim();
        let object = if prefix {
            text.strip_prefix(operator)
        } else {
            text.strip_suffix(operator)
        }
        .map(str::trim)
        .filter(|o| !o.is_empty());
        let Some(object) = object else {
            return diagnostic.with_help(format!("use `{function}`"));
        };
        let call = format!("{function}({}, 1)", address_of(object));
        // The fetch functions return the old value: postfix semantics.
        let call = if prefix && !self.discarded {
            let sign = if increment { '+' } else { '-' };
            format!("({call} {sign} 1)")
        } else {
            call
        };
        diagnostic.with_fix(format!("use `{call}`"), self.span, call)
    }

    fn compound(&self, op: BinaryOp, value: ExprId) -> Diagnostic {
        let function = match op {
            BinaryOp::Add => Some("atomic_fetch_add"),
            BinaryOp::Sub => Some("atomic_fetch_sub"),
            BinaryOp::BitAnd => Some("atomic_fetch_and"),
            BinaryOp::BitOr => Some("atomic_fetch_or"),
            BinaryOp::BitXor => Some("atomic_fetch_xor"),
            _ => None,
        };
        let diagnostic = self.base(
            "compound assignment cannot be applied to an atomic object",
            "operator on an atomic object",
        );
        let Some(function) = function else {
            return diagnostic.with_help(
                "no atomic function performs this operation; use a loop around \
                 `atomic_compare_exchange_weak`",
            );
        };
        let parts = self
            .value_span(value)
            .and_then(|v| Some((self.target_before(v)?, self.text(v).to_owned())));
        match parts {
            Some((object, value)) => {
                let call = format!("{function}({}, {value})", address_of(&object));
                if self.discarded {
                    diagnostic.with_fix(format!("use `{call}`"), self.span, call)
                } else {
                    diagnostic.with_help(format!(
                        "use `{call}`, which returns the value before the operation"
                    ))
                }
            }
            None => diagnostic.with_help(format!("use `{function}`")),
        }
    }
}

/// `&object`, or `p` for `*p` and `(*p)` (since `&*p` is `p`).
fn address_of(object: &str) -> String {
    let object = strip_parentheses(object);
    match object.strip_prefix('*') {
        Some(pointer) if !pointer.trim().is_empty() => pointer.trim().to_owned(),
        _ => format!("&{object}"),
    }
}

/// `text` without parentheses that enclose all of it.
fn strip_parentheses(mut text: &str) -> &str {
    loop {
        let trimmed = text.trim();
        let Some(inner) = trimmed.strip_prefix('(').and_then(|t| t.strip_suffix(')')) else {
            return trimmed;
        };
        // The first `(` must close at the very end: `(a) + (b)` is not
        // enclosed.
        let mut depth = 0i32;
        for c in inner.chars() {
            match c {
                '(' => depth += 1,
                ')' => depth -= 1,
                _ => {}
            }
            if depth < 0 {
                return trimmed;
            }
        }
        text = inner;
    }
}

#[cfg(test)]
mod tests {
    use super::address_of;

    #[test]
    fn address_of_strips_one_dereference() {
        assert_eq!(address_of("x"), "&x");
        assert_eq!(address_of("*p"), "p");
        assert_eq!(address_of("*(p + 1)"), "(p + 1)");
        assert_eq!(address_of("s.a"), "&s.a");
        assert_eq!(address_of("p[3]"), "&p[3]");
        assert_eq!(address_of("(*p)"), "p");
        assert_eq!(address_of("((x))"), "&x");
        assert_eq!(address_of("(a)[0]"), "&(a)[0]");
    }
}
