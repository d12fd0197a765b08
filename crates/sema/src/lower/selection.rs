//! C11's generic selection, `_Generic(e, T1: e1, …, default: d)`, which
//! clang accepts in OpenCL C: the value (or lvalue) of the association
//! whose type is the type of `e` after lvalue conversion (qualifiers
//! dropped, arrays decayed to pointers), else of `default`. Neither `e`
//! nor the other associations are evaluated, but all are checked.
//!
//! oclc does not distinguish `char` from `signed char`, so where both
//! are listed the first of them is chosen; clang would choose by the
//! exact type.

use oclc_diagnostics::{Diagnostic, Span};
use oclc_syntax::ast;

use super::{Lowerer, Value};
use crate::codes;

impl Lowerer<'_> {
    /// Lowers `_Generic(operand, assocs…)` spanning `span`.
    pub(crate) fn lower_generic(
        &mut self,
        operand: &ast::Expr,
        assocs: &[ast::GenericAssoc],
        span: Span,
    ) -> Value {
        // The controlling expression's type, from a lowering that is then
        // discarded: it is not evaluated.
        let mark = self.mark();
        let value = self.rvalue_expr(operand);
        let poisoned = self.is_poison(value);
        let controlling = self.ty_of(value);
        self.rewind(mark);
        if poisoned {
            return Value::R(self.poison(span));
        }
        let mut chosen = None;
        let mut default: Option<&ast::GenericAssoc> = None;
        for assoc in assocs {
            match &assoc.ty {
                None => {
                    if let Some(first) = default {
                        self.push_diag(
                            Diagnostic::new(
                                &codes::TYPE_MISMATCH,
                                "duplicate `default` association in `_Generic`",
                            )
                            .with_primary(assoc.span, "a second `default`")
                            .with_secondary(first.span, "the first is here"),
                        );
                        return Value::R(self.poison(span));
                    }
                    default = Some(assoc);
                }
                Some(type_name) => {
                    let Some(ty) = self.lower_type_name(type_name) else {
                        return Value::R(self.poison(span));
                    };
                    if chosen.is_none() && ty == controlling {
                        chosen = Some(assoc);
                    }
                }
            }
        }
        let chosen = chosen.or(default);
        // The other associations are checked, as clang checks them, but
        // not evaluated.
        for assoc in assocs {
            if !chosen.is_some_and(|c| std::ptr::eq(c, assoc)) {
                let mark = self.mark();
                self.lower_expr(&assoc.expr);
                self.rewind(mark);
            }
        }
        match chosen {
            Some(assoc) => self.lower_expr(&assoc.expr),
            None => {
                let name = self.type_name(controlling);
                self.report(
                    &codes::TYPE_MISMATCH,
                    format!(
                        "controlling expression type `{name}` is not compatible with any \
                         `_Generic` association"
                    ),
                    operand.span,
                    "no association for this type",
                );
                Value::R(self.poison(span))
            }
        }
    }
}
