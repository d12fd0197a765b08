//! Calls: user functions (argument count and conversions, call-graph
//! edges for the recursion check) and dispatch to the built-in table in
//! [`crate::builtins`].

use oclc_diagnostics::{Diagnostic, Span};
use oclc_ir::{ExprId, ExprKind};
use oclc_syntax::ast::{self, ExprKind as AstKind};

use super::Lowerer;
use crate::builtins;
use crate::codes;
use crate::scope::Binding;

impl Lowerer<'_> {
    /// Lowers `callee(args)`.
    pub(crate) fn lower_call(
        &mut self,
        callee: &ast::Expr,
        args: &[ast::Expr],
        span: Span,
    ) -> ExprId {
        let AstKind::Ident(ident) = callee.strip_parens().kind else {
            let _ = self.rvalue_expr(callee);
            self.report(
                &codes::NOT_CALLABLE,
                "called object is not a function (function pointers are not supported by oclc yet)"
                    .to_string(),
                callee.span,
                "not a function name",
            );
            return self.poison(span);
        };
        match self.scopes.lookup(ident.name) {
            Some(Binding::Function(id)) => self.call_user_function(id, ident, args, span),
            Some(_) => {
                let name = self.text(ident.name);
                self.report(
                    &codes::NOT_CALLABLE,
                    format!("called object `{name}` is not a function"),
                    ident.span,
                    "not a function",
                );
                self.poison(span)
            }
            None => {
                let name = self.text(ident.name);
                if let Some(id) = builtins::lower_call(self, name, ident.span, args, span) {
                    return id;
                }
                for arg in args {
                    let _ = self.rvalue_expr(arg);
                }
                self.report_undeclared(ident, "call to undeclared function");
                self.poison(span)
            }
        }
    }

    fn call_user_function(
        &mut self,
        id: oclc_ir::FunctionId,
        ident: ast::Ident,
        args: &[ast::Expr],
        span: Span,
    ) -> ExprId {
        let Some(sig) = self.sigs.get(id.0 as usize).cloned() else {
            return self.poison(span);
        };
        let values: Vec<ExprId> = args.iter().map(|a| self.rvalue_expr(a)).collect();
        if values.len() != sig.params.len() {
            let which = if values.len() > sig.params.len() {
                "many"
            } else {
                "few"
            };
            self.push_diag(
                Diagnostic::new(
                    &codes::ARGUMENT_COUNT,
                    format!(
                        "too {which} arguments to function call, expected {}, have {}",
                        sig.params.len(),
                        values.len()
                    ),
                )
                .with_primary(span, format!("`{}` called here", sig.name))
                .with_secondary(sig.span, "declared here"),
            );
            return self.poison(span);
        }
        let mut converted = Vec::with_capacity(values.len());
        for ((value, &param), arg) in values.into_iter().zip(&sig.params).zip(args) {
            converted.push(self.convert_for_assignment(value, param, "passing", arg.span));
        }
        if converted.iter().any(|&c| self.is_poison(c)) {
            return self.poison(span);
        }
        if let Some(caller) = self.func.as_ref().map(|f| f.id) {
            self.calls.push((caller, id, ident.span));
        }
        self.push(ExprKind::Call(id, converted), sig.ret, span)
    }
}
